import Foundation
import KeyedArchive
import PlistCoding
import PlistKit
import Testing

/// Coders shared as Foundation's are: `Sendable`, kept in globals and used from many tasks at
/// once, each call running with the settings it started with.
@Suite("Shared coders")
struct SharedCoderTests {
  struct Record: Codable, Equatable {
    var name: String
    var index: Int
  }

  /// Globals of a Swift 6 module: they compile only because the coders are `Sendable`.
  static let decoder = PlistDecoder()
  static let encoder = PlistEncoder(outputFormat: .xml)
  static let archiveDecoder = KeyedArchiveDecoder()
  static let archiveEncoder = KeyedArchiveEncoder()

  static func records(_ count: Int) -> [Record] { (0..<count).map { Record(name: "r\($0)", index: $0) } }

  @Test("one encoder and one decoder, used from many tasks at once, give every task its own result")
  func concurrentUse() async throws {
    let results = try await withThrowingTaskGroup(of: (Int, [Record], [Record]).self) { group in
      for task in 0..<8 {
        group.addTask {
          let records = Self.records(task * 10)
          let bytes: [UInt8] = try Self.encoder.encode(records)
          let archive: Data = try Self.archiveEncoder.encode(records)
          return (
            task, try Self.decoder.decode([Record].self, from: bytes),
            try Self.archiveDecoder.decode([Record].self, from: archive)
          )
        }
      }
      return try await group.reduce(into: [:]) { $0[$1.0] = ($1.1, $1.2) }
    }
    #expect(results.count == 8)
    for (task, decoded) in results {
      #expect(decoded.0 == Self.records(task * 10))
      #expect(decoded.1 == Self.records(task * 10))
    }
  }

  /// Reads the decoder's `userInfo` on its way, and changes the decoder's settings while the
  /// decoding is in progress.
  struct Meddler: Decodable {
    static let decoderKey = CodingUserInfoKey(rawValue: "decoder")!
    static let tagKey = CodingUserInfoKey(rawValue: "tag")!
    var tags: [String]

    init(from decoder: any Decoder) throws {
      let shared = try #require(decoder.userInfo[Self.decoderKey] as? PlistDecoder)
      var container = try decoder.unkeyedContainer()
      var tags: [String] = []
      while !container.isAtEnd {
        _ = try container.decode(Int.self)
        tags.append(decoder.userInfo[Self.tagKey] as? String ?? "none")
        shared.userInfo[Self.tagKey] = "changed"
      }
      self.tags = tags
    }
  }

  @Test("a decoding reads the settings once: a change made while it runs applies to the next call")
  func settingsAreReadOnce() throws {
    let decoder = PlistDecoder()
    decoder.userInfo = [Meddler.tagKey: "first"]
    decoder.userInfo[Meddler.decoderKey] = decoder
    let bytes = try PlistEncoder().encode([1, 2, 3]) as [UInt8]
    #expect(try decoder.decode(Meddler.self, from: bytes).tags == ["first", "first", "first"])
    #expect(try decoder.decode(Meddler.self, from: bytes).tags == ["changed", "changed", "changed"])
  }

  @Test("settings set one by one read back, and each call uses them")
  func settingsReadBack() throws {
    let encoder = PlistEncoder()
    #expect(encoder.outputFormat == .binary)
    encoder.outputFormat = .json
    encoder.writingOptions.jsonStyle = .typed
    encoder.maximumDepth = 1
    #expect(encoder.outputFormat == .json)
    #expect(encoder.writingOptions.jsonStyle == .typed)
    #expect(throws: EncodingError.self) { try encoder.encode([[1]]) as [UInt8] }
    encoder.maximumDepth = 8
    var typed = PlistEncoder.defaultWritingOptions
    typed.jsonStyle = .typed
    let expected = try PropertyList.array([.data([0xFF])]).serialized(as: .json, options: typed)
    #expect(try encoder.encode([Data([0xFF])]) as [UInt8] == expected)
    #expect(expected != (try PropertyList.array([.data([0xFF])]).serialized(as: .json)))

    let archiveDecoder = KeyedArchiveDecoder()
    archiveDecoder.limits.maximumDepth = 3
    archiveDecoder.policy = .permissive
    archiveDecoder.readingOptions.limits.maximumDepth = 4
    #expect(archiveDecoder.limits.maximumDepth == 3)
    #expect(archiveDecoder.readingOptions.limits.maximumDepth == 4)
    let archiveEncoder = KeyedArchiveEncoder()
    archiveEncoder.encodesMutableCollections = true
    archiveEncoder.outputFormat = .xml
    let archive = String(decoding: try archiveEncoder.encode(["a"]) as [UInt8], as: UTF8.self)
    #expect(archive.hasPrefix("<?xml"))
    #expect(archive.contains("<string>NSMutableArray</string>"))
  }
}
