import PlistKit

/// A value on one line, for the lines of `diff` and `merge`: scalars as `print` shows them,
/// arrays as `[1, "two"]`, dictionaries as `{"key": value}` in their order.
///
/// A line stays readable however large the value: after ``budget`` values the rest is `…`
/// (`--format json` gives values whole), so a shared container repeated exponentially often is
/// never expanded either.
struct InlineValueText {
  var palette: Palette
  /// The most values shown in one rendering, containers included.
  var budget = 64

  private var scalars: TreePrinter { TreePrinter(palette: palette) }

  /// The value on one line.
  func text(_ value: PropertyList) -> String {
    var output = ""
    var remaining = budget
    // A work list of pieces still to write, last first: values, or punctuation.
    var pending: [Piece] = [.value(value)]
    while let piece = pending.popLast() {
      switch piece {
      case .text(let text):
        output += text
      case .value(let value):
        guard remaining > 0 else {
          output += "…"
          // Skip the rest of every container being written: up to its closing bracket.
          Self.skipToClose(&pending, into: &output)
          continue
        }
        remaining -= 1
        switch value {
        case .array(let elements) where !elements.isEmpty:
          output += "["
          pending.append(.text("]"))
          for (index, element) in elements.enumerated().reversed() {
            pending.append(.value(element))
            if index > 0 { pending.append(.separator) }
          }
        case .dictionary(let dictionary) where !dictionary.isEmpty:
          output += "{"
          pending.append(.text("}"))
          for (index, entry) in dictionary.enumerated().reversed() {
            pending.append(.value(entry.value))
            pending.append(.text(palette.paint(TreePrinter.quoted(entry.key), .key) + ": "))
            if index > 0 { pending.append(.separator) }
          }
        case .array: output += "[]"
        case .dictionary: output += "{}"
        default: output += scalars.scalar(value)
        }
      case .separator:
        output += ", "
      }
    }
    return output
  }

  private enum Piece {
    case value(PropertyList)
    case text(String)
    case separator
  }

  /// Drops pending values and separators up to the next closing bracket, which is kept.
  private static func skipToClose(_ pending: inout [Piece], into output: inout String) {
    while let last = pending.last {
      if case .text(let text) = last, text == "]" || text == "}" { return }
      pending.removeLast()
    }
  }
}
