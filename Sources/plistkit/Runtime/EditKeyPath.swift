import PlistKit

extension PropertyListKeyPath {
  /// The place an edit's KEYPATH argument names. The empty argument `''` is the empty key, as
  /// in plutil's `-replace ''`, not the root: an edit that meant a key must never replace the
  /// whole document with one value.
  init(editArgument text: String) {
    self = text.isEmpty ? PropertyListKeyPath(components: [""]) : PropertyListKeyPath(text)
  }
}
