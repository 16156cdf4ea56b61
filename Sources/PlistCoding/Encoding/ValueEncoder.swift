import FoundationEssentials
import PlistKit

/// The `Encoder` that ``PlistEncoder`` hands to `encode(to:)`: one per encoding, moved from
/// value to value like ``MapDecoder``.
///
/// Each value being encoded has a level; a container requested at a level is pushed on
/// `stack`, and what is on top when the value's `encode(to:)` returns is its encoding.
final class ValueEncoder: Encoder {
  let userInfo: [CodingUserInfoKey: Any]
  private(set) var pathNode: CodingPathNode = .root
  /// The encodings of the values in progress, at most one per level.
  private var stack: [EncodedValue] = []
  /// How many values are being encoded (the innermost one's level).
  private var level = 0
  let maximumDepth: Int

  init(userInfo: [CodingUserInfoKey: Any], maximumDepth: Int) {
    self.userInfo = userInfo
    self.maximumDepth = maximumDepth
  }

  var codingPath: [any CodingKey] { pathNode.path }

  /// True when the value at the current level has no encoding yet.
  private var needsEncoding: Bool { stack.count < level }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let dictionary: EncodedDictionary
    if needsEncoding {
      dictionary = EncodedDictionary()
      stack.append(.dictionary(dictionary))
    } else if case .dictionary(let existing) = stack.last! {
      dictionary = existing
    } else {
      preconditionFailure("a keyed container was requested for a value already encoded another way at \(codingPath)")
    }
    return KeyedEncodingContainer(ValueKeyedContainer<Key>(encoder: self, dictionary: dictionary, path: pathNode))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let array: EncodedArray
    if needsEncoding {
      array = EncodedArray()
      stack.append(.array(array))
    } else if case .array(let existing) = stack.last! {
      array = existing
    } else {
      preconditionFailure("an unkeyed container was requested for a value already encoded another way at \(codingPath)")
    }
    return ValueUnkeyedContainer(encoder: self, array: array, path: pathNode)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { self }

  /// Sets the encoding of the current value (a single-value container's one value).
  fileprivate func set(_ value: PropertyList) {
    precondition(needsEncoding, "a single value was encoded twice, or after a container, at \(codingPath)")
    stack.append(.value(value))
  }

  /// Encodes `value` at `path`: Date and Data directly, anything else through its
  /// `encode(to:)` with this encoder.
  func box<T: Encodable>(_ value: T, path: CodingPathNode) throws -> EncodedValue {
    if T.self == Date.self {
      let seconds = (value as! Date).timeIntervalSinceReferenceDate
      return .value(.date(PropertyListDate(secondsSinceReferenceDate: seconds)))
    }
    if T.self == Data.self { return .value(.data([UInt8](value as! Data))) }
    guard level < maximumDepth else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: path.path,
          debugDescription: "\(path.path.keyPathDescription): values nested deeper than the limit of \(maximumDepth)"))
    }
    let savedPath = pathNode
    pathNode = path
    level += 1
    defer {
      level -= 1
      pathNode = savedPath
    }
    let height = stack.count
    try value.encode(to: self)
    // A value that encoded nothing is an empty dictionary, as Foundation encodes it.
    guard stack.count > height else { return .dictionary(EncodedDictionary()) }
    return stack.removeLast()
  }

  /// The encoding of a top-level value, or nil when it encoded nothing (Foundation refuses
  /// those rather than write an empty dictionary).
  func topLevel<T: Encodable>(_ value: T) throws -> EncodedValue? {
    if T.self == Date.self || T.self == Data.self { return try box(value, path: .root) }
    level = 1
    defer { level = 0 }
    try value.encode(to: self)
    return stack.popLast()
  }
}

extension ValueEncoder: SingleValueEncodingContainer {
  func encodeNil() { set(.string(DecodingMap.null)) }
  func encode(_ value: Bool) { set(.boolean(value)) }
  func encode(_ value: String) { set(.string(value)) }
  func encode(_ value: Double) { set(.real(value)) }
  func encode(_ value: Float) { set(.real(Double(value))) }
  func encode(_ value: Int) { set(.integer(Int64(value))) }
  func encode(_ value: Int8) { set(.integer(Int64(value))) }
  func encode(_ value: Int16) { set(.integer(Int64(value))) }
  func encode(_ value: Int32) { set(.integer(Int64(value))) }
  func encode(_ value: Int64) { set(.integer(value)) }
  func encode(_ value: UInt) { set(.integer(UInt64(value))) }
  func encode(_ value: UInt8) { set(.integer(UInt64(value))) }
  func encode(_ value: UInt16) { set(.integer(UInt64(value))) }
  func encode(_ value: UInt32) { set(.integer(UInt64(value))) }
  func encode(_ value: UInt64) { set(.integer(value)) }

  func encode<T: Encodable>(_ value: T) throws {
    precondition(needsEncoding, "a single value was encoded twice, or after a container, at \(codingPath)")
    // The same value and path: only its encoding is pushed.
    level -= 1
    defer { level += 1 }
    stack.append(try box(value, path: pathNode))
  }
}
