/// The bounds on what writing a value may produce: its values once shared containers are
/// written out (``PropertyListWritingOptions/maximumWrittenValueCount``) and its bytes
/// (``PropertyListWritingOptions/maximumOutputSize``).
extension PropertyListWritingOptions {
  /// The output limit for an input of `inputSize` bytes when none is set: 64 times the input,
  /// and at least 256 MiB. No real file comes near it (XML from binary is a few times the input);
  /// only sharing makes more.
  public static func defaultMaximumOutputSize(forInputSize inputSize: Int) -> Int {
    let (scaled, overflow) = inputSize.multipliedReportingOverflow(by: 64)
    return overflow ? Int.max : max(scaled, 256 << 20)
  }

  /// These options with ``maximumOutputSize`` scaled to an input of `inputSize` bytes when it is
  /// not set.
  package func boundingOutput(forInputSize inputSize: Int) -> PropertyListWritingOptions {
    guard maximumOutputSize == nil else { return self }
    var options = self
    options.maximumOutputSize = Self.defaultMaximumOutputSize(forInputSize: inputSize)
    return options
  }

  /// Fails when writing `value` out in full, in a form that cannot share containers, would
  /// produce more than ``maximumWrittenValueCount`` values, or when the least `format`'s writer
  /// would write of it is over ``maximumOutputSize``: before anything is written.
  package func checkExpansion(of value: PropertyList, in format: PropertyListFormat) throws(PropertyListError) {
    try checkExpansion(of: value, weights: .leastOutput(of: format, options: self), format: format)
  }

  /// The one check of everything that writes, prints or walks a value out in full (the writers,
  /// the printers, the matching of wildcards, schema validation, edits that copy a value):
  /// fails when `value`, its shared arrays and dictionaries counted at every place they occur,
  /// holds more than ``maximumWrittenValueCount`` values, or weighs more than
  /// ``maximumOutputSize`` with `weights` (the least bytes each part makes; nil weighs
  /// nothing, as the binary writer shares what repeats). `what` names the output in the error
  /// (`printed text`); nil names `format`'s output. Time is linear in the distinct containers.
  package func checkExpansion(
    of value: PropertyList, weights: ExpansionWeights?, format: PropertyListFormat?, what: String? = nil
  ) throws(PropertyListError) {
    guard value.expandedValueCount(upTo: maximumWrittenValueCount) != nil else {
      throw PropertyListError(
        .limitExceeded, format: format,
        "the value holds more than \(maximumWrittenValueCount) values once its shared arrays and dictionaries "
          + "are written out at every place they occur (the written value limit)"
          + (format == nil ? "" : "; the binary form keeps them shared"))
    }
    try checkOutputSize(of: value, weights: weights, format: format, what: what)
  }

  /// Fails when `value` weighs more than ``maximumOutputSize`` with `weights`, the least bytes
  /// a writer makes of each part (nil weights: the writer shares what repeats, as binary does).
  package func checkOutputSize(
    of value: PropertyList, weights: ExpansionWeights?, format: PropertyListFormat?, what: String? = nil
  ) throws(PropertyListError) {
    guard let limit = maximumOutputSize, let weights else { return }
    guard value.expandedWeight(upTo: limit, weights: weights) == nil else { return }
    let least = value.expandedWeight(upTo: Int.max, weights: weights).map { "\($0)" } ?? "more than \(Int.max)"
    let output = what ?? format.map { "\($0) output" } ?? "the output"
    throw Self.outputLimitError(
      "the value would make at least \(least) bytes of \(output) once its shared strings, data and containers "
        + "are written out at every place they occur", limit: limit, format: format)
  }

  /// The error for output that passed ``maximumOutputSize`` while it was written.
  package static func outputLimitError(
    _ what: String, limit: Int, format: PropertyListFormat?
  ) -> PropertyListError {
    PropertyListError(
      .limitExceeded, format: format, "\(what), over the output limit of \(limit) bytes", remedy: .maximumOutputSize)
  }
}

/// Stops a writer whose output passes ``PropertyListWritingOptions/maximumOutputSize``: the
/// check before writing weighs the least a writer makes, and indentation can add more.
package struct OutputBudget: Sendable {
  /// The most bytes allowed.
  package let limit: Int
  let format: PropertyListFormat?

  /// The budget of `options` for `format`.
  package init(_ options: PropertyListWritingOptions, format: PropertyListFormat?) {
    limit = options.maximumOutputSize ?? Int.max
    self.format = format
  }

  /// True when `count` bytes are within the budget.
  @inline(__always)
  package func allows(_ count: Int) -> Bool { count <= limit }

  /// Fails once `count` bytes are over the budget.
  @inline(__always)
  package func check(_ count: Int) throws(PropertyListError) {
    guard count > limit else { return }
    throw exceeded()
  }

  /// The error for output over the budget.
  package func exceeded() -> PropertyListError {
    let output = format.map { "\($0) output" } ?? "output"
    return PropertyListWritingOptions.outputLimitError(
      "the \(output) passed \(limit) bytes while it was written", limit: limit, format: format)
  }
}

extension ExpansionWeights {
  /// The least bytes `format`'s writer makes of each part of a value (escaping, indentation and
  /// line breaks only add to it); nil for binary, which writes a repeated object once.
  package static func leastOutput(
    of format: PropertyListFormat, options: PropertyListWritingOptions
  )
    -> ExpansionWeights?
  {
    switch format {
    case .binary: return nil
    case .xml:
      // `<string></string>`, `<key></key>`, `<data></data>`, `<true/>`, `<dict/>`.
      return ExpansionWeights(container: 7, keyOverhead: 11) { value in
        switch value {
        case .string(let string): string.utf8.count + 17
        case .data(let data): Base64.encodedCount(data.count) + 13
        default: 7
        }
      }
    case .json:
      let typed = options.jsonStyle == .typed
      // Quotes, `"":` for a key, `{"$data":""}` for typed data.
      return ExpansionWeights(container: 2, keyOverhead: 3) { value in
        switch value {
        case .string(let string): string.utf8.count + 2
        case .data(let data): Base64.encodedCount(data.count) + (typed ? 12 : 2)
        default: 1
        }
      }
    case .openStep:
      // `=;` after a key, `<>` and two hex digits a byte for data.
      return ExpansionWeights(container: 2, keyOverhead: 2) { value in
        switch value {
        case .string(let string): string.utf8.count
        case .data(let data): data.count.multipliedReportingOverflow(by: 2).overflow ? Int.max : data.count * 2 + 2
        default: 1
        }
      }
    }
  }
}
