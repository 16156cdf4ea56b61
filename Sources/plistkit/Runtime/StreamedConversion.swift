import PlistKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Converting a file while reading it, without its value in memory: XML to binary or JSON
/// (read in chunks), binary to XML or JSON (read whole, since its objects are found by
/// offset), and plain JSON to binary or XML (read whole). `convert` and `plutil -convert` use
/// it.
enum StreamedConversion {
  /// Takes a piece of the output.
  typealias Write = (UnsafeRawBufferPointer) throws(PropertyListError) -> Void

  /// What a streamed conversion produced.
  struct Result {
    /// The output for standard output, or nil when it went to a file.
    var output: [UInt8]?
  }

  /// Converts `path` while reading it when that gives exactly what converting its value
  /// gives; nil when the value must be read instead. That is: a regular file (not standard
  /// input) within the input limit, in XML to binary or JSON, in binary to XML or JSON, or in
  /// plain JSON to binary or XML (as detected, or as `source` says), without sorted keys.
  /// Input that cannot be streamed (a dictionary that repeats a key, a container referenced
  /// from several places, a value the target cannot hold), a binary file's errors, and any
  /// failure that is not the document's own error (a destination that cannot be written, a
  /// read error) also return nil: the value path then does the work again and reports exactly
  /// what it reports, in the same order.
  ///
  /// - Parameter destination: the file to write atomically, or nil for standard output.
  static func convert(
    _ path: String, source: PropertyListFormat?, target: PropertyListFormat,
    readingOptions: PropertyListReadingOptions, writingOptions: PropertyListWritingOptions, destination: String?
  ) throws(CommandError) -> Result? {
    guard path != "-", source != .openStep else { return nil }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
      Int(status.st_size) <= readingOptions.limits.maximumInputSize
    else { return nil }
    let size = Int(status.st_size)
    var format = source
    if format == nil {
      // Detection looks at the first 4,096 characters at most (8,194 bytes in UTF-16).
      var prefix = [UInt8](repeating: 0, count: min(size, 16 * 1024))
      let count = prefix.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
      guard count == prefix.count else { return nil }
      format = PropertyListFormat.detect(prefix)
    }

    if format == .xml {
      let converter = XMLPropertyListStreamConverter(readingOptions: readingOptions, writingOptions: writingOptions)
      guard converter.canStream(to: target) else { return nil }
      return try deliver(path: path, destination: destination) { (write) throws(PropertyListError) in
        try converter.convert(descriptor: descriptor, inputSize: size, to: target, write: write)
      }
    }
    // Binary objects are found by offset, and JSON is parsed from memory: both are read whole.
    let convertInMemory: (UnsafeRawBufferPointer, @escaping Write) throws(PropertyListError) -> Bool
    switch format {
    case .binary:
      let converter = BinaryPropertyListStreamConverter(readingOptions: readingOptions, writingOptions: writingOptions)
      guard converter.canStream(to: target) else { return nil }
      convertInMemory = { (bytes, write) throws(PropertyListError) in
        try converter.convert(bytes, to: target, write: write)
      }
    case .json:
      let converter = JSONPropertyListStreamConverter(readingOptions: readingOptions, writingOptions: writingOptions)
      guard converter.canStream(to: target) else { return nil }
      convertInMemory = { (bytes, write) throws(PropertyListError) in
        try converter.convert(bytes, to: target, write: write)
      }
    default:
      return nil
    }
    guard let input = HugePageFileBuffer(descriptor: descriptor, size: size) else { return nil }
    return try deliver(path: path, destination: destination) { (write) throws(PropertyListError) in
      try convertInMemory(input.bytes, write)
    }
  }

  /// Runs `convert`, which hands its output to the function it is given, into memory for
  /// standard output or atomically into `destination`. An error of the document is thrown
  /// (with the file's name); other failures return nil, and so does `convert` returning false.
  private static func deliver(
    path: String, destination: String?,
    _ convert: (_ write: @escaping Write) throws(PropertyListError) -> Bool
  ) throws(CommandError) -> Result? {
    guard let destination else {
      var collected: [UInt8] = []
      do throws(PropertyListError) {
        let converted = try convert { bytes in collected.append(contentsOf: bytes) }
        return converted ? Result(output: collected) : nil
      } catch {
        if error.kind == .io { return nil }
        throw .file(path, error)
      }
    }
    var documentError: PropertyListError?
    let written = try? PropertyListFile.writeAtomically(to: destination) { (write) throws(PropertyListError) in
      var writeFailed = false
      do throws(PropertyListError) {
        return try convert { (bytes) throws(PropertyListError) in
          do throws(PropertyListError) {
            try write(bytes)
          } catch {
            writeFailed = true
            throw error
          }
        }
      } catch {
        if !writeFailed && error.kind != .io { documentError = error }
        throw error
      }
    }
    if let documentError { throw .file(path, documentError) }
    return written == true ? Result(output: nil) : nil
  }
}
