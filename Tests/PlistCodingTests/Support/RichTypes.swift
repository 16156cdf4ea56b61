import Foundation

/// A rich set of Codable types: every integer width, both floating-point types, strings,
/// dates, data, URLs and UUIDs, enums with raw values and with associated values, nested and
/// optional values, arrays (of optionals too), sets, dictionaries keyed by strings and by
/// integers, and a class that encodes its superclass through `superEncoder()`.
struct Everything: Codable, Equatable {
  var int: Int
  var int8: Int8
  var int16: Int16
  var int32: Int32
  var int64: Int64
  var uint: UInt
  var uint8: UInt8
  var uint16: UInt16
  var uint32: UInt32
  var uint64: UInt64
  var float: Float
  var double: Double
  var bool: Bool
  var string: String
  var date: Date
  var data: Data
  var url: URL
  var uuid: UUID
  var color: Color
  var level: Level
  var shape: Shape
  var inner: Inner
  var optionalInner: Inner?
  var optionalString: String?
  var optionalInt: Int?
  var strings: [String]
  var optionals: [Int?]
  var byName: [String: Int]
  var byNumber: [Int: String]
  var matrix: [[Double]]
  var tags: Set<String>
  var shapes: [Shape]
  var animal: Dog
}

/// A string raw value.
enum Color: String, Codable, CaseIterable {
  case red, green, blue
}

/// An integer raw value.
enum Level: Int, Codable, CaseIterable {
  case low = 1, middle = 5, high = 10
}

/// Associated values, labelled and not, and a case without any.
enum Shape: Codable, Equatable {
  case circle(radius: Double)
  case rectangle(width: Int, height: Int)
  case labelled(String, Int)
  case point
}

/// A nested value with its own optionals.
struct Inner: Codable, Equatable {
  var name: String
  var count: Int?
  var when: Date?
  var blob: Data?
}

/// A class whose subclass encodes the superclass's part with `superEncoder()`.
class Animal: Codable, Equatable {
  var name: String

  init(name: String) { self.name = name }

  static func == (lhs: Animal, rhs: Animal) -> Bool { lhs.isEqual(to: rhs) }

  func isEqual(to other: Animal) -> Bool { type(of: self) == type(of: other) && name == other.name }
}

/// See ``Animal``.
final class Dog: Animal {
  var barks: Int

  init(name: String, barks: Int) {
    self.barks = barks
    super.init(name: name)
  }

  private enum CodingKeys: String, CodingKey { case barks }

  required init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    barks = try container.decode(Int.self, forKey: .barks)
    try super.init(from: container.superDecoder())
  }

  override func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(barks, forKey: .barks)
    try super.encode(to: container.superEncoder())
  }

  override func isEqual(to other: Animal) -> Bool {
    super.isEqual(to: other) && (other as? Dog)?.barks == barks
  }
}
