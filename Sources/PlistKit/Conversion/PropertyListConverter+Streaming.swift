/// Choosing between writing while reading and converting the value, and running each.
extension PropertyListConverter {
  /// True when input in `format` can be written as ``target`` while it is read, giving what
  /// converting its value gives (see the type's description).
  func canStream(from format: PropertyListFormat) -> Bool {
    guard !writingOptions.sortedKeys, format != .json || readingOptions.jsonStyle == .plain else { return false }
    if target == .binary { return streamsBinaryOutput && (format == .xml || format == .json) }
    return true
  }

  /// Where a streamed conversion reads from.
  enum StreamSource {
    /// Input in memory, in a known format.
    case memory(UnsafeRawBufferPointer, PropertyListFormat)
    /// An XML file of `size` bytes, read in chunks as libxml2 asks for them.
    case xmlFile(SystemFile, size: Int)

    /// The input's size in bytes, which the output limit scales with.
    var size: Int {
      switch self {
      case .memory(let bytes, _): bytes.count
      case .xmlFile(_, let size): size
      }
    }
  }

  /// How a streamed conversion ended.
  enum StreamOutcome {
    /// The output is complete: what is left of it (all of it without a `write` function), and
    /// the values plain JSON wrote as strings.
    case complete([UInt8], PlainJSONLosses)
    /// The input cannot be written while it is read; what was written is to be dropped.
    case fallBack(Fallback)
    /// Handing the output on failed with this error; the output is lost.
    case outputFailed(PropertyListError)
  }

  /// Converts from `source` while reading, handing the output to `write` in chunks (or keeping
  /// it without one).
  ///
  /// - Throws: the reader's error for input that is not a valid property list (the value path
  ///   would throw the same); anything else ends in an outcome.
  func convertWhileReading(
    _ source: StreamSource, write: StreamWriterOutput.Write?
  ) throws(PropertyListError) -> StreamOutcome {
    let writingOptions = writingOptions.boundingOutput(forInputSize: source.size)
    switch target {
    case .xml:
      var writer = XMLPropertyListStreamWriter(options: writingOptions, write: write)
      return try run(&writer, from: source)
    case .json:
      var writer = JSONPropertyListStreamWriter(options: writingOptions, write: write)
      return try run(&writer, from: source)
    case .openStep:
      var writer = OpenStepPropertyListStreamWriter(options: writingOptions, write: write)
      return try run(&writer, from: source)
    case .binary:
      switch source {
      case .xmlFile(_, let size):
        var writer = BinaryPropertyListStreamWriter(maximumObjectCount: Self.xmlObjectBound(size), write: write)
        return try run(&writer, from: source)
      case .memory(let bytes, .xml):
        var writer = BinaryPropertyListStreamWriter(maximumObjectCount: Self.xmlObjectBound(bytes.count), write: write)
        return try run(&writer, from: source)
      case .memory(let bytes, let format):
        // The bound counts the UTF-8 the parser reads, so UTF-16 JSON is transcoded first (its
        // size checked as it comes).
        try readingOptions.limits.checkInputSize(bytes.count, format: .json)
        if let utf8 = try UTF16Text.transcodeToUTF8(bytes, format: .json) {
          return try utf8.withRawBytes { (utf8) throws(PropertyListError) in
            try convertWhileReading(.memory(utf8, format), write: write)
          }
        }
        // Every value is at least one byte followed by a separator, and every key at least
        // `"":`, so no document of n bytes holds more than n / 2 + 1 objects.
        var writer = BinaryPropertyListStreamWriter(maximumObjectCount: bytes.count / 2 + 1, write: write)
        return try run(&writer, from: source)
      }
    }
  }

  /// A bound on the objects of an XML document of `size` bytes (see
  /// ``BinaryPropertyListStreamWriter/init(maximumObjectCount:write:)``).
  private static func xmlObjectBound(_ size: Int) -> Int { size / 6 + 1 }

  /// Reads `source` into `writer`, through a ``TypedJSONKeyStop`` for plain JSON that may be
  /// typed.
  private func run<Writer: StreamWriting>(
    _ writer: inout Writer, from source: StreamSource
  ) throws(PropertyListError) -> StreamOutcome {
    if case .memory(_, .json) = source, readingOptions.detectsTypedJSON {
      var guarded = TypedJSONKeyStop(writer)
      return try read(into: &guarded, from: source)
    }
    return try read(into: &writer, from: source)
  }

  /// Reads `source` into `writer`.
  private func read<Writer: StreamWriting>(
    into writer: inout Writer, from source: StreamSource
  ) throws(PropertyListError) -> StreamOutcome {
    do {
      switch source {
      case .memory(let bytes, let format):
        try PropertyList.read(bytes: bytes, format: format, options: readingOptions, into: &writer)
      case .xmlFile(let file, _):
        let limits = readingOptions.limits
        try XMLPropertyListReader.read(
          XMLInputSource(file: file, limit: limits.maximumInputSize), limits: limits, into: &writer)
      }
    } catch {
      if let reason = writer.stopReason { return .fallBack(reason) }
      if writer.destination.exceededLimit { return .fallBack(.outputLimit) }
      if let failure = writer.destination.failure { return .outputFailed(failure) }
      // A failure to read the input is reported in the value path's order.
      if error.kind == .io { return .fallBack(.failure) }
      throw error
    }
    do {
      let rest = try writer.finish()
      return .complete(rest, writer.plainJSONLosses)
    } catch {
      if writer.destination.exceededLimit { return .fallBack(.outputLimit) }
      if let failure = writer.destination.failure { return .outputFailed(failure) }
      throw error
    }
  }
}
