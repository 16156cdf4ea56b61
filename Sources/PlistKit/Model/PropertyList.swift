/// A property-list value: the in-memory form that every reader produces and every writer consumes.
///
/// `PropertyList` is a value type: copies are independent, so mutating a copy at any depth
/// never changes the original (the "mutable deep copy" of Cocoa comes for free).
///
/// Equality is exact, as a lossless model needs it to be:
/// - strings and dictionary keys compare by their Unicode scalars, not by canonical
///   equivalence (`"é"` precomposed and decomposed are different values, as in a plist file);
/// - integers and reals are different types (`1` is not `1.0`), and reals compare by bit
///   pattern (`-0.0` differs from `0.0`, a NaN equals the same NaN);
/// - dictionaries compare as sets of entries: key order is kept, but does not affect `==`.
///   Use ``isIdentical(to:)`` to compare key order as well.
public enum PropertyList: Sendable {
  /// A Unicode string.
  case string(String)
  /// An integer: the whole `Int64` range and unsigned values up to `UInt64.max`.
  case integer(PropertyListInteger)
  /// A 64-bit floating-point number (binary plists may store it as 32 bits).
  case real(Double)
  /// A boolean.
  case boolean(Bool)
  /// A point in time, as seconds since 2001-01-01T00:00:00Z.
  case date(PropertyListDate)
  /// Raw bytes.
  case data([UInt8])
  /// An ordered list of values.
  case array([PropertyList])
  /// String keys to values, in the order the keys were read or inserted.
  case dictionary(PropertyListDictionary)
  /// A keyed-archive object reference (`CF$UID`).
  case uid(UInt64)
}

extension PropertyList {
  /// The kind of a value, without its payload.
  public enum Kind: String, Sendable, CaseIterable {
    case string, integer, real, boolean, date, data, array, dictionary, uid
  }

  /// The kind of this value.
  public var kind: Kind {
    switch self {
    case .string: .string
    case .integer: .integer
    case .real: .real
    case .boolean: .boolean
    case .date: .date
    case .data: .data
    case .array: .array
    case .dictionary: .dictionary
    case .uid: .uid
    }
  }

  /// Makes an integer value.
  public static func integer(_ value: Int64) -> PropertyList { .integer(PropertyListInteger(value)) }

  /// Makes an integer value from any integer that fits in the supported range.
  public static func integer(_ value: Int) -> PropertyList { .integer(PropertyListInteger(Int64(value))) }

  /// Makes an integer value from an unsigned integer (values above `Int64.max` included).
  public static func integer(_ value: UInt64) -> PropertyList { .integer(PropertyListInteger(value)) }

  /// Makes a dictionary value from key-value pairs; a repeated key keeps its first position and
  /// its last value.
  public static func dictionary(_ entries: KeyValuePairs<String, PropertyList>) -> PropertyList {
    var dictionary = PropertyListDictionary()
    for (key, value) in entries { dictionary[key] = value }
    return .dictionary(dictionary)
  }
}
