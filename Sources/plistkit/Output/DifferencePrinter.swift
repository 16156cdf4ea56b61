import PlistDiff
import PlistKit
import XcodeProject

/// The lines of `plistkit diff`: one per difference, `~ PATH: OLD → NEW`, `+ PATH: NEW`,
/// `- PATH`, or the same as a JSON list.
struct DifferencePrinter {
  var palette: Palette
  /// Project files: object IDs shown with Xcode's comments.
  var labels: ProjectPathLabels?

  private var inline: InlineValueText { InlineValueText(palette: palette) }

  /// The path as shown, in the side it belongs to.
  func shown(_ path: PropertyListKeyPath, inNew: Bool = false) -> String {
    path.shown(labels: labels, inNew: inNew)
  }

  /// One difference as a line of text.
  func line(_ difference: PropertyListDifference) -> String {
    let moved = difference.newPath.map { " (now \(shown($0, inNew: true)))" } ?? ""
    let arrow = palette.paint("→", .punctuation)
    switch difference.kind {
    case .added:
      return palette.paint("+", .added) + " \(shown(difference.path, inNew: true)): "
        + inline.text(difference.newValue!)
    case .removed:
      return palette.paint("-", .removed) + " \(shown(difference.path))"
    case .changed:
      return palette.paint("~", .changed) + " \(shown(difference.path))\(moved): "
        + "\(inline.text(difference.oldValue!)) \(arrow) \(inline.text(difference.newValue!))"
    case .keyOrder:
      return palette.paint("~", .changed) + " \(shown(difference.path))\(moved): key order "
        + "\(inline.text(difference.oldValue!)) \(arrow) \(inline.text(difference.newValue!))"
    case .repeated:
      return palette.paint("~", .changed) + " \(shown(difference.path))\(moved): the same changes as at "
        + "\(shown(difference.repeatedPath!)) (one shared value)"
    }
  }

  /// The differences as a JSON array of objects with `kind`, `path` (and `newPath` when an
  /// element moved, `label` when Xcode's comments name the path, `repeats` for a repeated
  /// change) and the `old` and `new` values in the typed JSON form.
  func json(_ differences: [PropertyListDifference]) throws(PropertyListError) -> String {
    guard !differences.isEmpty else { return "[]\n" }
    var text = "[\n"
    for (index, difference) in differences.enumerated() {
      var fields: [(String, String)] = [("kind", try Self.json(.string(difference.kind.rawValue)))]
      fields.append(("path", try Self.json(.string(difference.path.description))))
      if let newPath = difference.newPath { fields.append(("newPath", try Self.json(.string(newPath.description)))) }
      if let labels {
        let label = labels.label(difference.path, inNew: difference.kind == .added)
        if label != difference.path.description { fields.append(("label", try Self.json(.string(label)))) }
      }
      if let repeated = difference.repeatedPath {
        fields.append(("repeats", try Self.json(.string(repeated.description))))
      }
      if let old = difference.oldValue { fields.append(("old", try Self.json(old))) }
      if let new = difference.newValue { fields.append(("new", try Self.json(new))) }
      text += "  {" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
      text += index == differences.count - 1 ? "\n" : ",\n"
    }
    return text + "]\n"
  }

  /// A value as compact typed JSON.
  static func json(_ value: PropertyList) throws(PropertyListError) -> String {
    let options = PropertyListWritingOptions(jsonStyle: .typed, prettyPrinted: false)
    return String(decoding: try value.serialized(as: .json, options: options), as: UTF8.self)
  }
}
