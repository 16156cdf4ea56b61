extension PropertyList {
  /// Reads a property list in any supported format.
  ///
  /// - Parameters:
  ///   - bytes: the serialized form.
  ///   - format: the format to read; nil detects it from the content.
  ///   - options: limits, and the JSON form to expect.
  /// - Throws: ``PropertyListError`` with the location of the problem.
  public init(
    bytes: UnsafeRawBufferPointer, format: PropertyListFormat? = nil,
    options: PropertyListReadingOptions = .default
  ) throws(PropertyListError) {
    self = try Self.read(bytes: bytes, format: format, options: options).value
  }

  /// Reads a property list from a byte array; see ``init(bytes:format:options:)-(UnsafeRawBufferPointer,_,_)``.
  public init(
    bytes: [UInt8], format: PropertyListFormat? = nil, options: PropertyListReadingOptions = .default
  ) throws(PropertyListError) {
    self = try bytes.withRawBytes { (buffer) throws(PropertyListError) in
      try Self.read(bytes: buffer, format: format, options: options).value
    }
  }

  /// Reads a property list from any collection of bytes: `Data`, an `ArraySlice<UInt8>`, a
  /// buffer. A collection that keeps its bytes in one piece (as `Data` does) is read in place;
  /// any other is copied first.
  ///
  /// ```swift
  /// let value = try PropertyList(bytes: data)
  /// ```
  public init(
    bytes: some Collection<UInt8>, format: PropertyListFormat? = nil, options: PropertyListReadingOptions = .default
  ) throws(PropertyListError) {
    let inPlace = bytes.withContiguousStorageIfAvailable { buffer in
      Result { () throws(PropertyListError) -> PropertyList in
        try Self.read(bytes: UnsafeRawBufferPointer(buffer), format: format, options: options).value
      }
    }
    if let inPlace {
      self = try inPlace.get()
    } else {
      try self.init(bytes: Array(bytes), format: format, options: options)
    }
  }

  /// Reads a property list and tells which format it was in (to write it back the same way).
  public static func read(
    bytes: UnsafeRawBufferPointer, format: PropertyListFormat? = nil,
    options: PropertyListReadingOptions = .default
  ) throws(PropertyListError) -> (value: PropertyList, format: PropertyListFormat) {
    try read(bytes: bytes, format: format, fileName: nil, options: options)
  }

  /// Reads a property list into `sink` (see ``PropertyListEventSink``) and tells which format
  /// it was in. JSON is read as plain JSON (see ``JSONPropertyListReader/read(_:into:)``).
  ///
  /// - Parameters:
  ///   - bytes: the serialized form.
  ///   - format: the format to read; nil detects it from the content.
  ///   - options: limits (the JSON form is always plain here).
  ///   - sink: what hears the events.
  /// - Throws: ``PropertyListError`` with the location of the problem, or what the sink threw.
  @discardableResult
  public static func read<Sink: PropertyListEventSink>(
    bytes: UnsafeRawBufferPointer, format: PropertyListFormat? = nil,
    options: PropertyListReadingOptions = .default, into sink: inout Sink
  ) throws(PropertyListError) -> PropertyListFormat {
    let resolved = try resolveFormat(of: bytes, format, fileName: nil, limits: options.limits)
    switch resolved {
    case .xml: try XMLPropertyListReader(options: options).read(bytes, into: &sink)
    case .binary: try BinaryPropertyListReader(options: options).read(bytes, into: &sink)
    case .json: try JSONPropertyListReader(options: options).read(bytes, into: &sink)
    case .openStep: try OpenStepPropertyListReader(options: options).read(bytes, into: &sink)
    }
    return resolved
  }

  /// Reads a property list whose format is `format`, or detected with `fileName` as a hint
  /// (see ``PropertyListFormat/detect(_:fileName:)``).
  package static func read(
    bytes: UnsafeRawBufferPointer, format: PropertyListFormat?, fileName: String?,
    options: PropertyListReadingOptions
  ) throws(PropertyListError) -> (value: PropertyList, format: PropertyListFormat) {
    let resolved = try resolveFormat(of: bytes, format, fileName: fileName, limits: options.limits)
    let value: PropertyList
    switch resolved {
    case .xml: value = try XMLPropertyListReader(options: options).read(bytes)
    case .binary: value = try BinaryPropertyListReader(options: options).read(bytes)
    case .json: value = try JSONPropertyListReader(options: options).read(bytes)
    case .openStep: value = try OpenStepPropertyListReader(options: options).read(bytes)
    }
    return (value, resolved)
  }

  /// `format`, or the format detected from `bytes` (and `fileName`), after checking the size.
  static func resolveFormat(
    of bytes: UnsafeRawBufferPointer, _ format: PropertyListFormat?, fileName: String?, limits: PropertyListLimits
  ) throws(PropertyListError) -> PropertyListFormat {
    try limits.checkInputSize(bytes.count, format: format)
    guard let resolved = format ?? PropertyListFormat.detect(bytes, fileName: fileName) else {
      throw PropertyListError(.unknownFormat, "the input is empty or blank: no property list found")
    }
    return resolved
  }

  /// Writes this value in `format`.
  ///
  /// - Throws: ``PropertyListError`` of kind ``PropertyListError/Kind/notRepresentable`` when the
  ///   format cannot hold a value (a UID in OpenStep, a NaN in plain JSON), with its key path.
  public func serialized(
    as format: PropertyListFormat, options: PropertyListWritingOptions = .default
  ) throws(PropertyListError) -> [UInt8] {
    switch format {
    case .xml: try XMLPropertyListWriter(options: options).write(self)
    case .binary: try BinaryPropertyListWriter(options: options).write(self)
    case .json: try JSONPropertyListWriter(options: options).write(self)
    case .openStep: try OpenStepPropertyListWriter(options: options).write(self)
    }
  }
}
