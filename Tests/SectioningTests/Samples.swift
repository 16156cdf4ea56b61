import Foundation
import PlistKit
import Testing

/// The repository's `Samples/` folder, found from this file so tests run from any checkout.
enum Samples {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples")

  /// Reads a sample with Foundation (an independent reader) as plain Swift values.
  static func foundationValue(_ name: String) throws -> Any {
    let data = try Data(contentsOf: folder.appendingPathComponent(name))
    return try PropertyListSerialization.propertyList(from: data, format: nil)
  }

  /// `sortednames.plist` as title → names.
  static func sortedNames() throws -> [String: [String]] {
    try #require(foundationValue("sortednames.plist") as? [String: [String]])
  }

  /// `sortednames.plist` as a property-list value, in the file's key order.
  static func sortedNamesValue() throws -> PropertyList {
    let names = try sortedNames()
    var dictionary = PropertyListDictionary()
    for key in names.keys.sorted() { dictionary[key] = .array(names[key]!.map { .string($0) }) }
    return .dictionary(dictionary)
  }
}

extension Samples {
  /// A sample read by Foundation and turned into a property-list value (strings, arrays and
  /// dictionaries: what the book's samples hold), keys in sorted order.
  static func value(_ name: String) throws -> PropertyList {
    try convert(foundationValue(name))
  }

  private static func convert(_ value: Any) throws -> PropertyList {
    switch value {
    case let string as String: return .string(string)
    case let array as [Any]: return .array(try array.map(convert))
    case let dictionary as [String: Any]:
      var result = PropertyListDictionary()
      for key in dictionary.keys.sorted() { result[key] = try convert(dictionary[key]!) }
      return .dictionary(result)
    default:
      Issue.record("unexpected value \(value) in a sample")
      return .boolean(false)
    }
  }
}

extension Samples {
  /// A sample read by PlistKit's own reader; nil while the reader for its format cannot read it.
  static func plistKitValue(_ name: String) -> PropertyList? {
    guard let data = try? Data(contentsOf: folder.appendingPathComponent(name)) else { return nil }
    return try? PropertyList(bytes: [UInt8](data))
  }
}
