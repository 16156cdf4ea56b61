extension PropertyList {
  /// Reads the property list in the file at `path`, in whichever format it is.
  ///
  /// - Parameters:
  ///   - path: the file to read.
  ///   - format: the format to read; nil detects it as ``read(path:format:options:)`` does.
  ///   - options: limits, and the JSON form to expect.
  /// - Throws: ``PropertyListError``: of kind ``PropertyListError/Kind/io`` when the file cannot
  ///   be read (its message names the path), else with the location of the problem.
  public init(
    path: String, format: PropertyListFormat? = nil, options: PropertyListReadingOptions = .default
  ) throws(PropertyListError) {
    self = try Self.read(path: path, format: format, options: options).value
  }

  /// Reads the property list in the file at `path` and tells which format it was in, to write
  /// it back the same way.
  ///
  /// - Parameters:
  ///   - path: the file to read.
  ///   - format: the format to read; nil detects it from the content, with a name ending in
  ///     `.json` read as JSON unless the content is a binary or XML plist.
  ///   - options: limits (the file may be no larger than ``PropertyListLimits/maximumInputSize``,
  ///     a pipe or a device than ``PropertyListLimits/maximumUnsizedInputSize``),
  ///     and the JSON form to expect.
  /// - Throws: ``PropertyListError``: of kind ``PropertyListError/Kind/io`` when the file cannot
  ///   be read (its message names the path), else with the location of the problem.
  public static func read(
    path: String, format: PropertyListFormat? = nil, options: PropertyListReadingOptions = .default
  ) throws(PropertyListError) -> (value: PropertyList, format: PropertyListFormat) {
    let input = try InputBuffer(reading: .file(path), limits: options.limits)
    return try input.withBytes { (bytes) throws(PropertyListError) in
      try read(bytes: bytes, format: format, fileName: path, options: options)
    }
  }

  /// Writes this value in `format` to the file at `path`, atomically (see
  /// ``PropertyListFile/writeAtomically(_:to:)``): a failure leaves the file as it was.
  ///
  /// - Throws: ``PropertyListError``: of kind ``PropertyListError/Kind/notRepresentable`` when
  ///   the format cannot hold a value (with its key path), or ``PropertyListError/Kind/io``
  ///   when the file cannot be written.
  public func write(
    to path: String, as format: PropertyListFormat, options: PropertyListWritingOptions = .default
  ) throws(PropertyListError) {
    try PropertyListFile.writeAtomically(serialized(as: format, options: options), to: path)
  }
}
