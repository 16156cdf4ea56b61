import Foundation
import KeyedArchive
import PlistCoding
import PlistKit
import Testing

/// The forms a Foundation user reaches for: `Data` results and inputs, file URLs.
@Suite("Data and URL forms")
struct FoundationConvenienceTests {
  struct Person: Codable, Equatable {
    var name: String
    var age: Int
  }

  static let people = [Person(name: "Ada", age: 36), Person(name: "Alan", age: 41)]

  /// A folder of its own under the system's temporary folder, for one test.
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appending(path: "plistcoding-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("encode gives [UInt8] where either would do, Data where Data is asked for; the bytes are the same")
  func encodeResults() throws {
    for format in [PropertyListFormat.xml, .binary, .json, .openStep] {
      let encoder = PlistEncoder(outputFormat: format)
      let inferred = try encoder.encode(Self.people)
      #expect(type(of: inferred) == [UInt8].self)
      let data: Data = try encoder.encode(Self.people)
      #expect([UInt8](data) == inferred)
      #expect(try PlistDecoder().decode([Person].self, from: data) == Self.people)
    }
    let archive = try KeyedArchiveEncoder().encode(Self.people, forKey: "people")
    #expect(type(of: archive) == [UInt8].self)
    let archiveData: Data = try KeyedArchiveEncoder().encode(Self.people, forKey: "people")
    #expect([UInt8](archiveData) == archive)
    #expect(try KeyedArchiveDecoder().decode([Person].self, from: archiveData, forKey: "people") == Self.people)
  }

  @Test("the Foundation habit: encode, write the Data to a URL, read it back")
  func writeAndRead() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "people.plist")
    let encoder = PlistEncoder()
    encoder.outputFormat = .xml
    try encoder.encode(Self.people).write(to: file)
    #expect(try PlistDecoder().decode([Person].self, from: Data(contentsOf: file)) == Self.people)
    let value = try PropertyList(contentsOf: file)
    #expect(value == [["name": "Ada", "age": 36], ["name": "Alan", "age": 41]])
    #expect(try PropertyList(contentsOf: file, format: .xml) == value)
  }

  @Test("a PropertyList reads from and writes to file URLs, and serializes to Data")
  func propertyListURLs() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let value: PropertyList = ["name": "Ada", "tags": ["a", "b"]]
    // A name with a space and a percent sign: the URL's path, not its percent-encoded form.
    let file = folder.appending(path: "a 100% file.plist")
    try value.write(to: file, as: .binary)
    #expect(FileManager.default.fileExists(atPath: folder.path + "/a 100% file.plist"))
    #expect(try PropertyList(contentsOf: file) == value)
    #expect(try [UInt8](value.serializedData(as: .json)) == value.serialized(as: .json))
    #expect(try PropertyList(bytes: value.serializedData(as: .openStep)) == value)
  }

  @Test("a URL that is not a file is refused, and a missing file names its path")
  func refusedURLs() throws {
    let remote = try #require(URL(string: "https://example.com/Info.plist"))
    let refused = #expect(throws: PropertyListError.self) { try PropertyList(contentsOf: remote) }
    #expect(refused?.kind == .io)
    #expect(
      refused?.message == "https://example.com/Info.plist is not a file URL; only files are read and written")
    #expect(throws: PropertyListError.self) { try PropertyList.array(["a"]).write(to: remote, as: .xml) }
    let missing = URL(filePath: "/nonexistent/plistkit/Info.plist")
    let error = #expect(throws: PropertyListError.self) { try PropertyList(contentsOf: missing) }
    #expect(error?.kind == .io)
    #expect(error?.description.contains("/nonexistent/plistkit/Info.plist") == true)
  }
}
