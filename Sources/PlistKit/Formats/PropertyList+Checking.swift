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
    try inspect(bytes: bytes, format: format, fileName: nil, options: options, findsRepeatedKeys: false).format
  }

  /// Checks a property list whose format is `format`, or detected with `fileName` as a hint
  /// (see ``PropertyListFormat/detect(_:fileName:)``).
  package static func check(
    bytes: UnsafeRawBufferPointer, format: PropertyListFormat?, fileName: String?,
    options: PropertyListReadingOptions
  ) throws(PropertyListError) -> PropertyListFormat {
    try inspect(bytes: bytes, format: format, fileName: fileName, options: options, findsRepeatedKeys: false).format
  }

  /// Checks that `bytes` hold a valid property list, as ``check(bytes:format:options:)`` does
  /// (the same errors), and reports what is legal but likely a mistake: a key that a dictionary
  /// repeats, with both places. What `plistkit lint` does.
  ///
  /// The check keeps the keys of the open dictionaries (never the values), so it costs more
  /// memory than ``check(bytes:format:options:)`` for a dictionary of many keys.
  ///
  /// - Parameters:
  ///   - bytes: the serialized form.
  ///   - format: the format to read; nil detects it from the content.
  ///   - options: limits, and the JSON form to expect.
  /// - Throws: ``PropertyListError`` with the location of the problem.
  public static func lint(
    bytes: UnsafeRawBufferPointer, format: PropertyListFormat? = nil,
    options: PropertyListReadingOptions = .default
  ) throws(PropertyListError) -> PropertyListLintReport {
    try inspect(bytes: bytes, format: format, fileName: nil, options: options, findsRepeatedKeys: true)
  }

  /// Lints a property list whose format is `format`, or detected with `fileName` as a hint.
  package static func lint(
    bytes: UnsafeRawBufferPointer, format: PropertyListFormat?, fileName: String?,
    options: PropertyListReadingOptions
  ) throws(PropertyListError) -> PropertyListLintReport {
    try inspect(bytes: bytes, format: format, fileName: fileName, options: options, findsRepeatedKeys: true)
  }

  /// The check and the lint in one: a read into a checking sink, through the value where only
  /// the value tells a typed JSON tag; with `findsRepeatedKeys`, a read of the raw keys after
  /// the value's read, which the value alone cannot show.
  private static func inspect(
    bytes: UnsafeRawBufferPointer, format: PropertyListFormat?, fileName: String?,
    options: PropertyListReadingOptions, findsRepeatedKeys: Bool
  ) throws(PropertyListError) -> PropertyListLintReport {
    let resolved = try resolveFormat(of: bytes, format, fileName: fileName, limits: options.limits)
    let typed = resolved == .json && options.jsonStyle == .typed
    var sink = PropertyListCheckingSink(
      stopsAtTypedJSONTag: resolved == .json && options.detectsTypedJSON && !typed,
      findsRepeatedKeys: findsRepeatedKeys)
    do {
      if typed {
        _ = try read(bytes: bytes, format: resolved, fileName: nil, options: options)
        guard findsRepeatedKeys else { return PropertyListLintReport(format: resolved, repeatedKeys: []) }
      }
      try read(bytes: bytes, format: resolved, options: options, into: &sink)
    } catch {
      guard sink.metTypedJSONTag else { throw error }
      // The value path's errors first, then the keys of the raw JSON objects.
      _ = try read(bytes: bytes, format: resolved, fileName: nil, options: options)
      if findsRepeatedKeys {
        sink = PropertyListCheckingSink(findsRepeatedKeys: true)
        try read(bytes: bytes, format: resolved, options: options, into: &sink)
      }
    }
    return PropertyListLintReport(format: resolved, repeatedKeys: sink.repeatedKeys)
  }
}
