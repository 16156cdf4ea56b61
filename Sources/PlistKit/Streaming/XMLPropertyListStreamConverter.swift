/// Converts an XML property list to the binary form or to JSON while reading it, without
/// building its value: memory holds libxml2's input window, the writer's tables and a chunk of
/// output, not the document's value (see `BinaryPropertyListStreamWriter` and
/// `JSONPropertyListStreamWriter` for what each keeps).
///
/// The result reads back as exactly the value ``XMLPropertyListReader`` reads from the same
/// document; JSON output is byte for byte what ``JSONPropertyListWriter`` writes. Errors are
/// the reader's, with the same kind, line, column and message.
///
/// ```swift
/// let converter = XMLPropertyListStreamConverter(writingOptions: .default)
/// let binary = try converter.convert(xmlBytes, to: .binary)
/// ```
public struct XMLPropertyListStreamConverter: Sendable {
  /// The limits to read with.
  public var readingOptions: PropertyListReadingOptions
  /// The form to write (``PropertyListWritingOptions/sortedKeys`` cannot be streamed).
  public var writingOptions: PropertyListWritingOptions

  /// Makes a converter.
  public init(
    readingOptions: PropertyListReadingOptions = .default, writingOptions: PropertyListWritingOptions = .default
  ) {
    self.readingOptions = readingOptions
    self.writingOptions = writingOptions
  }

  /// True when `format` can be written while reading: binary and JSON, unless keys are to be
  /// sorted (which needs every key of a dictionary before its first).
  public func canStream(to format: PropertyListFormat) -> Bool {
    (format == .binary || format == .json) && !writingOptions.sortedKeys
  }

  /// Converts an XML document in memory. A dictionary that repeats a key, or JSON of more
  /// values than ``PropertyListWritingOptions/maximumWrittenValueCount``, cannot be streamed;
  /// such a document is converted from its value instead, with the same result or error.
  ///
  /// - Precondition: ``canStream(to:)`` is true for `format`.
  /// - Throws: ``PropertyListError`` as ``XMLPropertyListReader`` and the writer throw it.
  public func convert(
    _ bytes: UnsafeRawBufferPointer, to format: PropertyListFormat
  ) throws(PropertyListError)
    -> [UInt8]
  {
    precondition(canStream(to: format), "\(format) cannot be streamed with these options")
    let limits = readingOptions.limits
    try limits.checkInputSize(bytes.count, format: .xml)
    let output = try run(XMLInputSource(bytes: bytes), inputSize: bytes.count, to: format, flush: nil)
    if let output { return output }
    return try XMLPropertyListReader(options: readingOptions).read(bytes).serialized(
      as: format, options: writingOptions)
  }

  /// Converts the XML document that `descriptor` reads (from where it stands to its end),
  /// handing the output to `write` in chunks of about a megabyte.
  ///
  /// - Parameters:
  ///   - descriptor: an open file descriptor, read from where it stands to its end.
  ///   - inputSize: the number of bytes the descriptor will read (a regular file's size); it
  ///     bounds the number of objects, which sets the width of binary object references.
  ///   - format: the format to write (see ``canStream(to:)``).
  ///   - write: takes each chunk of output as it is ready.
  /// - Returns: false when the document cannot be streamed (a dictionary that repeats a key,
  ///   JSON of more values than the writer may write): what `write` received is then
  ///   incomplete, and the caller should discard it and convert from the value
  ///   (``PropertyList/serialized(as:options:)``), which reports any error.
  /// - Throws: ``PropertyListError`` as ``XMLPropertyListReader`` throws it, a read error, or
  ///   what `write` throws. Output handed to `write` before an error is incomplete.
  /// - Precondition: ``canStream(to:)`` is true for `format`.
  public func convert(
    descriptor: Int32, inputSize: Int, to format: PropertyListFormat,
    write: @escaping (UnsafeRawBufferPointer) throws(PropertyListError) -> Void
  ) throws(PropertyListError) -> Bool {
    precondition(canStream(to: format), "\(format) cannot be streamed with these options")
    let limits = readingOptions.limits
    try limits.checkInputSize(inputSize, format: .xml)
    let source = XMLInputSource(descriptor: descriptor, limit: limits.maximumInputSize)
    guard let rest = try run(source, inputSize: inputSize, to: format, flush: write) else { return false }
    if !rest.isEmpty { try rest.withRawBytes { (bytes) throws(PropertyListError) in try write(bytes) } }
    return true
  }

  /// Parses into the writer for `format`; returns what is left of its output, or nil when the
  /// value cannot be streamed (a dictionary that repeats a key, more values than the JSON
  /// writer may write).
  private func run(
    _ source: XMLInputSource, inputSize: Int, to format: PropertyListFormat,
    flush: BinaryPropertyListStreamWriter.Flush?
  ) throws(PropertyListError) -> [UInt8]? {
    let limits = readingOptions.limits
    if format == .binary {
      let bound = min(inputSize, limits.maximumInputSize) / 6 + 1
      var writer = try XMLPropertyListReader.parse(
        source, limits: limits, into: BinaryPropertyListStreamWriter(maximumObjectCount: bound, flush: flush))
      return try streamed(!writer.repeatedKey, failure: writer.failure) { () throws(PropertyListError) in
        try writer.finish()
      }
    }
    var writer = try XMLPropertyListReader.parse(
      source, limits: limits, into: JSONPropertyListStreamWriter(options: writingOptions, flush: flush))
    return try streamed(!writer.cannotStream, failure: writer.failure) { () throws(PropertyListError) in
      try writer.finish()
    }
  }
}
