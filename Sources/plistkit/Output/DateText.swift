import PlistKit

extension PropertyListDate {
  /// The date as `print` and `get --to raw` show it: ISO 8601 UTC, or, for a date that has no
  /// such form (NaN, infinite, beyond year 99999999), what it is, in seconds since 2001, so
  /// that no impossible date is shown as a valid one.
  var shownText: String {
    hasISO8601Form ? iso8601 : "<date of \(secondsSinceReferenceDate) seconds since 2001-01-01T00:00:00Z>"
  }
}
