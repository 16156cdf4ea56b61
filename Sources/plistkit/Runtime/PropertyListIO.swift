import PlistKit

/// Reading inputs and writing results the same way in every command: `-` is standard input
/// or output, files are written atomically (so an output may name its own input), and errors
/// carry the file's name.
enum PropertyListIO {
  /// The input a path names: `-` is standard input.
  static func input(_ path: String) -> PropertyListInput { path == "-" ? .standardInput : .file(path) }

  /// Reads a file whole, or standard input for `-`, within ``InputLimit/limits``.
  static func readBytes(_ path: String) throws(CommandError) -> InputBuffer {
    do {
      return try InputBuffer(reading: input(path), limits: InputLimit.limits)
    } catch {
      throw .file(path, error)
    }
  }

  /// True when the regular file at `path` holds exactly `bytes`: read a megabyte at a time, so
  /// that a command that leaves an unchanged file alone does not hold the file beside its output.
  static func fileHolds(_ path: String, exactly bytes: [UInt8]) -> Bool {
    guard let file = SystemFile.openForReading(path) else { return false }
    defer { file.close() }
    guard file.regularFileSize == bytes.count else { return false }
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
    defer { chunk.deallocate() }
    var compared = 0
    while compared < bytes.count {
      let count = file.readSome(into: chunk)
      guard count > 0, compared + count <= bytes.count,
        bytes[compared..<(compared + count)].elementsEqual(UnsafeRawBufferPointer(rebasing: chunk[..<count]))
      else { return false }
      compared += count
    }
    return file.readSome(into: chunk) == 0
  }

  /// Reads and parses a property list; `format` nil detects it from the content (a `.json`
  /// name is read as JSON).
  static func read(
    _ path: String, format: PropertyListFormat? = nil, options: PropertyListReadingOptions = .default
  )
    throws(CommandError) -> (value: PropertyList, format: PropertyListFormat)
  {
    try parse(readBytes(path), path: path, format: format, options: options)
  }

  /// Checks that the file at `path` (`-` is standard input) is a valid property list without
  /// building its value (see ``PropertyList/check(bytes:format:options:)``); `format` nil detects
  /// it as ``read(_:format:options:)`` does.
  static func check(
    _ path: String, format: PropertyListFormat? = nil, options: PropertyListReadingOptions = .default
  ) throws(CommandError) {
    let input = try readBytes(path)
    do {
      _ = try input.withBytes { (bytes) throws(PropertyListError) in
        try PropertyList.check(bytes: bytes, format: format, fileName: Self.input(path).fileName, options: options)
      }
    } catch {
      throw .file(path, error)
    }
  }

  /// Checks the file at `path` as ``check(_:format:options:)`` does, and reports the keys its
  /// dictionaries repeat (see ``PropertyList/lint(bytes:format:options:)``).
  static func lint(
    _ path: String, format: PropertyListFormat?, options: PropertyListReadingOptions
  ) throws(CommandError) -> PropertyListLintReport {
    let input = try readBytes(path)
    do {
      return try input.withBytes { (bytes) throws(PropertyListError) in
        try PropertyList.lint(bytes: bytes, format: format, fileName: Self.input(path).fileName, options: options)
      }
    } catch {
      throw .file(path, error)
    }
  }

  /// Parses an input read from `path`, naming it in the error.
  static func parse(
    _ input: InputBuffer, path: String, format: PropertyListFormat? = nil,
    options: PropertyListReadingOptions = .default
  ) throws(CommandError) -> (value: PropertyList, format: PropertyListFormat) {
    do {
      return try input.withBytes { (bytes) throws(PropertyListError) in
        try PropertyList.read(bytes: bytes, format: format, fileName: Self.input(path).fileName, options: options)
      }
    } catch {
      throw .file(path, error)
    }
  }

  /// Runs `body`, which reads the file at `path` and writes the result to `destination` (nil:
  /// back to `path`), under the file's edit lock when it writes the file it reads (see
  /// ``FileEditLock``): two such edits of one file run one after the other, the second reading
  /// what the first wrote, so neither change is lost. Standard input and another output take
  /// no lock. The lock is not taken again inside: `body` must not call this.
  static func whileEditing<Result, Failure: Error>(
    _ path: String, writingTo destination: String?, _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    guard path != "-", destination.map({ FileSystem.isSameFile($0, path) }) ?? true else { return try body() }
    return try FileEditLock.whileLocked(path, body)
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
    warnAboutHardLinks(path)
    do {
      try PropertyListFile.writeAtomically(bytes, to: path)
    } catch {
      throw .file(path, error)
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

  /// Converts the file at `path` (`-` is standard input) with `converter`: into `destination`
  /// atomically, or returned for standard output when it is nil, with the converter's report.
  /// Errors name the input, or the destination when writing it failed.
  static func convert(
    _ path: String, with converter: PropertyListConverter, to destination: String?
  ) throws(CommandError) -> (bytes: [UInt8]?, report: PropertyListConverter.Report) {
    var converter = converter
    converter.readingOptions = InputLimit.bounding(converter.readingOptions)
    do {
      guard let destination else {
        var output: [UInt8] = []
        let report = try converter.convert(input(path), into: &output)
        return (output, report)
      }
      warnAboutHardLinks(destination)
      return (nil, try converter.convert(input(path), toFile: destination))
    } catch {
      switch error {
      case .input(let error): throw .file(path, error)
      case .output(let error): throw .file(destination ?? "-", error)
      }
    }
  }

  /// An atomic write replaces a file with a new one, so other hard links to it keep the old
  /// content: say so on standard error rather than break them silently.
  private static func warnAboutHardLinks(_ path: String) {
    if let warning = hardLinkWarning(path) { StandardError.writeLine(warning) }
  }

  /// The warning that writing `path` leaves its other hard links with the old content, if it has any.
  static func hardLinkWarning(_ path: String) -> String? {
    let others = PropertyListFile.otherHardLinks(of: path)
    guard others > 0 else { return nil }
    let links = others == 1 ? "1 other hard link, which keeps" : "\(others) other hard links, which keep"
    return "plistkit: warning: \(path) has \(links) the old content (the file is replaced by a new one)"
  }
}
