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

  /// An archive whose root is an NSArray holding the level below twice, `levels` deep: 2^levels
  /// leaves as a tree, from a few dozen objects.
  static func sharingBombArchive(levels: Int) -> PropertyList {
    var objects: [PropertyList] = ["$null", classDictionary("NSArray", "NSObject"), "leaf"]
    for level in 0..<levels {
      let below = UInt64(level == 0 ? 2 : objects.count - 1)
      objects.append(["$class": .uid(1), "NS.objects": [.uid(below), .uid(below)]])
    }
    return archive(top: ["root": .uid(UInt64(objects.count - 1))], objects: objects)
  }

  /// A class dictionary.
  static func classDictionary(_ chain: String...) -> PropertyList {
    ["$classname": .string(chain[0]), "$classes": .array(chain.map { .string($0) })]
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
