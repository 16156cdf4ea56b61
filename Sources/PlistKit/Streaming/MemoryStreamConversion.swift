/// What the converters that stream from input in memory share: converting whole, with the
/// value path as the fallback, and converting in chunks, telling the caller when to fall back.
protocol MemoryStreamConversion {
  /// The form the input is in.
  static var sourceFormat: PropertyListFormat { get }
  var readingOptions: PropertyListReadingOptions { get }
  var writingOptions: PropertyListWritingOptions { get }
  func canStream(to format: PropertyListFormat) -> Bool
  /// Converts while reading; returns what is left of the output (all of it without `flush`),
  /// or nil when the input cannot be written as it is read.
  func run(
    _ bytes: UnsafeRawBufferPointer, to format: PropertyListFormat, flush: XMLPropertyListStreamWriter.Flush?
  ) throws(PropertyListError) -> [UInt8]?
}

extension MemoryStreamConversion {
  /// Converts whole, from the value when the input cannot be streamed.
  func convertWhole(
    _ bytes: UnsafeRawBufferPointer, to format: PropertyListFormat
  ) throws(PropertyListError)
    -> [UInt8]
  {
    precondition(canStream(to: format), "\(format) cannot be streamed with these options")
    if let output = try run(bytes, to: format, flush: nil) { return output }
    return try PropertyList.read(bytes: bytes, format: Self.sourceFormat, options: readingOptions).value.serialized(
      as: format, options: writingOptions)
  }

  /// Converts in chunks handed to `write`; false when the input cannot be streamed.
  func convertInChunks(
    _ bytes: UnsafeRawBufferPointer, to format: PropertyListFormat,
    write: @escaping (UnsafeRawBufferPointer) throws(PropertyListError) -> Void
  ) throws(PropertyListError) -> Bool {
    precondition(canStream(to: format), "\(format) cannot be streamed with these options")
    guard let rest = try run(bytes, to: format, flush: write) else { return false }
    if !rest.isEmpty { try rest.withRawBytes { (bytes) throws(PropertyListError) in try write(bytes) } }
    return true
  }
}

/// The end of a streamed conversion: what `finish` returns when the writer took everything,
/// else nil for the caller to convert from the value; but a failure to hand output on is
/// thrown first, so that falling back never hides it.
func streamed(
  _ complete: Bool, failure: PropertyListError?, finish: () throws(PropertyListError) -> [UInt8]
) throws(PropertyListError) -> [UInt8]? {
  if let failure { throw failure }
  guard complete else { return nil }
  return try finish()
}
