import FoundationEssentials
import PlistKit

/// A property list as a Codable value, for the routes through a Codable encoder and decoder.
///
/// It encodes each scalar as the Swift type a coder writes as that kind (`String`, `Int64`, or
/// `UInt64` above `Int64.max`, `Double`, `Bool`, `Date`, `Data`), an array as an unkeyed
/// container and a dictionary as a keyed one under its exact keys, in order. A UID has no
/// Codable form, and encoding one throws.
///
/// A Codable decoder does not say what kind a value is, so decoding is guided: the value
/// expected is given in `userInfo` under ``guideKey``, and the decoder is asked for each part
/// as the guide's kind (a string `$null`, which the coders read as `nil`, must be refused as a
/// string with `valueNotFound` and taken as `nil`). The result is what the decoder gave, to be
/// compared with the guide.
public struct CodablePropertyList: Codable, Sendable {
  /// The value.
  public var value: PropertyList

  /// Wraps `value`.
  public init(_ value: PropertyList) { self.value = value }

  /// The `userInfo` key of the value a decoding expects.
  public static let guideKey = CodingUserInfoKey(rawValue: "PropertyListRoutes.guide")!

  /// The string the coders write for `nil` in a container, and read as `nil`.
  static let null = "$null"

  /// A dictionary key, kept exactly.
  struct Key: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// Why a guided decoding gave up: the decoder's answer does not fit the guide.
  struct Mismatch: Error, CustomStringConvertible {
    let description: String
  }

  public func encode(to encoder: any Encoder) throws {
    switch value {
    case .array(let elements):
      var container = encoder.unkeyedContainer()
      for element in elements { try container.encode(CodablePropertyList(element)) }
    case .dictionary(let dictionary):
      var container = encoder.container(keyedBy: Key.self)
      for (key, element) in dictionary { try container.encode(CodablePropertyList(element), forKey: Key(key)) }
    case .string(let string):
      var container = encoder.singleValueContainer()
      try container.encode(string)
    case .integer(let integer):
      var container = encoder.singleValueContainer()
      if let signed = integer.int64Value {
        try container.encode(signed)
      } else {
        try container.encode(integer.bitPattern)
      }
    case .real(let real):
      var container = encoder.singleValueContainer()
      try container.encode(real)
    case .boolean(let flag):
      var container = encoder.singleValueContainer()
      try container.encode(flag)
    case .date(let date):
      var container = encoder.singleValueContainer()
      try container.encode(Date(timeIntervalSinceReferenceDate: date.secondsSinceReferenceDate))
    case .data(let bytes):
      var container = encoder.singleValueContainer()
      try container.encode(Data(bytes))
    case .uid:
      throw EncodingError.invalidValue(
        value, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "a UID has no Codable form"))
    }
  }

  public init(from decoder: any Decoder) throws {
    guard let guide = decoder.userInfo[Self.guideKey] as? PropertyList else {
      throw Mismatch(description: "no guide in userInfo")
    }
    switch guide {
    case .array(let elements):
      var container = Elements(container: try decoder.unkeyedContainer())
      value = .array(try Self.decode(elements, from: &container))
    case .dictionary(let dictionary):
      value = .dictionary(try Self.decode(dictionary, from: try decoder.container(keyedBy: Key.self)))
    default:
      var single = Single(container: try decoder.singleValueContainer())
      value = try Self.decode(guide, from: &single)
    }
  }

  /// True when `value` holds a UID, which no Codable type stands for.
  public static func holdsUID(_ value: PropertyList) -> Bool {
    switch value {
    case .uid: true
    case .array(let elements): elements.contains(where: holdsUID)
    case .dictionary(let dictionary): dictionary.values.contains(where: holdsUID)
    default: false
    }
  }

  private static func decode(_ guides: [PropertyList], from elements: inout Elements) throws -> [PropertyList] {
    if let count = elements.container.count, count != guides.count {
      throw Mismatch(description: "\(count) elements where \(guides.count) were expected")
    }
    var decoded: [PropertyList] = []
    for guide in guides {
      switch guide {
      case .array(let nested):
        var inner = Elements(container: try elements.container.nestedUnkeyedContainer())
        decoded.append(.array(try decode(nested, from: &inner)))
      case .dictionary(let nested):
        decoded.append(.dictionary(try decode(nested, from: try elements.container.nestedContainer(keyedBy: Key.self))))
      default:
        decoded.append(try decode(guide, from: &elements))
      }
    }
    guard elements.container.isAtEnd else { throw Mismatch(description: "more elements than expected") }
    return decoded
  }

  private static func decode(
    _ guide: PropertyListDictionary, from container: KeyedDecodingContainer<Key>
  ) throws -> PropertyListDictionary {
    let found = container.allKeys.map(\.stringValue)
    let sameKeys =
      found.count == guide.count
      && found.allSatisfy { key in guide.keys.contains { $0.utf8.elementsEqual(key.utf8) } }
    guard sameKeys else {
      throw Mismatch(
        description: "keys \(found.map(RouteText.escaped)) where \(guide.keys.map(RouteText.escaped)) were expected")
    }
    var values: [PropertyList] = []
    for (name, element) in guide {
      let key = Key(name)
      switch element {
      case .array(let nested):
        var inner = Elements(container: try container.nestedUnkeyedContainer(forKey: key))
        values.append(.array(try decode(nested, from: &inner)))
      case .dictionary(let nested):
        values.append(
          .dictionary(try decode(nested, from: try container.nestedContainer(keyedBy: Key.self, forKey: key))))
      default:
        var entry = Entry(container: container, key: key)
        values.append(try decode(element, from: &entry))
      }
    }
    return PropertyListDictionary(keys: guide.keys, values: values)
  }

  /// The scalar `guide` asks for, decoded from `slot` as its kind; a `$null` must be refused
  /// as a string with `valueNotFound` and taken as `nil`.
  private static func decode(_ guide: PropertyList, from slot: inout some ScalarSlot) throws -> PropertyList {
    switch guide {
    case .string(null):
      do {
        _ = try slot.decodeString()
        throw Mismatch(description: "$null decoded as a string, not refused as nil")
      } catch DecodingError.valueNotFound {
        guard try slot.decodeNil() else { throw Mismatch(description: "$null is not nil") }
        return guide
      }
    case .string: return .string(try slot.decodeString())
    case .integer(let integer):
      return integer.int64Value == nil ? .integer(try slot.decodeUInt64()) : .integer(try slot.decodeInt64())
    case .real: return .real(try slot.decodeDouble())
    case .boolean: return .boolean(try slot.decodeBool())
    case .date:
      return .date(
        PropertyListDate(secondsSinceReferenceDate: try slot.decode(Date.self).timeIntervalSinceReferenceDate))
    case .data: return .data([UInt8](try slot.decode(Data.self)))
    default: throw Mismatch(description: "no Codable form for \(guide.kind)")
    }
  }
}

/// Where a guided scalar is decoded from, with the scalar methods a synthesized `init(from:)`
/// calls: an unkeyed container's next element, a keyed container's entry, or a single value.
private protocol ScalarSlot {
  mutating func decodeNil() throws -> Bool
  mutating func decodeString() throws -> String
  mutating func decodeInt64() throws -> Int64
  mutating func decodeUInt64() throws -> UInt64
  mutating func decodeDouble() throws -> Double
  mutating func decodeBool() throws -> Bool
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T
}

/// The elements of an unkeyed container, in turn.
private struct Elements: ScalarSlot {
  var container: any UnkeyedDecodingContainer
  mutating func decodeNil() throws -> Bool { try container.decodeNil() }
  mutating func decodeString() throws -> String { try container.decode(String.self) }
  mutating func decodeInt64() throws -> Int64 { try container.decode(Int64.self) }
  mutating func decodeUInt64() throws -> UInt64 { try container.decode(UInt64.self) }
  mutating func decodeDouble() throws -> Double { try container.decode(Double.self) }
  mutating func decodeBool() throws -> Bool { try container.decode(Bool.self) }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try container.decode(type) }
}

/// One entry of a keyed container.
private struct Entry: ScalarSlot {
  let container: KeyedDecodingContainer<CodablePropertyList.Key>
  let key: CodablePropertyList.Key
  func decodeNil() throws -> Bool { try container.decodeNil(forKey: key) }
  func decodeString() throws -> String { try container.decode(String.self, forKey: key) }
  func decodeInt64() throws -> Int64 { try container.decode(Int64.self, forKey: key) }
  func decodeUInt64() throws -> UInt64 { try container.decode(UInt64.self, forKey: key) }
  func decodeDouble() throws -> Double { try container.decode(Double.self, forKey: key) }
  func decodeBool() throws -> Bool { try container.decode(Bool.self, forKey: key) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try container.decode(type, forKey: key) }
}

/// A single value.
private struct Single: ScalarSlot {
  let container: any SingleValueDecodingContainer
  func decodeNil() -> Bool { container.decodeNil() }
  func decodeString() throws -> String { try container.decode(String.self) }
  func decodeInt64() throws -> Int64 { try container.decode(Int64.self) }
  func decodeUInt64() throws -> UInt64 { try container.decode(UInt64.self) }
  func decodeDouble() throws -> Double { try container.decode(Double.self) }
  func decodeBool() throws -> Bool { try container.decode(Bool.self) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try container.decode(type) }
}
