import Foundation
import KeyedArchive
import PlistKit

/// Paths of the shipped files and small helpers shared by the suites.
enum Samples {
  /// The project's root folder.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  /// The bytes of a file in `Samples/`.
  static func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: root + "/Samples/" + name)))
  }

  /// The bytes of a file in this target's `Fixtures/`.
  static func fixture(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: root + "/Tests/KeyedArchiveTests/Fixtures/" + name)))
  }

  /// The book's archive as a property list.
  static func presidentsArchive() throws -> PropertyList {
    try PropertyList(bytes: bytes("Presidents.plist"))
  }

  /// An archive property list from its parts; `$objects` entries as given.
  static func archive(top: PropertyList = ["root": .uid(1)], objects: [PropertyList]) -> PropertyList {
    ["$archiver": "NSKeyedArchiver", "$version": 100000, "$top": top, "$objects": .array(objects)]
  }

  /// A class dictionary.
  static func classDictionary(_ chain: String...) -> PropertyList {
    ["$classname": .string(chain[0]), "$classes": .array(chain.map { .string($0) })]
  }

  /// True when PlistKit can write `format` (tests of byte output wait for its writer).
  static func canWrite(_ format: PropertyListFormat) -> Bool {
    (try? PropertyList.array([1]).serialized(as: format)) != nil
  }

  /// The error thrown by `body`, or nil.
  static func error<T>(_ body: () throws(KeyedArchiveError) -> T) -> KeyedArchiveError? {
    do {
      _ = try body()
      return nil
    } catch {
      return error
    }
  }
}
