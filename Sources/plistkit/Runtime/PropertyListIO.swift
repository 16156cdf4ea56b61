import PlistKit

/// Reading inputs and writing results the same way in every command: `-` is standard input
/// or output, files are written atomically (so an output may name its own input), and errors
/// carry the file's name.
enum PropertyListIO {
  /// Reads a file, or standard input for `-`.
  static func readBytes(_ path: String) throws(CommandError) -> [UInt8] {
    do {
      if path == "-" { return try PropertyListFile.readAll(descriptor: 0, name: "<stdin>") }
      return try PropertyListFile.read(path: path)
    } catch {
      throw .file(path, stripName(error, path: path))
    }
  }

  /// Reads and parses a property list; `format` nil detects it from the content.
  static func read(
    _ path: String, format: PropertyListFormat? = nil, options: PropertyListReadingOptions = .default
  )
    throws(CommandError) -> (value: PropertyList, format: PropertyListFormat)
  {
    try parse(readBytes(path), path: path, format: format, options: options)
  }

  /// Parses bytes read from `path`, naming it in the error.
  static func parse(
    _ bytes: [UInt8], path: String, format: PropertyListFormat? = nil, options: PropertyListReadingOptions = .default
  ) throws(CommandError) -> (value: PropertyList, format: PropertyListFormat) {
    let result: Result<(value: PropertyList, format: PropertyListFormat), PropertyListError> = bytes.withUnsafeBytes {
      buffer in
      Result { () throws(PropertyListError) in try PropertyList.read(bytes: buffer, format: format, options: options) }
    }
    switch result {
    case .success(let parsed): return parsed
    case .failure(let error): throw .file(path, error)
    }
  }

  /// Writes bytes to a file atomically, or to standard output for `-`.
  static func write(_ bytes: [UInt8], to path: String, output: BufferedOutput) throws(CommandError) {
    if path == "-" {
      output.write(bytes: bytes)
      return
    }
    try writeFile(bytes, to: path)
  }

  /// Writes bytes to a file atomically (safe from any thread: it touches no shared state).
  static func writeFile(_ bytes: [UInt8], to path: String) throws(CommandError) {
    do {
      try PropertyListFile.writeAtomically(bytes, to: path)
    } catch {
      throw .file(path, stripName(error, path: path))
    }
  }

  /// Serializes a value, naming `path` in the error (a value the format cannot hold).
  static func serialize(
    _ value: PropertyList, as format: PropertyListFormat, options: PropertyListWritingOptions, path: String
  ) throws(CommandError) -> [UInt8] {
    do {
      return try value.serialized(as: format, options: options)
    } catch {
      throw .file(path, error)
    }
  }

  /// I/O errors already say the path (`cannot open X: …`); the CLI prefixes the name itself,
  /// so drop the repetition.
  private static func stripName(_ error: PropertyListError, path: String) -> PropertyListError {
    guard error.kind == .io else { return error }
    var copy = error
    copy.message = copy.message.replacingOccurrences(of: " \(path): ", with: ": ")
    return copy
  }
}

extension String {
  /// Every occurrence of `target` replaced by `replacement` (no Foundation in this module's hot path).
  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    guard !target.isEmpty else { return self }
    var result = ""
    var rest = self[...]
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound]
      result += replacement
      rest = rest[range.upperBound...]
    }
    result += rest
    return result
  }
}
