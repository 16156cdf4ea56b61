import PlistKit

/// JSON's `null` in a schema document.
///
/// A property list has no null, so no instance is ever null; but a schema may name null (in
/// `const`, `enum`, `default`, `examples`), and must still load. Schema documents are read
/// with `null` as ``value``, a UID, which JSON read as JSON never gives otherwise. The
/// compiler then treats any `const` or `enum` value holding it as one that no instance
/// matches, so the placeholder is never compared with an instance, and messages show it as
/// `null`.
enum SchemaNull {
  /// What `null` reads as in a schema document.
  static let value = PropertyList.uid(UInt64.max)

  /// The reading options for schema documents: JSON as it is written (typed tags are
  /// objects), `null` read as ``value``.
  static func readingOptions(_ options: PropertyListReadingOptions) -> PropertyListReadingOptions {
    var options = options
    options.detectsTypedJSON = false
    options.nullValue = value
    return options
  }

  /// True when `value` is null or holds a null at any depth (walked without recursion).
  static func isHeld(in value: PropertyList) -> Bool {
    var pending = [value]
    while let next = pending.popLast() {
      switch next {
      case Self.value: return true
      case .array(let elements): pending.append(contentsOf: elements)
      case .dictionary(let dictionary): pending.append(contentsOf: dictionary.values)
      default: continue
      }
    }
    return false
  }
}

extension PropertyList {
  /// The JSON type name of a value of a schema document, `null` included.
  var schemaTypeName: String {
    isIdentical(to: SchemaNull.value) ? "null" : jsonType.rawValue
  }
}
