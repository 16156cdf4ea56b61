import PlistDiff
import PlistKit

/// The form `plistkit textconv` prints for git's textconv: one line per value,
/// `Key.Path = value`, dictionaries in sorted key order (by code point), arrays in order,
/// so that the text of two versions diffs line by line, whatever their format or key order.
///
/// Strings, data and dates are shown whole (`"text"` with escapes, `<0001ff>`, ISO 8601),
/// empty containers as `{}` and `[]`, UIDs as `<uid N>`. Keys and strings are escaped by
/// ``LineSafeText``, so that no key or value can forge a line of the diff.
struct TextconvPrinter {
  /// Project files: object IDs shown with Xcode's comments.
  var labels: ProjectPathLabels?

  /// The most bytes to write (see ``ExpansionCheck/refuseLargeLines(_:limit:path:)``, which
  /// weighs the least the lines make before anything is written; key paths add more).
  var maximumOutputSize = Int.max

  /// Writes the lines of `value` to `output`, without recursion.
  ///
  /// - Throws: a ``PropertyListError/Kind/limitExceeded`` error once the text passes
  ///   ``maximumOutputSize``, having written what came before.
  func write(_ value: PropertyList, to output: BufferedOutput) throws(PropertyListError) {
    var pending: [(PropertyList, [String])] = [(value, [])]
    var text = ""
    var written = 0
    while let (value, components) = pending.popLast() {
      switch value {
      case .dictionary(let dictionary) where !dictionary.isEmpty:
        let order = dictionary.indices.sorted {
          Array(dictionary.keys[$0].utf8).lexicographicallyPrecedes(dictionary.keys[$1].utf8)
        }
        for position in order.reversed() {
          pending.append((dictionary.values[position], components + [dictionary.keys[position]]))
        }
      case .array(let elements) where !elements.isEmpty:
        for (index, element) in elements.enumerated().reversed() {
          pending.append((element, components + [String(index)]))
        }
      default:
        text += PropertyListKeyPath(components: components).shown(labels: labels) + " = " + Self.text(value) + "\n"
        if text.utf8.count >= 1 << 16 {
          written &+= text.utf8.count
          guard written <= maximumOutputSize else { throw exceeded() }
          output.write(text)
          text = ""
        }
      }
    }
    written &+= text.utf8.count
    guard written <= maximumOutputSize else { throw exceeded() }
    output.write(text)
  }

  private func exceeded() -> PropertyListError {
    PropertyListWritingOptions.outputLimitError(
      "the textconv lines passed \(maximumOutputSize) bytes while they were written", limit: maximumOutputSize,
      format: nil)
  }

  /// A value that is not a non-empty container, whole, on one line.
  static func text(_ value: PropertyList) -> String {
    switch value {
    case .data(let bytes):
      let digits = Array("0123456789abcdef")
      var hex = "<"
      for byte in bytes {
        hex.append(digits[Int(byte >> 4)])
        hex.append(digits[Int(byte & 0x0F)])
      }
      return hex + ">"
    case .array: return "[]"
    case .dictionary: return "{}"
    default: return TreePrinter(palette: Palette(isEnabled: false)).scalar(value)
    }
  }
}
