import PlistKit

extension PropertyListDocument {
  /// The entries of the top-level dictionary in the order the text has them, a repeated key at
  /// each of its places, as the byte spans of key and value in ``utf8Text``; empty when the top
  /// level is not a dictionary.
  ///
  /// The value keeps a repeated key once (see `PropertyListDictionary`), so what lies around an
  /// entry (the comment above a `.strings` entry) is found here rather than through the value.
  package var topLevelEntrySpans: [(key: Range<Int>, value: Range<Int>)] {
    guard !syntaxIsStale else {
      var current = self
      current.refreshSyntax()
      return current.topLevelEntrySpans
    }
    guard tree.count > 0, tree.kind(0) == .dictionary else { return [] }
    return tree.entries(0).compactMap { entry in entry.key.map { (tree.span($0), tree.valueSpan(entry.value)) } }
  }
}
