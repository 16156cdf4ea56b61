/// A string that hashes and compares by its UTF-8 code units.
///
/// Swift's `String` equality is canonical equivalence, so `"é"` (U+00E9) and `"e\u{301}"` are
/// `==`; a plist keeps them apart, and so must every table keyed by plist strings (dictionary
/// lookup, the binary writer's uniquing).
package struct ExactKey: Hashable, Sendable {
  package let string: String

  package init(_ string: String) { self.string = string }

  package static func == (lhs: ExactKey, rhs: ExactKey) -> Bool {
    lhs.string.exactlyEquals(rhs.string)
  }

  package func hash(into hasher: inout Hasher) {
    var copy = string
    copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}

extension String {
  /// True when both strings have the same Unicode scalars (no canonical equivalence).
  package func exactlyEquals(_ other: String) -> Bool {
    utf8.count == other.utf8.count && utf8.elementsEqual(other.utf8)
  }
}
