/// A string that hashes and compares by its UTF-8 code units.
///
/// Swift's `String` equality is canonical equivalence, so `"é"` (U+00E9) and `"e\u{301}"` are
/// `==`; a plist keeps them apart, and so must every table keyed by plist strings (dictionary
/// lookup, the binary writer's uniquing). Usable from inlinable code, for the dictionary
/// lookup that ``PropertyListDictionary/position(of:)`` inlines into the layers above.
@usableFromInline
package struct ExactKey: Hashable, Sendable {
  package let string: String

  @usableFromInline
  package init(_ string: String) { self.string = string }

  @usableFromInline
  package static func == (lhs: ExactKey, rhs: ExactKey) -> Bool {
    lhs.string.exactlyEquals(rhs.string)
  }

  @usableFromInline
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

  /// ``exactlyEquals(_:)`` for strings of different storage.
  @usableFromInline
  package func exactlyEqualsComparingScalars(_ other: String) -> Bool {
    // Exact equality implies canonical equivalence, and the standard library decides that
    // fast for ASCII (a word compare for small strings, a memory compare for large ones), so
    // most unequal strings stop here. Equivalent strings still need their bytes compared:
    // a precomposed and a decomposed "é" are equivalent, but not equal.
    guard self == other else { return false }
    var lhs = self
    var rhs = other
    return lhs.withUTF8 { lhsBytes in rhs.withUTF8 { lhsBytes.hasSameBytes(as: $0) } }
  }
}
