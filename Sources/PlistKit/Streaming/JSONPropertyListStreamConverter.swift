/// Converts plain JSON to the binary form or to XML while reading it, without building its
/// value: memory holds the input, the writer's tables and a chunk of output.
///
/// The result is what converting the value ``JSONPropertyListReader`` reads gives: XML byte
/// for byte as ``XMLPropertyListWriter`` writes it; binary the same value, laid out as
/// ``BinaryPropertyListStreamWriter`` describes. Errors in the JSON are the reader's, with the
/// same kind, line, column and message, since the same parser reads it. An object that repeats
/// a key, and a value XML cannot hold, cannot be written as they are read: the value is read
/// and written instead, with the same result or error as converting it.
///
/// The typed form is not streamed (whether an object is a tag is only known when it closes).
///
/// ```swift
/// let converter = JSONPropertyListStreamConverter()
/// let binary = try converter.convert(jsonBytes, to: .binary)
/// ```
public struct JSONPropertyListStreamConverter: Sendable, MemoryStreamConversion {
  static let sourceFormat = PropertyListFormat.json

  /// The limits and JSON style to read with (only the plain style can be streamed).
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

  /// True when `format` can be written while reading: binary and XML from plain JSON, unless
  /// keys are to be sorted (which needs every key of a dictionary before its first).
  public func canStream(to format: PropertyListFormat) -> Bool {
    (format == .binary || format == .xml) && !writingOptions.sortedKeys && readingOptions.jsonStyle == .plain
  }

  /// Converts JSON in memory.
  ///
  /// - Precondition: ``canStream(to:)`` is true for `format`.
  /// - Throws: ``PropertyListError`` as reading the value (``PropertyList/read(bytes:format:options:)``,
  ///   which also checks ``PropertyListLimits/maximumInputSize``) and the writer for `format`
  ///   throw it.
  public func convert(
    _ bytes: UnsafeRawBufferPointer, to format: PropertyListFormat
  ) throws(PropertyListError)
    -> [UInt8]
  {
    try convertWhole(bytes, to: format)
  }

  /// Converts JSON in memory, handing the output to `write` in chunks of about a megabyte.
  ///
  /// - Returns: false when the value cannot be written as it is read (an object that repeats
  ///   a key, a value XML cannot hold): what `write` received is then incomplete, and the
  ///   caller should discard it and convert from the value
  ///   (``PropertyList/serialized(as:options:)``).
  /// - Throws: ``PropertyListError`` as reading the value throws it (see ``convert(_:to:)``),
  ///   or what `write` throws. Output handed to `write` before an error is incomplete.
  /// - Precondition: ``canStream(to:)`` is true for `format`.
  public func convert(
    _ bytes: UnsafeRawBufferPointer, to format: PropertyListFormat,
    write: @escaping (UnsafeRawBufferPointer) throws(PropertyListError) -> Void
  ) throws(PropertyListError) -> Bool {
    try convertInChunks(bytes, to: format, write: write)
  }

  /// Parses into the writer for `format`; returns what is left of its output, or nil when the
  /// value cannot be written as it is read.
  func run(
    _ bytes: UnsafeRawBufferPointer, to format: PropertyListFormat, flush: XMLPropertyListStreamWriter.Flush?
  ) throws(PropertyListError) -> [UInt8]? {
    let limits = readingOptions.limits
    try limits.checkInputSize(bytes.count, format: .json)
    if let utf8 = try UTF16Text.transcodeToUTF8(bytes, format: .json) {
      return try utf8.withRawBytes { (buffer) throws(PropertyListError) in try run(buffer, to: format, flush: flush) }
    }
    var parser = JSONParser(bytes: bytes, options: readingOptions)
    if format == .binary {
      // Every value is at least one byte followed by a separator, and every key at least
      // `"":`, so no document of n bytes holds more than n / 2 + 1 objects.
      let writer = BinaryPropertyListStreamWriter(maximumObjectCount: bytes.count / 2 + 1, flush: flush)
      var forwarder = JSONEventForwarder(consumer: writer, stopsAtTagKeys: readingOptions.detectsTypedJSON)
      let complete = try parser.parse(into: &forwarder) && !forwarder.consumer.repeatedKey
      return try streamed(complete, failure: forwarder.consumer.failure) { () throws(PropertyListError) in
        try forwarder.consumer.finish()
      }
    }
    var forwarder = JSONEventForwarder(
      consumer: XMLPropertyListStreamWriter(options: writingOptions, flush: flush),
      stopsAtTagKeys: readingOptions.detectsTypedJSON)
    let complete = try parser.parse(into: &forwarder) && !forwarder.consumer.cannotStream
    return try streamed(complete, failure: forwarder.consumer.failure) { () throws(PropertyListError) in
      try forwarder.consumer.finish()
    }
  }
}
