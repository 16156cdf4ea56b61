import PlistKit

/// A printer that writes the whole of a value as text (``TreePrinter``, ``TextconvPrinter``),
/// in pieces, and stops at a number of bytes.
///
/// Text cannot share what a binary plist shares, so each printer is paired with the check that
/// weighs the least its text makes before anything is written (see ``ExpansionCheck``), and
/// ``print(_:to:limit:path:)`` runs the two in that order.
protocol ValuePrinter {
  /// The most bytes to write.
  var maximumOutputSize: Int { get set }

  /// Refuses `value` when its text would pass `limit` bytes, before anything is written.
  static func refuseLarge(_ value: PropertyList, limit: Int, path: String) throws(CommandError)

  /// Writes the text of `value` to `output`.
  ///
  /// - Throws: a ``PropertyListError/Kind/limitExceeded`` error once the text passes
  ///   ``maximumOutputSize``, having written what came before.
  func write(_ value: PropertyList, to output: BufferedOutput) throws(PropertyListError)
}

extension ValuePrinter {
  /// Prints `value` to `output` in at most `limit` bytes; an error names the file at `path`.
  func print(_ value: PropertyList, to output: BufferedOutput, limit: Int, path: String) throws(CommandError) {
    try Self.refuseLarge(value, limit: limit, path: path)
    var printer = self
    printer.maximumOutputSize = limit
    do throws(PropertyListError) {
      try printer.write(value, to: output)
    } catch {
      throw .file(path, error)
    }
  }
}

extension TreePrinter: ValuePrinter {
  /// Refuses a tree that would be too large (see ``ExpansionCheck/refuseLargeTree(_:limit:path:)``).
  static func refuseLarge(_ value: PropertyList, limit: Int, path: String) throws(CommandError) {
    try ExpansionCheck.refuseLargeTree(value, limit: limit, path: path)
  }
}

extension TextconvPrinter: ValuePrinter {
  /// Refuses lines that would be too large (see ``ExpansionCheck/refuseLargeLines(_:limit:path:)``).
  static func refuseLarge(_ value: PropertyList, limit: Int, path: String) throws(CommandError) {
    try ExpansionCheck.refuseLargeLines(value, limit: limit, path: path)
  }
}
