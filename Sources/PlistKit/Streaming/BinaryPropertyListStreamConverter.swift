/// Converts a binary property list to XML or JSON while reading its objects, without building
/// its value: memory holds the input, the writer's small tables and a chunk of output.
///
/// The output is byte for byte what ``XMLPropertyListWriter`` or ``JSONPropertyListWriter``
/// writes for the value ``BinaryPropertyListReader`` reads. Where the objects cannot be written
/// as they are read (an error in the input, an array or dictionary referenced from several
/// places, a dictionary that repeats a key, a value the form cannot hold), the value is read
/// and written instead, so errors are the reader's and the writer's, exactly.
///
/// ```swift
/// let converter = BinaryPropertyListStreamConverter()
/// let xml = try converter.convert(binaryBytes, to: .xml)
/// ```
public struct BinaryPropertyListStreamConverter: Sendable, MemoryStreamConversion {
  static let sourceFormat = PropertyListFormat.binary

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

  /// True when `format` can be written while reading: XML and JSON, unless keys are to be
  /// sorted (which needs every key of a dictionary before its first).
  public func canStream(to format: PropertyListFormat) -> Bool {
    (format == .xml || format == .json) && !writingOptions.sortedKeys
  }

  /// Converts a binary property list in memory.
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

  /// Converts a binary property list in memory, handing the output to `write` in chunks of
  /// about a megabyte.
  ///
  /// - Returns: false when the objects cannot be written as they are read (see the type's
  ///   description): what `write` received is then incomplete, and the caller should discard
  ///   it and convert from the value (``PropertyList/serialized(as:options:)``), which also
  ///   reports any error in the input.
  /// - Throws: only what `write` throws. Output handed to `write` before it is incomplete.
  /// - Precondition: ``canStream(to:)`` is true for `format`.
  public func convert(
    _ bytes: UnsafeRawBufferPointer, to format: PropertyListFormat,
    write: @escaping (UnsafeRawBufferPointer) throws(PropertyListError) -> Void
  ) throws(PropertyListError) -> Bool {
    try convertInChunks(bytes, to: format, write: write)
  }

  /// Reads into the writer for `format`; returns what is left of its output, or nil when the
  /// objects cannot be written as they are read.
  func run(
    _ bytes: UnsafeRawBufferPointer, to format: PropertyListFormat,
    flush: XMLPropertyListStreamWriter.Flush?
  ) throws(PropertyListError) -> [UInt8]? {
    let limits = readingOptions.limits
    let maximumValueCount = writingOptions.maximumWrittenValueCount
    if format == .xml {
      var writer = XMLPropertyListStreamWriter(options: writingOptions, flush: flush)
      let complete = BinaryPropertyListEventReader.read(
        bytes, limits: limits, maximumValueCount: maximumValueCount, into: &writer)
      return try streamed(complete && !writer.cannotStream, failure: writer.failure) { () throws(PropertyListError) in
        try writer.finish()
      }
    }
    var writer = JSONPropertyListStreamWriter(options: writingOptions, flush: flush)
    let complete = BinaryPropertyListEventReader.read(
      bytes, limits: limits, maximumValueCount: maximumValueCount, into: &writer)
    return try streamed(complete && !writer.cannotStream, failure: writer.failure) { () throws(PropertyListError) in
      try writer.finish()
    }
  }
}
