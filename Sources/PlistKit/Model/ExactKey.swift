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
  ///
  /// Inlinable, so that the common case (the same storage, or the same small string stored
  /// inline: equal without looking further) is a two-word comparison in the caller.
  @inlinable
  package func exactlyEquals(_ other: String) -> Bool {
    if unsafeBitCast(self, to: (UInt, UInt).self) == unsafeBitCast(other, to: (UInt, UInt).self) { return true }
    return exactlyEqualsComparingScalars(other)
  }

  /// ``exactlyEquals(_:)`` for strings of different storage: their UTF-8 bytes compared,
  /// which stops at the lengths for most unequal strings. (The standard library's `==` would
  /// decide canonical equivalence first, which equal strings then pass only to have their
  /// bytes compared anyway.)
  @usableFromInline
  package func exactlyEqualsComparingScalars(_ other: String) -> Bool {
    guard utf8.count == other.utf8.count else { return false }
    var lhs = self
    var rhs = other
    return lhs.withUTF8 { lhsBytes in rhs.withUTF8 { lhsBytes.hasSameBytes(as: $0) } }
  }
}
