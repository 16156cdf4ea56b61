extension OpenStepParser {
  /// An error at a byte offset, located by line and column.
  func error(_ kind: PropertyListError.Kind, at offset: Int, _ message: String) -> PropertyListError {
    PropertyListError(
      kind, format: .openStep, at: TextPosition.location(of: offset, in: bytes, from: textStart), message)
  }

  /// "expected X, found Y" for what is at the cursor; at the end of the input the kind is
  /// ``PropertyListError/Kind/unexpectedEnd``.
  func expected(_ what: String) -> PropertyListError {
    error(
      cursor < bytes.count ? .syntax : .unexpectedEnd, at: cursor,
      "expected \(what), found \(TextPosition.describe(at: cursor, in: bytes))")
  }
}
