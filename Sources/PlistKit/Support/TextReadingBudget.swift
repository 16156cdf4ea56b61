/// What one text document has used of its ``PropertyListLimits``: nesting, values and decoded
/// bytes. The JSON and OpenStep parsers share it, so both enforce the limits the same way and
/// in the same words; each turns a broken limit into an error at its own text position.
package struct TextReadingBudget {
  package let limits: PropertyListLimits
  package private(set) var valueCount = 0
  /// Bytes of strings and data decoded so far. A parser that reads ahead and backs up sets it
  /// back too.
  package var decodedSize = 0

  package init(limits: PropertyListLimits) { self.limits = limits }

  /// The message of the depth limit when `openContainers` more cannot be opened, else nil.
  package func depthExceeded(openContainers: Int) -> String? {
    openContainers < limits.maximumDepth
      ? nil : "nesting is deeper than the limit of \(limits.maximumDepth) levels"
  }

  /// Counts one value; the message of the object-count limit when it is broken, else nil.
  package mutating func countValue() -> String? {
    valueCount += 1
    return valueCount <= limits.maximumObjectCount
      ? nil : "the document has more than \(limits.maximumObjectCount) values (the limit)"
  }

  /// Counts decoded bytes; the message of the decoded-size limit when it is broken, else nil.
  package mutating func countDecoded(_ count: Int) -> String? {
    decodedSize += count
    return decodedSize <= limits.maximumDecodedSize
      ? nil : "the strings and data decode to more than \(limits.maximumDecodedSize) bytes (the limit)"
  }
}
