import Foundation
import PlistKit

/// Foundation's `PropertyListSerialization`, as a peer to compare PlistKit with.
enum FoundationPeer {
  /// Reads a plist with Foundation and converts the result to a `PropertyList`.
  static func read(_ bytes: [UInt8]) throws -> PropertyList {
    let object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
    return try convert(object)
  }

  /// Writes a value with Foundation. UIDs cannot be made through Foundation's public API.
  static func write(_ value: PropertyList, format: PropertyListSerialization.PropertyListFormat) throws -> [UInt8] {
    [UInt8](try PropertyListSerialization.data(fromPropertyList: foundationObject(value), format: format, options: 0))
  }

  struct Unsupported: Error, CustomStringConvertible {
    var description: String
  }

  static func convert(_ object: Any) throws -> PropertyList {
    switch object {
    case let string as String: return .string(string)
    // An NSNumber 0 or 1 also casts to Bool; only a real Bool is a boolean.
    case let bool as Bool where type(of: object) == Bool.self: return .boolean(bool)
    case let date as Date:
      return .date(PropertyListDate(secondsSinceReferenceDate: date.timeIntervalSinceReferenceDate))
    case let data as Data: return .data([UInt8](data))
    case let number as NSNumber:
      switch String(cString: number.objCType) {
      case "d", "f": return .real(number.doubleValue)
      case "Q", "L", "I", "S", "C": return .integer(number.uint64Value)
      default: return .integer(number.int64Value)
      }
    case let array as [Any]: return .array(try array.map(convert))
    case let dictionary as [String: Any]:
      var result = PropertyListDictionary()
      for (key, value) in dictionary { result[key] = try convert(value) }
      return .dictionary(result)
    default:
      let name = String(describing: type(of: object))
      if name.contains("KeyedArchiverUID"),
        let value = Mirror(reflecting: object).children.first(where: { $0.label == "value" })?.value
      {
        if let number = value as? UInt32 { return .uid(UInt64(number)) }
        if let number = value as? UInt64 { return .uid(number) }
        if let number = value as? Int { return .uid(UInt64(number)) }
      }
      throw Unsupported(description: "Foundation returned a \(name)")
    }
  }

  static func foundationObject(_ value: PropertyList) throws -> Any {
    switch value {
    case .string(let string): return string
    case .integer(let integer):
      if let signed = integer.int64Value { return NSNumber(value: signed) }
      return NSNumber(value: integer.uint64Value!)
    case .real(let real): return NSNumber(value: real)
    case .boolean(let bool): return bool
    case .date(let date): return Date(timeIntervalSinceReferenceDate: date.secondsSinceReferenceDate)
    case .data(let bytes): return Data(bytes)
    case .array(let array): return try array.map(foundationObject)
    case .dictionary(let dictionary):
      var result: [String: Any] = [:]
      for (key, value) in dictionary { result[key] = try foundationObject(value) }
      return result
    case .uid: throw Unsupported(description: "Foundation has no public way to make a UID")
    }
  }
}
