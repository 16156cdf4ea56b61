/// A date of a property list: seconds since 2001-01-01T00:00:00Z (Apple's reference date),
/// as binary plists store it.
public struct PropertyListDate: Hashable, Sendable, Comparable {
  /// Seconds since 2001-01-01T00:00:00Z; negative before it.
  public var secondsSinceReferenceDate: Double

  /// Seconds between 1970-01-01 (the Unix epoch) and 2001-01-01.
  public static let referenceDateUnixTime: Double = 978_307_200

  /// Makes a date from seconds since 2001-01-01T00:00:00Z.
  public init(secondsSinceReferenceDate: Double) {
    self.secondsSinceReferenceDate = secondsSinceReferenceDate
  }

  /// Makes a date from seconds since 1970-01-01T00:00:00Z.
  public init(secondsSince1970: Double) {
    self.secondsSinceReferenceDate = secondsSince1970 - Self.referenceDateUnixTime
  }

  /// Seconds since 1970-01-01T00:00:00Z.
  public var secondsSince1970: Double { secondsSinceReferenceDate + Self.referenceDateUnixTime }

  /// Parses an ISO 8601 date as plists write it (`2001-01-01T00:00:00Z`); also accepts
  /// fractional seconds and a `±hh:mm` offset. Returns nil for anything else.
  public init?(iso8601 text: some StringProtocol) {
    guard let seconds = ISO8601.parse(Array(text.utf8)[...]) else { return nil }
    self.init(secondsSinceReferenceDate: seconds)
  }

  /// The ISO 8601 form Apple writes: whole seconds, UTC (`2001-01-01T00:00:00Z`).
  /// Fractions of a second are dropped toward the past, as CoreFoundation does.
  public var iso8601: String { ISO8601.format(secondsSinceReferenceDate) }

  /// True when ``iso8601`` is this date: it is finite and its year is within -99999999 to
  /// 99999999 (others come out clamped to the nearest date that has the form).
  package var hasISO8601Form: Bool { ISO8601.writableRange.contains(secondsSinceReferenceDate) }

  /// Dates compare by their bit pattern for equality (so a NaN date equals itself), and by
  /// value for ordering.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.secondsSinceReferenceDate.bitPattern == rhs.secondsSinceReferenceDate.bitPattern
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(secondsSinceReferenceDate.bitPattern)
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.secondsSinceReferenceDate < rhs.secondsSinceReferenceDate
  }
}

extension PropertyListDate: CustomStringConvertible {
  /// The ISO 8601 form.
  public var description: String { iso8601 }
}
