import PlistKit

/// What a class view makes of an object for the plain view: values it computed itself, and the
/// references it leaves to the renderer (an attribute's value, an error's `userInfo`), which
/// are rendered where they stand like any other object, with the same limits and cycle markers.
enum PlainShape {
  /// A value of the view's own (no reference inside).
  case value(PropertyList)
  /// A field's value, rendered as the plain view renders it; `key` is the archive's field, for
  /// the key paths of errors and cycle markers.
  case rendered(PropertyList, key: String)
  /// A dictionary, in order.
  case dictionary([(String, PlainShape)])
  /// An array.
  case array([PlainShape])

  /// A dictionary of values only, leaving out the absent ones.
  static func values(_ entries: [(String, PropertyList?)]) -> PlainShape {
    .dictionary(entries.compactMap { key, value in value.map { (key, .value($0)) } })
  }
}
