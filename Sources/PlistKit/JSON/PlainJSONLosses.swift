/// The values plain JSON wrote as strings because it has no type for them: a reader of the
/// output cannot tell them from strings. The typed form (``JSONStyle/typed``) keeps them.
///
/// UIDs are not counted: plain JSON writes them as `{"CF$UID": n}`, which every reader here
/// takes back as a UID.
public struct PlainJSONLosses: Sendable, Equatable {
  /// Dates, written as ISO 8601 text.
  public var dates = 0
  /// Data, written as base64 text.
  public var data = 0
  /// NaN and the infinities, written as `"nan"`, `"+infinity"` and `"-infinity"`.
  public var nonFiniteReals = 0

  /// Nothing was lost.
  public init() {}

  /// Whether every value kept its type.
  public var isEmpty: Bool { dates == 0 && data == 0 && nonFiniteReals == 0 }

  /// Adds the counts of another conversion.
  public mutating func add(_ other: PlainJSONLosses) {
    dates &+= other.dates
    data &+= other.data
    nonFiniteReals &+= other.nonFiniteReals
  }
}
