import PlistKit

/// The JSON data model that schemas see when they look at a property list.
///
/// Integers and reals are both JSON numbers; a date is its ISO 8601 string
/// (`2001-01-01T00:00:00Z`), data its base64 string, and a UID the object `{"CF$UID": n}`:
/// the forms the plain JSON writer gives them, so a schema written against a file's plain
/// JSON view validates the same file in any format.
enum JSONType: String, Sendable, CaseIterable {
  case null, boolean, object, array, number, string, integer
}

/// A number of the instance or the schema: integers stay exact, reals stay reals.
enum JSONNumber: Sendable {
  case integer(PropertyListInteger)
  case real(Double)
}

extension PropertyList {
  /// The JSON type; `integer` for integers only (``isJSONInteger`` also accepts whole reals).
  var jsonType: JSONType {
    switch self {
    case .string, .date, .data: .string
    case .integer: .integer
    case .real: .number
    case .boolean: .boolean
    case .array: .array
    case .dictionary, .uid: .object
    }
  }

  /// True for integers and for reals with no fractional part (JSON Schema's `integer`).
  var isJSONInteger: Bool {
    switch self {
    case .integer: true
    case .real(let value): value.isFinite && value.rounded(.towardZero) == value
    default: false
    }
  }

  /// The number, for integers and reals.
  var jsonNumber: JSONNumber? {
    switch self {
    case .integer(let value): .integer(value)
    case .real(let value): .real(value)
    default: nil
    }
  }

  /// The string a JSON view shows: strings, dates as ISO 8601, data as base64.
  var jsonString: String? {
    switch self {
    case .string(let value): value
    case .date(let value): value.iso8601
    case .data(let value): Base64.encode(value)
    default: nil
    }
  }

  /// The object a JSON view shows: dictionaries, and UIDs as `{"CF$UID": n}`.
  var jsonObject: PropertyListDictionary? {
    switch self {
    case .dictionary(let value): value
    case .uid(let value): ["CF$UID": .integer(value)]
    default: nil
    }
  }

  /// JSON equality: numbers compare by value (`1` equals `1.0`), objects ignore key order,
  /// strings compare by their Unicode scalars, and dates, data and UIDs by their JSON forms.
  ///
  /// Containers are compared through a work list of pairs still to compare, not by recursion:
  /// an instance can be nested deeper than any stack allows frames for.
  func jsonEquals(_ other: PropertyList) -> Bool {
    var pending: [(PropertyList, PropertyList)] = []
    guard Self.jsonEqualsAtTop(self, other, pending: &pending) else { return false }
    while let (left, right) = pending.popLast() {
      guard Self.jsonEqualsAtTop(left, right, pending: &pending) else { return false }
    }
    return true
  }

  /// Compares two values without their contents, and queues the pairs of elements or entries
  /// whose equality remains to be checked.
  private static func jsonEqualsAtTop(
    _ left: PropertyList, _ right: PropertyList, pending: inout [(PropertyList, PropertyList)]
  ) -> Bool {
    switch (left, right) {
    case (.array(let a), .array(let b)):
      guard a.count == b.count else { return false }
      pending.append(contentsOf: zip(a, b))
      return true
    case (.boolean(let a), .boolean(let b)):
      return a == b
    default:
      break
    }
    if let a = left.jsonNumber, let b = right.jsonNumber { return a.compare(b) == .equal }
    if let a = left.jsonString, let b = right.jsonString { return a.exactlyEquals(b) }
    if let a = left.jsonObject, let b = right.jsonObject {
      guard a.count == b.count else { return false }
      for (key, value) in a {
        guard let match = b[key] else { return false }
        pending.append((value, match))
      }
      return true
    }
    return false
  }

  /// Containers deeper than this below the value hashed contribute only their type and size.
  static let maximumHashedDepth = 8

  /// A hash that agrees with ``jsonEquals(_:)``: values it calls equal agree on everything
  /// hashed, the contents of containers only down to ``maximumHashedDepth`` levels, which
  /// keeps the recursion shallow whatever the value's depth.
  func hashJSON(into hasher: inout Hasher, depth: Int = 0) {
    switch self {
    case .array(let elements):
      hasher.combine(JSONType.array)
      hasher.combine(elements.count)
      guard depth < Self.maximumHashedDepth else { return }
      for element in elements { element.hashJSON(into: &hasher, depth: depth + 1) }
    case .boolean(let value):
      hasher.combine(JSONType.boolean)
      hasher.combine(value)
    case .integer(let value):
      hasher.combine(JSONType.number)
      hasher.combine(value)
    case .real(let value):
      hasher.combine(JSONType.number)
      // Whole reals hash as the integer they equal; the rest by value (0.0 and -0.0 agree).
      if let integer = JSONNumber.exactInteger(value) {
        hasher.combine(integer)
      } else {
        hasher.combine(value == 0 ? 0 : value)
      }
    case .string, .date, .data:
      hasher.combine(JSONType.string)
      hasher.combine(ExactKey(jsonString!))
    case .dictionary, .uid:
      let object = jsonObject!
      hasher.combine(JSONType.object)
      hasher.combine(object.count)
      guard depth < Self.maximumHashedDepth else { return }
      var sum = 0
      for (key, value) in object {
        var entry = Hasher()
        entry.combine(ExactKey(key))
        value.hashJSON(into: &entry, depth: depth + 1)
        sum &+= entry.finalize()
      }
      hasher.combine(sum)
    }
  }
}

/// A property list that hashes and compares as JSON (see ``PropertyList/jsonEquals(_:)``):
/// lets `uniqueItems` and `enum` use hashing instead of comparing every pair.
struct JSONKey: Hashable, Sendable {
  let value: PropertyList
  static func == (lhs: JSONKey, rhs: JSONKey) -> Bool { lhs.value.jsonEquals(rhs.value) }
  func hash(into hasher: inout Hasher) { value.hashJSON(into: &hasher) }
}

extension JSONNumber {
  /// The integer a real equals exactly, when it is whole and in the integer range.
  static func exactInteger(_ value: Double) -> PropertyListInteger? {
    guard value.isFinite, value.rounded(.towardZero) == value else { return nil }
    if value >= -9_223_372_036_854_775_808.0 && value < 9_223_372_036_854_775_808.0 {
      return PropertyListInteger(Int64(value))
    }
    if value >= 0 && value < 18_446_744_073_709_551_616.0 { return PropertyListInteger(UInt64(value)) }
    return nil
  }

  /// Exact comparison, integers against reals included; nil when a NaN is involved.
  func compare(_ other: JSONNumber) -> Comparison? {
    switch (self, other) {
    case (.integer(let a), .integer(let b)):
      return a == b ? .equal : (a < b ? .less : .greater)
    case (.real(let a), .real(let b)):
      if a.isNaN || b.isNaN { return nil }
      return a == b ? .equal : (a < b ? .less : .greater)
    case (.integer(let a), .real(let b)):
      return Self.compare(a, b)
    case (.real(let a), .integer(let b)):
      return Self.compare(b, a).map(\.reversed)
    }
  }

  /// The order of two numbers.
  enum Comparison: Equatable {
    case less, equal, greater
    var reversed: Comparison {
      switch self {
      case .less: .greater
      case .equal: .equal
      case .greater: .less
      }
    }
  }

  private static func compare(_ integer: PropertyListInteger, _ real: Double) -> Comparison? {
    if real.isNaN { return nil }
    if real == .infinity { return .less }
    if real == -.infinity { return .greater }
    // Compare against the whole part exactly, then let the fraction break a tie.
    let whole = real.rounded(.down)
    let fraction = real - whole
    guard let wholeInteger = exactInteger(whole) else {
      return whole > 0 ? .less : .greater
    }
    if integer < wholeInteger { return .less }
    if wholeInteger < integer { return .greater }
    return fraction > 0 ? .less : .equal
  }

  /// The number as JSON text.
  var description: String {
    switch self {
    case .integer(let value): value.description
    case .real(let value): JSONRendering.real(value)
    }
  }
}
