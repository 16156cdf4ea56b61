import Foundation
import KeyedArchive
import PlistKit

/// One exact, order-independent text for a decoded object graph, whoever decoded it, so that
/// Foundation's objects, PlistKit's Swift values and the random model compare as equal texts:
/// strings by their scalars (not canonical equivalence), reals and dates by their bits (every
/// NaN as one: Foundation's NSNumber keeps no NaN payload), dictionaries and sets sorted.
enum ArchiveValueText {
  struct Unexpected: Error, CustomStringConvertible {
    var description: String
  }

  // MARK: - The model

  /// The text of what a model node should decode to.
  ///
  /// Foundation on Linux bridges an NSURL inside an NSArray, NSDictionary or NSSet to a Swift
  /// `URL` and back, and that keeps only the resolved URL: its archiver writes such a URL
  /// without its base, and its decoded collections hand it out without one. So a URL with a
  /// base is expected as its absolute form (resolved by Foundation) when it is `nested`.
  static func of(_ node: ArchiveNode, nested: Bool = false) -> String {
    switch node.content {
    case .url(let relative, let base?) where nested:
      return url(URL(string: relative, relativeTo: URL(string: base)!)!.absoluteString, base: nil)
    case .string(let string): return text(string)
    case .integer(let integer): return "int \(integer)"
    case .real(let real): return text(real: real)
    case .boolean(let bool): return "bool \(bool)"
    case .data(let bytes): return text(bytes: bytes)
    case .date(let seconds): return "date \(bits(seconds))"
    case .null: return "null"
    case .uuid(let bytes): return "uuid " + text(bytes: bytes)
    case .url(let relative, let base): return url(relative, base: base.map { url($0, base: nil) })
    case .array(let elements, _): return array(elements.map { of($0, nested: true) })
    case .dictionary(let entries, _): return dictionary(entries.map { (text($0.key), of($0.value, nested: true)) })
    case .set(let elements): return set(elements.map { of($0, nested: true) })
    }
  }

  // MARK: - Foundation's objects

  /// The text of an object Foundation's NSKeyedUnarchiver returned. On Linux it hands out
  /// bridged Swift values (`String`, `[Any]`, `Data`...) as often as `NS` objects: both are
  /// accepted.
  static func ofFoundation(_ object: Any) throws -> String {
    if object is NSNull { return "null" }
    if let string = object as? String { return text(string) }
    if type(of: object) == Bool.self { return "bool \(object as! Bool)" }
    if let number = object as? NSNumber {
      switch String(cString: number.objCType) {
      // Booleans are the only char-typed numbers these graphs hold.
      case "c", "B": return "bool \(number.boolValue)"
      case "d", "f": return text(real: number.doubleValue)
      case "Q", "L", "I", "S", "C": return "int \(number.uint64Value)"
      default: return "int \(number.int64Value)"
      }
    }
    if let data = object as? Data { return text(bytes: [UInt8](data)) }
    if let date = object as? Date { return "date \(bits(date.timeIntervalSinceReferenceDate))" }
    if let uuid = object as? UUID { return "uuid " + text(bytes: withUnsafeBytes(of: uuid.uuid) { Array($0) }) }
    if let url = object as? NSURL, let relative = url.relativeString as String? {
      return self.url(relative, base: url.baseURL.map { self.url($0.relativeString, base: nil) })
    }
    if let url = object as? URL {
      return self.url(url.relativeString, base: url.baseURL.map { self.url($0.relativeString, base: nil) })
    }
    if let dictionary = object as? NSDictionary {
      var entries: [(String, String)] = []
      for (key, value) in dictionary {
        guard let key = key as? String else { throw Unexpected(description: "a key of type \(type(of: key))") }
        entries.append((text(key), try ofFoundation(value)))
      }
      return self.dictionary(entries)
    }
    if let set = object as? NSSet { return self.set(try set.allObjects.map(ofFoundation)) }
    if let array = object as? NSArray { return self.array(try array.map(ofFoundation)) }
    throw Unexpected(description: "Foundation returned a \(type(of: object))")
  }

  // MARK: - PlistKit's values

  /// The text of a value PlistKit's KeyedUnarchiver returned (the Swift forms its built-in
  /// classes decode to).
  static func ofPlistKit(_ value: Any) throws -> String {
    switch value {
    case let string as String: return text(string)
    case let bool as Bool where type(of: value) == Bool.self: return "bool \(bool)"
    case let integer as Int64 where type(of: value) == Int64.self: return "int \(integer)"
    case let integer as UInt64 where type(of: value) == UInt64.self: return "int \(integer)"
    case let real as Double where type(of: value) == Double.self: return text(real: real)
    case let bytes as [UInt8] where type(of: value) == [UInt8].self: return text(bytes: bytes)
    case let date as PropertyListDate: return "date \(bits(date.secondsSinceReferenceDate))"
    case is ArchivedNull: return "null"
    case let uuid as ArchivedUUID: return "uuid " + text(bytes: uuid.bytes)
    case let url as ArchivedURL: return text(url: url)
    case let set as Set<AnyHashable>: return self.set(try set.map { try ofPlistKit($0.base) })
    case let dictionary as [AnyHashable: Any]:
      var entries: [(String, String)] = []
      for (key, element) in dictionary {
        guard let key = key.base as? String else {
          throw Unexpected(description: "a key of type \(type(of: key.base))")
        }
        entries.append((text(key), try ofPlistKit(element)))
      }
      return self.dictionary(entries)
    case let array as [Any]: return self.array(try array.map(ofPlistKit))
    default: throw Unexpected(description: "PlistKit returned a \(type(of: value))")
    }
  }

  private static func text(url: ArchivedURL) -> String {
    self.url(url.relative, base: url.base.map { text(url: $0.url) })
  }

  // MARK: - Pieces

  /// A string as its scalars: printable ASCII as is, everything else as `\u{X}`.
  static func text(_ string: String) -> String {
    var result = "\""
    for scalar in string.unicodeScalars {
      if (0x20...0x7E).contains(scalar.value), scalar != "\\", scalar != "\"" {
        result.unicodeScalars.append(scalar)
      } else {
        result += "\\u{\(String(scalar.value, radix: 16))}"
      }
    }
    return result + "\""
  }

  private static func bits(_ value: Double) -> String { String(value.bitPattern, radix: 16) }

  private static func text(real: Double) -> String { real.isNaN ? "real nan" : "real \(bits(real))" }

  private static func text(bytes: [UInt8]) -> String {
    "data " + bytes.map { String($0, radix: 16) }.joined(separator: ":")
  }

  private static func url(_ relative: String, base: String?) -> String {
    "url(\(text(relative)), base: \(base ?? "none"))"
  }

  private static func array(_ elements: [String]) -> String { "[" + elements.joined(separator: ", ") + "]" }

  /// Sorted by bytes: `String`'s `<` would order canonically equivalent texts arbitrarily, but
  /// these texts are ASCII.
  private static func sorted(_ texts: [String]) -> [String] {
    texts.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  private static func dictionary(_ entries: [(String, String)]) -> String {
    "{" + sorted(entries.map { "\($0.0): \($0.1)" }).joined(separator: ", ") + "}"
  }

  private static func set(_ elements: [String]) -> String { "set{" + sorted(elements).joined(separator: ", ") + "}" }
}
