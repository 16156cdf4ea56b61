/// The three ways a conversion ends: in memory, into an output stream, into a file.
extension PropertyListConverter {
  /// Converts bytes in memory into `stream`, handing the output on in chunks.
  func convert(
    bytes: UnsafeRawBufferPointer, fileName: String?, into stream: inout some PropertyListOutputStream
  ) throws(Failure) -> Report {
    var fallback = Fallback.notStreamable
    let detected = source ?? PropertyListFormat.detect(bytes, fileName: fileName)
    if let format = detected, canStream(from: format) {
      var losses = PlainJSONLosses()
      switch try convertWhileReading(.memory(bytes, format), into: &stream, losses: &losses) {
      case nil: return Report(sourceFormat: format, fallback: nil, plainJSONLosses: losses)
      case let reason?: fallback = reason
      }
    }
    return try convertValue(bytes, fileName: fileName, fallback: fallback, into: &stream)
  }

  /// Converts from `source` while reading, into `stream`; nil when that is done (with what
  /// plain JSON wrote as strings in `losses`), else why it cannot be, with `stream` restarted.
  private func convertWhileReading(
    _ source: StreamSource, into stream: inout some PropertyListOutputStream, losses: inout PlainJSONLosses
  ) throws(Failure) -> Fallback? {
    let outcome: StreamOutcome
    do {
      outcome = try withUnsafeMutablePointer(to: &stream) { (stream) throws(PropertyListError) in
        try convertWhileReading(source) { (bytes) throws(PropertyListError) in try stream.pointee.write(bytes) }
      }
    } catch {
      throw .input(error)
    }
    let reason: Fallback
    switch outcome {
    case .complete(_, let lost):
      losses = lost
      return nil
    case .fallBack(let why): reason = why
    case .outputFailed(let failure): throw .output(failure)
    }
    do {
      try stream.restart()
    } catch {
      throw .output(error)
    }
    return reason
  }

  /// Converts an opened input into `stream`: a regular XML file in chunks, anything else once
  /// it is read whole.
  func convert(_ input: OpenedInput, into stream: inout some PropertyListOutputStream) throws(Failure) -> Report {
    guard let size = try regularFileSize(of: input), source ?? input.detectFormat() == .xml, canStream(from: .xml)
    else {
      return try readWhole(input).withBytes { (bytes) throws(Failure) in
        try convert(bytes: bytes, fileName: input.input.fileName, into: &stream)
      }
    }
    var losses = PlainJSONLosses()
    guard let reason = try convertWhileReading(.xmlFile(input.file, size: size), into: &stream, losses: &losses)
    else {
      return Report(sourceFormat: .xml, fallback: nil, plainJSONLosses: losses)
    }
    return try readWhole(input, rewinding: true).withBytes { (bytes) throws(Failure) in
      try convertValue(bytes, fileName: input.input.fileName, fallback: reason, into: &stream)
    }
  }

  /// Converts an opened input into the file at `path`, atomically.
  func convert(_ input: OpenedInput, toFile path: String) throws(Failure) -> Report {
    guard let size = try regularFileSize(of: input) else {
      return try readWhole(input).withBytes { (bytes) throws(Failure) in
        try convert(bytes: bytes, fileName: input.input.fileName, toFile: path)
      }
    }
    let format = source ?? input.detectFormat()
    guard format == .xml, canStream(from: .xml) else {
      return try readWhole(input).withBytes { (bytes) throws(Failure) in
        try convert(bytes: bytes, fileName: input.input.fileName, toFile: path)
      }
    }
    var fallback = Fallback.failure
    var losses = PlainJSONLosses()
    if try convertWhileReading(.xmlFile(input.file, size: size), toFile: path, fallback: &fallback, losses: &losses) {
      return Report(sourceFormat: .xml, fallback: nil, plainJSONLosses: losses)
    }
    return try readWhole(input, rewinding: true).withBytes { (bytes) throws(Failure) in
      try convertValue(bytes, fileName: input.input.fileName, fallback: fallback, toFile: path)
    }
  }

  /// Converts bytes in memory into the file at `path`, atomically.
  private func convert(bytes: UnsafeRawBufferPointer, fileName: String?, toFile path: String) throws(Failure) -> Report
  {
    var fallback = Fallback.notStreamable
    if let format = source ?? PropertyListFormat.detect(bytes, fileName: fileName), canStream(from: format) {
      var losses = PlainJSONLosses()
      if try convertWhileReading(.memory(bytes, format), toFile: path, fallback: &fallback, losses: &losses) {
        return Report(sourceFormat: format, fallback: nil, plainJSONLosses: losses)
      }
    }
    return try convertValue(bytes, fileName: fileName, fallback: fallback, toFile: path)
  }

  /// Converts from `source` while reading, into the file at `path` atomically (with what plain
  /// JSON wrote as strings in `losses`); false, with why in `fallback`, when the value path
  /// must do it. Anything but the document's own error (a
  /// destination that cannot be written, a read error) falls back, so that the value path
  /// reports it in its order.
  private func convertWhileReading(
    _ source: StreamSource, toFile path: String, fallback: inout Fallback, losses: inout PlainJSONLosses
  ) throws(Failure) -> Bool {
    var documentError: PropertyListError?
    var outcome = StreamOutcome.fallBack(.failure)
    let written = try? PropertyListFile.writeAtomically(to: path) { (write) throws(PropertyListError) in
      do throws(PropertyListError) {
        outcome = try convertWhileReading(source, write: write)
      } catch {
        documentError = error
        throw error
      }
      guard case .complete(_, let lost) = outcome else { return false }
      losses = lost
      return true
    }
    if let documentError { throw .input(documentError) }
    if written == true { return true }
    if case .fallBack(let reason) = outcome { fallback = reason } else { fallback = .failure }
    return false
  }

  /// Converts the value into the file at `path`, atomically.
  private func convertValue(
    _ bytes: UnsafeRawBufferPointer, fileName: String?, fallback: Fallback, toFile path: String
  ) throws(Failure) -> Report {
    var output: [UInt8] = []
    let report = try convertValue(bytes, fileName: fileName, fallback: fallback, into: &output)
    do {
      try PropertyListFile.writeAtomically(output, to: path)
    } catch {
      throw .output(error)
    }
    return report
  }

  /// Reads the value and writes it: the path every conversion can take.
  private func convertValue(
    _ bytes: UnsafeRawBufferPointer, fileName: String?, fallback: Fallback,
    into stream: inout some PropertyListOutputStream
  ) throws(Failure) -> Report {
    let output: [UInt8]
    let format: PropertyListFormat
    var losses = PlainJSONLosses()
    do {
      let value: PropertyList
      (value, format) = try PropertyList.read(bytes: bytes, format: source, fileName: fileName, options: readingOptions)
      let options = writingOptions.boundingOutput(forInputSize: bytes.count)
      if target == .json {
        (output, losses) = try JSONPropertyListWriter(options: options).writeCountingLosses(value)
      } else {
        output = try value.serialized(as: target, options: options)
      }
      if keepsValuesUntilExit { ExitTimeRelease.keepUntilExit(value) }
    } catch {
      throw .input(error)
    }
    try Self.write(output, to: &stream)
    return Report(sourceFormat: format, fallback: fallback, plainJSONLosses: losses)
  }

  private static func write(_ output: [UInt8], to stream: inout some PropertyListOutputStream) throws(Failure) {
    do {
      try output.withRawBytes { (bytes) throws(PropertyListError) in try stream.write(bytes) }
    } catch {
      throw .output(error)
    }
  }

  /// The size of a file input that can be read in chunks and twice (a regular file named by
  /// its path), checked against the input limit; nil for any other input.
  private func regularFileSize(of input: OpenedInput) throws(Failure) -> Int? {
    guard case .file = input.input, let size = input.regularFileSize else { return nil }
    let limit = readingOptions.limits.maximumInputSize
    guard size <= limit else {
      throw .input(
        PropertyListError(.limitExceeded, "\(input.input.name) is \(size) bytes, over the input limit of \(limit)"))
    }
    return size
  }

  /// The whole input, from its start when `rewinding` (after a streamed attempt read it).
  private func readWhole(_ input: OpenedInput, rewinding: Bool = false) throws(Failure) -> InputBuffer {
    do throws(PropertyListError) {
      if rewinding, !input.file.rewind() {
        throw PropertyListError(.io, "cannot read again: \(SystemFile.lastError)", file: input.input.name)
      }
      return try input.readWhole(limits: readingOptions.limits)
    } catch {
      throw .input(error)
    }
  }
}
