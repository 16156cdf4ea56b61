import PlistKit

/// The note `convert` prints once on standard error when plain JSON output wrote values it has
/// no type for as strings, so that nobody mistakes the output for a lossless copy.
enum PlainJSONNote {
  /// The note for `losses`, or nil when every value kept its type.
  static func text(for losses: PlainJSONLosses) -> String? {
    guard !losses.isEmpty else { return nil }
    var parts: [String] = []
    if losses.dates > 0 { parts.append(losses.dates == 1 ? "1 date" : "\(losses.dates) dates") }
    if losses.data > 0 { parts.append(losses.data == 1 ? "1 data value" : "\(losses.data) data values") }
    if losses.nonFiniteReals > 0 {
      parts.append(losses.nonFiniteReals == 1 ? "1 NaN or infinity" : "\(losses.nonFiniteReals) NaNs or infinities")
    }
    let listed = parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
    let one = losses.dates + losses.data + losses.nonFiniteReals == 1
    return "note: \(listed) \(one ? "was written as a JSON string" : "were written as JSON strings") "
      + "(plain JSON has no type for \(one ? "it" : "them")); "
      + "use --typed to keep their types"
  }
}
