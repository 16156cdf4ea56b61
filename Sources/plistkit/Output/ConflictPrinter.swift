import PlistDiff
import PlistKit
import XcodeProject

/// The report of a merge's conflicts, one line each:
/// `CONFLICT Name (both changed): BASE "Gerald Ford" | OURS "Gerald R. Ford" | THEIRS "Jerry Ford"`.
struct ConflictPrinter {
  var palette: Palette
  /// Project files: object IDs shown with Xcode's comments.
  var labels: ProjectPathLabels?

  private var inline: InlineValueText { InlineValueText(palette: palette) }

  /// One conflict as a line.
  func line(_ conflict: PropertyListConflict) -> String {
    var place = conflict.path.shown(labels: labels)
    if let span = conflict.elements {
      place +=
        span.isEmpty
        ? " (both inserted here)" : span.count == 1 ? "" : " (elements \(span.lowerBound)…\(span.upperBound - 1))"
    }
    let value: (PropertyList?) -> String = { $0.map(inline.text) ?? "(none)" }
    return palette.paint("CONFLICT", .changed)
      + " \(place) (\(Self.describe(conflict.kind))): BASE \(value(conflict.base))"
      + " | OURS \(value(conflict.ours)) | THEIRS \(value(conflict.theirs))"
  }

  static func describe(_ kind: PropertyListConflict.Kind) -> String {
    switch kind {
    case .changedOnBothSides: "both changed"
    case .addedOnBothSides: "both added"
    case .removedByOurs: "OURS removed what THEIRS changed"
    case .removedByTheirs: "THEIRS removed what OURS changed"
    }
  }
}
