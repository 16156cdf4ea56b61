extension PropertyList {
  /// Checks that `bytes` hold a valid property list without building its value, and tells
  /// which format it is in: what `plistkit lint` does.
  ///
  /// The reader reports to a sink that keeps nothing (``PropertyListEventSink``), so checking
  /// needs the reader's memory only. The errors are exactly those of
  /// ``read(bytes:format:options:)`` (kind, location, message). JSON in the typed form, and plain
  /// JSON with a key that names one of its tags, are checked through their value: whether an
  /// object is a tag is only known once it closes.
  ///
  /// - Parameters:
  ///   - bytes: the serialized form.
  ///   - format: the format to read; nil detects it from the content.
  ///   - options: limits, and the JSON form to expect.
  /// - Throws: ``PropertyListError`` with the location of the problem.
  @discardableResult
  public static func check(
    bytes: UnsafeRawBufferPointer, format: PropertyListFormat? = nil,
    options: PropertyListReadingOptions = .default
  ) throws(PropertyListError) -> PropertyListFormat {
    try check(bytes: bytes, format: format, fileName: nil, options: options)
  }

  /// Checks a property list whose format is `format`, or detected with `fileName` as a hint
  /// (see ``PropertyListFormat/detect(_:fileName:)``).
  package static func check(
    bytes: UnsafeRawBufferPointer, format: PropertyListFormat?, fileName: String?,
    options: PropertyListReadingOptions
  ) throws(PropertyListError) -> PropertyListFormat {
    let resolved = try resolveFormat(of: bytes, format, fileName: fileName, limits: options.limits)
    if resolved == .json, options.jsonStyle == .typed {
      return try read(bytes: bytes, format: resolved, fileName: nil, options: options).format
    }
    var sink = PropertyListCheckingSink(stopsAtTypedJSONTag: resolved == .json && options.detectsTypedJSON)
    do {
      return try read(bytes: bytes, format: resolved, options: options, into: &sink)
    } catch {
      guard sink.metTypedJSONTag else { throw error }
      return try read(bytes: bytes, format: resolved, fileName: nil, options: options).format
    }
  }
}
