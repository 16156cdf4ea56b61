import BookModels
import Foundation
import KeyedArchive
import PlistCoding
import PlistKit
import Testing

/// The Codable example of the README and of the Codable guide, run as written.
@Suite("documented Codable examples")
struct DocumentationExampleTests {
  @Test("the presidents in three lines, one edited, archived back; Foundation reads the archive")
  func presidents() throws {
    let bytes = try PropertyListFile.read(path: Samples.root + "/Samples/Presidents.plist")
    var presidents = try KeyedArchiveDecoder().decode([President].self, from: bytes, forKey: "Presidents")
    presidents[42].toYear = "2009"
    let archive: [UInt8] = try KeyedArchiveEncoder().encode(presidents, forKey: "Presidents")

    #expect(presidents.count == 43)
    let read = try #require(try FoundationArchives.unarchive(archive, forKey: "Presidents") as? [Any])
    let names = read.compactMap { $0 as? NSPresident }.map { "\($0.name) \($0.toYear)" }
    #expect(names.count == 43)
    #expect(names.last == "George Walker Bush 2009")
    let mutable = try KeyedArchiveEncoder(encodesMutableCollections: true).encode(presidents, forKey: "Presidents")
    #expect(mutable == (try President.archive(presidents).archivedBytes(format: .binary)))
  }

  @Test("the README and the Codable guide show the example this suite runs")
  func documentsShowTheExample() throws {
    let example = """
      let bytes = try PropertyListFile.read(path: "Samples/Presidents.plist")
      var presidents = try KeyedArchiveDecoder().decode([President].self, from: bytes, forKey: "Presidents")
      presidents[42].toYear = "2009"
      let archive: [UInt8] = try KeyedArchiveEncoder().encode(presidents, forKey: "Presidents")
      """
    for document in ["README.md", "Documentation/codable.md"] {
      let text = try String(contentsOfFile: Samples.root + "/" + document, encoding: .utf8)
      #expect(text.contains("import PlistKit\n\n" + example + "\n```\n"), "\(document)")
    }
  }

  @Test("the error the Codable guide quotes")
  func error() throws {
    struct Misread: Decodable, KeyedArchivable {
      static let archivedClassNames = ["President", "NSObject"]
      var name: Int
      enum CodingKeys: String, CodingKey { case name = "Name" }
    }
    let bytes = try PropertyListFile.read(path: Samples.root + "/Samples/Presidents.plist")
    #expect {
      try KeyedArchiveDecoder().decode([Misread].self, from: bytes, forKey: "Presidents")
    } throws: { error in
      guard case DecodingError.typeMismatch(_, let context) = error else { return false }
      return context.debugDescription
        == "Presidents.0.Name: expected to decode Int but found a string \"George Washington\" instead"
    }
  }
}
