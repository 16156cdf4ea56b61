import PlistKit

/// The checks of the commands that print a value in full by walking it (`print`, `textconv`,
/// `get --to raw`), before they print anything.
enum ExpansionCheck {
  /// Refuses `value` when printing it would write out more values than a file of the readers'
  /// size limit could hold: a binary plist may share one container from many places, and a
  /// printed tree cannot share.
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

  /// Refuses `value` when its printed tree (see ``TreePrinter``) would be more than `limit`
  /// bytes: a binary plist may reference one long string from many places.
  static func refuseLargeTree(_ value: PropertyList, limit: Int, path: String) throws(CommandError) {
    // `"…"` for a string, `"…" => ` for a key; data shows a short preview.
    let weights = ExpansionWeights(container: 2, keyOverhead: 6) { value in
      if case .string(let string) = value { return string.utf8.count + 2 }
      return 1
    }
    do throws(PropertyListError) {
      try PropertyListWritingOptions(maximumOutputSize: limit).checkOutputSize(
        of: value, weights: weights, format: nil, what: "printed text")
    } catch {
      throw .file(path, error)
    }
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
