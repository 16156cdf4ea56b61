import PlistDiff
import PlistKit
import XcodeProject

/// The form `plistkit textconv` prints for git's textconv: the value as an indented tree, one
/// line per scalar, so that the text of two versions diffs line by line, whatever their format
/// or key order.
///
/// ```
/// Name = "Presidents"
/// Tags = [
///   "book"
///   {
///     "two words" = <00ff>
///   }
/// ]
/// ```
///
/// A dictionary's entries are `key = value` lines in sorted key order (by code point); an
/// array's elements are one entry each, in order and without their index, so that inserting,
/// removing or moving an element changes that element's lines and no others. A non-empty
/// container opens with `key = {` or `key = [` and closes with `}` or `]` on a line of its own,
/// its contents indented two more spaces. The root dictionary's keys start at column 0 (git's
/// hunk headers show the top-level key); a root array is `[` … `]`, a root scalar its value.
///
/// Strings, data and dates are shown whole (`"text"` with escapes, `<0001ff>`, ISO 8601),
/// empty containers as `{}` and `[]`, UIDs as `<uid N>`. A key is shown bare when it is made of
/// characters that cannot be mistaken for the syntax around it, and quoted like a string
/// otherwise (see ``shownKey(_:)``), so that two different values never print the same text.
/// Keys and strings are escaped by ``LineSafeText``, so that no key or value can forge a line
/// of the diff.
struct TextconvPrinter {
  /// Project files: the keys of `objects` (object IDs) shown with Xcode's comments.
  var labels: ProjectPathLabels?

  /// The most bytes to write (see ``ExpansionCheck/refuseLargeLines(_:limit:path:)``, which
  /// weighs the least the lines make before anything is written; indentation adds more).
  var maximumOutputSize = Int.max

  /// One piece of work of ``write(_:to:)``: a value to print (as an entry of its container),
  /// or the line that closes a container.
  private enum Step {
    /// `value` on a line at `depth`, after `key = ` when it is a dictionary's entry; `isObjects`
    /// marks a project's `objects`, whose keys get Xcode's comments.
    case value(PropertyList, key: String?, depth: Int, isObjects: Bool)
    /// The `}` or `]` of a container at `depth`.
    case close(String, depth: Int)
  }

  /// Text collected before it is written out.
  private static let flushSize = 1 << 16

  /// Writes the lines of `value` to `output`, without recursion, in pieces.
  ///
  /// - Throws: a ``PropertyListError/Kind/limitExceeded`` error once the text passes
  ///   ``maximumOutputSize``, having written what came before.
  func write(_ value: PropertyList, to output: BufferedOutput) throws(PropertyListError) {
    var pending: [Step] = []
    if case .dictionary(let root) = value, !root.isEmpty {
      // The root's keys at column 0, without braces around them.
      pushEntries(of: root, depth: 0, commented: false, onto: &pending)
    } else {
      pending.append(.value(value, key: nil, depth: 0, isObjects: false))
    }
    var text = ""
    var written = 0
    while let step = pending.popLast() {
      switch step {
      case .close(let bracket, let depth):
        text += Self.indentation(depth) + bracket + "\n"
      case .value(let value, let key, let depth, let isObjects):
        text += Self.indentation(depth)
        if let key { text += key + " = " }
        switch value {
        case .dictionary(let dictionary) where !dictionary.isEmpty:
          text += "{\n"
          pending.append(.close("}", depth: depth))
          pushEntries(of: dictionary, depth: depth + 1, commented: isObjects, onto: &pending)
        case .array(let elements) where !elements.isEmpty:
          text += "[\n"
          pending.append(.close("]", depth: depth))
          for element in elements.reversed() {
            pending.append(.value(element, key: nil, depth: depth + 1, isObjects: false))
          }
        default:
          text += Self.text(value) + "\n"
        }
      }
      if text.utf8.count >= Self.flushSize {
        written &+= text.utf8.count
        guard written <= maximumOutputSize else { throw exceeded() }
        output.write(text)
        text = ""
      }
    }
    written &+= text.utf8.count
    guard written <= maximumOutputSize else { throw exceeded() }
    output.write(text)
  }

  /// Pushes the entries of `dictionary` so that they pop in sorted key order (by code point,
  /// whatever the file's order); `commented` shows its keys with Xcode's comments (a project's
  /// `objects`, which only the root's entries, at depth 0, can be).
  private func pushEntries(
    of dictionary: PropertyListDictionary, depth: Int, commented: Bool, onto pending: inout [Step]
  ) {
    let keys = dictionary.keys
    let order = dictionary.indices.sorted { keys[$0].utf8.lexicographicallyPrecedes(keys[$1].utf8) }
    for position in order.reversed() {
      let key = keys[position]
      var shown = Self.shownKey(key)
      if commented, let comment = labels?.comment(forObject: key) {
        shown += " (" + LineSafeText.escaped(comment) + ")"
      }
      let isObjects = depth == 0 && labels != nil && key == "objects"
      pending.append(.value(dictionary.values[position], key: shown, depth: depth, isObjects: isObjects))
    }
  }

  private func exceeded() -> PropertyListError {
    PropertyListWritingOptions.outputLimitError(
      "the textconv lines passed \(maximumOutputSize) bytes while they were written", limit: maximumOutputSize,
      format: nil)
  }

  /// Indentation strings for the usual depths, made once.
  private static let indentations: [String] = (0..<64).map { String(repeating: "  ", count: $0) }

  private static func indentation(_ depth: Int) -> String {
    depth < indentations.count ? indentations[depth] : String(repeating: "  ", count: depth)
  }

  /// A key as its line shows it: bare when it is not empty and none of its characters is a
  /// quote, a backslash, `=`, a brace or a bracket, white space, an invisible (default
  /// ignorable) character or one that ``LineSafeText`` escapes; otherwise in double quotes with
  /// escapes, as strings are shown. A bare key therefore never holds ` = ` or starts like a
  /// quoted one, and a line's key always ends at its first ` = ` outside quotes.
  static func shownKey(_ key: String) -> String {
    isBare(key) ? key : TreePrinter.quoted(key)
  }

  /// True when `key` can be shown without quotes (see ``shownKey(_:)``); printable ASCII is
  /// checked byte by byte, other scalars by their properties.
  static func isBare(_ key: String) -> Bool {
    guard !key.isEmpty else { return false }
    var ascii = true
    for byte in key.utf8 {
      switch byte {
      case 0x22, 0x3D, 0x5B, 0x5C, 0x5D, 0x7B, 0x7D: return false  // " = [ \ ] { }
      case 0x21...0x7E: continue
      case 0x80...: ascii = false
      default: return false  // space, controls, DEL
      }
    }
    if ascii { return true }
    return key.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        || (LineSafeText.escape(scalar) == nil && !scalar.properties.isWhitespace
          && !scalar.properties.isDefaultIgnorableCodePoint)
    }
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
