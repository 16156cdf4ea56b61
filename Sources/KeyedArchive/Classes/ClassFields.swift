import PlistKit

/// Reads the fields of one object for the class views: a field that refers to a string, number
/// or data object (an inline value, or an instance of a string or data class: `NSString`,
/// `NSMutableString`, `NSData`, `NSMutableData` or a subclass) reads as that value,
/// one reference deep and never further, so that reading a class costs its own fields only.
struct ClassFields<Objects: ArchiveObjectSource> {
  let fields: PropertyListDictionary

  /// The field's value with one reference followed; nil when absent, `$null`, or a reference
  /// to an object that is not a string, number or data.
  func scalar(_ key: String, in objects: inout Objects) throws(KeyedArchiveError) -> PropertyList? {
    guard let value = fields[key] else { return nil }
    return try Self.scalar(value, in: &objects)
  }

  /// The text of a field that holds a string or refers to one.
  func string(_ key: String, in objects: inout Objects) throws(KeyedArchiveError) -> String? {
    try scalar(key, in: &objects)?.stringValue
  }

  /// The number of a field that holds an integer or a real, or refers to one.
  func double(_ key: String, in objects: inout Objects) throws(KeyedArchiveError) -> Double? {
    try scalar(key, in: &objects)?.doubleValue
  }

  /// The integer of a field that holds one, or refers to one.
  func integer(_ key: String, in objects: inout Objects) throws(KeyedArchiveError) -> Int64? {
    try scalar(key, in: &objects)?.int64Value
  }

  /// The bytes of a field that holds data, or refers to an `NSData`.
  func data(_ key: String, in objects: inout Objects) throws(KeyedArchiveError) -> [UInt8]? {
    try scalar(key, in: &objects)?.dataValue
  }

  /// A boolean, or an integer 0 or 1 (archivers write both for `BOOL`).
  func bool(_ key: String, in objects: inout Objects) throws(KeyedArchiveError) -> Bool? {
    switch try scalar(key, in: &objects) {
    case .boolean(let value)?: value
    case .integer(let value)? where value == 0 || value == 1: value == 1
    default: nil
    }
  }

  /// Whether the field is there and is not a reference to `$null`.
  func has(_ key: String) -> Bool {
    guard let value = fields[key] else { return false }
    return value != .uid(0)
  }

  /// The value with one reference followed (see ``scalar(_:in:)``).
  static func scalar(_ value: PropertyList, in objects: inout Objects) throws(KeyedArchiveError) -> PropertyList? {
    guard case .uid(let uid) = value else { return value }
    guard uid < objects.count else { return nil }
    switch try objects.object(Int(uid)) {
    case .null: return nil
    case .value(let value): return value
    case .instance(let instance):
      let fields = instance.fields
      let chain = instance.classChain
      if ["NSString", "NSMutableString"].contains(chain.className) || chain.classes.contains("NSString") {
        if case .string(let text)? = fields["NS.string"] { return .string(text) }
        if case .data(let bytes)? = fields["NS.bytes"] { return .string(String(decoding: bytes, as: UTF8.self)) }
      } else if ["NSData", "NSMutableData"].contains(chain.className) || chain.classes.contains("NSData") {
        if case .data(let bytes)? = fields["NS.data"] { return .data(bytes) }
      }
      return nil
    }
  }
}
