extension Array where Element == UInt8 {
  /// `withUnsafeBytes` for a body that throws ``PropertyListError`` (the standard library's
  /// version only rethrows untyped errors).
  package func withRawBytes<Result>(
    _ body: (UnsafeRawBufferPointer) throws(PropertyListError) -> Result
  ) throws(PropertyListError) -> Result {
    let outcome = withUnsafeBytes { buffer in
      Swift.Result { () throws(PropertyListError) -> Result in try body(buffer) }
    }
    return try outcome.get()
  }
}
