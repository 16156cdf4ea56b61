import PlistKit

/// The checks of the commands that print a value in full by walking it (`print`, `textconv`,
/// `get --to raw`), before they print anything.
enum ExpansionCheck {
  /// Refuses `value` when printing it in full would write out more values than the written
  /// value limit allows, or more than `limit` bytes with `weights` (the least each part
  /// prints as): a binary plist may share one container or one long string from many places,
  /// and printed text cannot share. The check of the writers
  /// (``PropertyListWritingOptions/checkExpansion(of:weights:format:what:)``), before anything
  /// is printed.
  static func refuse(
    _ value: PropertyList, weights: ExpansionWeights, limit: Int, what: String, path: String
  ) throws(CommandError) {
    do throws(PropertyListError) {
      try PropertyListWritingOptions(maximumOutputSize: limit).checkExpansion(
        of: value, weights: weights, format: nil, what: what)
    } catch {
      throw .file(path, error)
    }
  }

  /// Refuses `value` when it shares containers from more places than the reading limit on
  /// values allows once written out: plutil mode sorts the keys of a value before writing it as
  /// XML, and a sorted copy no longer shares.
  static func refuseSharingBomb(_ value: PropertyList, path: String) throws(CommandError) {
    let limit = PropertyListLimits.default.maximumObjectCount
    guard value.expandedValueCount(upTo: limit) != nil else {
      throw CommandError.file(
        path,
        PropertyListError(
          .limitExceeded,
          "the value holds more than \(limit) values once its shared arrays and dictionaries are written out"))
    }
  }

  /// Refuses `value` when its printed tree (see ``TreePrinter``) would be too large (see
  /// ``refuse(_:weights:limit:what:path:)``).
  static func refuseLargeTree(_ value: PropertyList, limit: Int, path: String) throws(CommandError) {
    // `"…"` for a string, `"…" => ` for a key; data shows a short preview.
    let weights = ExpansionWeights(container: 2, keyOverhead: 6) { value in
      if case .string(let string) = value { return string.utf8.count + 2 }
      return 1
    }
    try refuse(value, weights: weights, limit: limit, what: "printed text", path: path)
  }

  /// Refuses `value` when its textconv lines (see ``TextconvPrinter``) would be too large (see
  /// ``refuse(_:weights:limit:what:path:)``).
  static func refuseLargeLines(_ value: PropertyList, limit: Int, path: String) throws(CommandError) {
    // A scalar and its newline: `"…"` for a string, `<…>` with two hex digits a byte for data,
    // a character at least for others. A container: `{}` and a newline when empty, `{`, `}` and
    // two newlines otherwise. A key: its bytes, and ` = ` after it, which is left out so that the
    // root dictionary (no braces) never weighs more than it prints: its first ` = ` stands for
    // its container weight. Indentation is not counted.
    let weights = ExpansionWeights(container: 3, keyOverhead: 0) { value in
      switch value {
      case .string(let string): string.utf8.count + 3
      case .data(let data): data.count.multipliedReportingOverflow(by: 2).overflow ? Int.max : data.count * 2 + 3
      default: 2
      }
    }
    try refuse(value, weights: weights, limit: limit, what: "textconv lines", path: path)
  }

  /// Refuses a list for `sections` or `filter` whose items, written out at every place they
  /// occur, would be more than `limit` bytes of text (see
  /// ``refuse(_:weights:limit:what:path:)``): both walk every item's text in full.
  static func refuseLargeItems(_ value: PropertyList, limit: Int, path: String) throws(CommandError) {
    // Each string on a line of its own.
    let weights = ExpansionWeights(container: 0, keyOverhead: -1) { value in
      if case .string(let string) = value { return string.utf8.count + 1 }
      return 1
    }
    try refuse(value, weights: weights, limit: limit, what: "item text", path: path)
  }

  /// Refuses the raw text of `values` (see ``RawText``) when it would be more than `limit`
  /// bytes: a wildcard may match one long string at many places.
  static func refuseLargeRawText(_ values: [PropertyList], limit: Int, path: String) throws(CommandError) {
    var total = 0
    for value in values {
      let size: Int
      switch value {
      case .string(let string): size = string.utf8.count + 1
      case .data(let bytes): size = bytes.count / 3 * 4 + 1
      case .dictionary(let dictionary): size = dictionary.keys.reduce(1) { $0 &+ $1.utf8.count &+ 1 }
      default: size = 1
      }
      let (sum, overflow) = total.addingReportingOverflow(size)
      total = overflow ? Int.max : sum
    }
    guard total > limit else { return }
    throw .file(
      path,
      PropertyListWritingOptions.outputLimitError(
        "the matches' text would be \(total) bytes at least", limit: limit, format: nil))
  }
}
