import PlistKit

/// The order in which plutil's XML writer puts dictionary keys (`-convert xml1`, `-extract …
/// xml1`): CoreFoundation sorts each dictionary's keys with a literal comparison of their
/// UTF-16 code units. So `10` comes before `9` and `Z` before `a`, unlike the numeric,
/// case-insensitive `PlutilKeyOrder` of its literals and `-p` (in `PlutilCompatibility`); and a
/// key outside the Basic Multilingual Plane (`😀`, whose first code unit is a surrogate from
/// U+D800) comes before one from U+E000 to U+FFFF (`Ａ`), where the code-point order of
/// `convert --sort-keys` puts it after. plutil's binary and JSON output keep its dictionaries' hash order, which nothing can
/// reproduce, so plutil mode writes those in the file's order.
enum PlutilXMLKeyOrder {
  /// `value` with the keys of every dictionary in it in plutil's XML order. The reader's depth
  /// limit bounds the recursion; a value that shares one container from many places must be
  /// refused before (see ``ExpansionCheck/refuseSharingBomb(_:path:)``), as each place is
  /// sorted on its own.
  static func sorted(_ value: PropertyList) -> PropertyList {
    switch value {
    case .array(let elements):
      return .array(elements.map(sorted))
    case .dictionary(let dictionary):
      let keys = dictionary.keys
      let order = keys.indices.sorted { keys[$0].utf16.lexicographicallyPrecedes(keys[$1].utf16) }
      return .dictionary(PropertyListDictionary(order.map { (keys[$0], sorted(dictionary.values[$0])) }))
    default:
      return value
    }
  }
}
