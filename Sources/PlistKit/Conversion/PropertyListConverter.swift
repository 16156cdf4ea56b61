/// Converts property lists from one format to another: reads the input (a file, a descriptor,
/// standard input or bytes), detects its format, writes the result (to a file atomically, or
/// to an output stream), and writes while reading wherever the result is the same.
///
/// ```swift
/// let converter = PropertyListConverter(to: .binary)
/// try converter.convert(.file("Info.plist"), toFile: "Info.bplist")
/// let json = try PropertyListConverter(to: .json).convert(xmlBytes)
/// ```
///
/// ## Writing while reading
///
/// The value of a large file costs many times the file in memory. So the converter hands the
/// reader's events straight to a stream writer for the target (see ``PropertyListEventSink``)
/// whenever that gives the output converting the value gives: XML, JSON and OpenStep output
/// byte for byte, from any input (an XML file is read in chunks, never whole); binary output
/// from XML or plain JSON, the same value with its objects numbered in the order they complete
/// (see ``streamsBinaryOutput``). It reads the value first for sorted keys (which need every
/// key of a dictionary before the first), typed JSON input (whose tags are only known when an
/// object closes), and binary output of binary or OpenStep input.
///
/// ## Falling back to the value
///
/// Some input cannot be written as it is read: a dictionary that repeats a key (the value keeps
/// its first place and its last value), a binary plist's array or dictionary referenced from
/// several places (a text form writes it out at each), a value the target cannot hold (a string XML cannot
/// carry, a date plain JSON cannot, a UID in OpenStep), more values than
/// ``PropertyListWritingOptions/maximumWrittenValueCount``. The stream writer then stops, the
/// output so far is dropped (``PropertyListOutputStream/restart()``, or the temporary file of
/// an atomic write), and the value is read and written instead, which reports any error exactly
/// as reading and writing the value do. ``Report`` says what happened. A failure to read the
/// input while streaming falls back too, and so does a failure to write a file, so that errors
/// come in the order the value path meets them: the input's before the output's. A failure of
/// an output stream is thrown at once: nothing more is handed to it.
public struct PropertyListConverter: Sendable {
  /// The format to write.
  public var target: PropertyListFormat
  /// The format to read, or nil to detect it from the content (a file named `*.json` is read
  /// as JSON unless its content is a binary or XML plist).
  public var source: PropertyListFormat?
  /// The limits and JSON style to read with.
  public var readingOptions: PropertyListReadingOptions
  /// The form to write.
  public var writingOptions: PropertyListWritingOptions
  /// True (the default) to write binary output while reading XML or plain JSON. Its objects are
  /// then numbered in the order they complete (the root last), with references a byte wider
  /// than the fewest at worst, where ``BinaryPropertyListWriter`` numbers them from the root:
  /// the same value, another layout. False to get the value writer's bytes.
  public var streamsBinaryOutput = true
  /// Keeps a value read for the value path until the process exits: releasing a large value
  /// walks all of it, which a command that exits next need not do.
  package var keepsValuesUntilExit = false

  /// Makes a converter to `target`.
  public init(
    to target: PropertyListFormat, from source: PropertyListFormat? = nil,
    readingOptions: PropertyListReadingOptions = .default, writingOptions: PropertyListWritingOptions = .default
  ) {
    self.target = target
    self.source = source
    self.readingOptions = readingOptions
    self.writingOptions = writingOptions
  }

  /// What a conversion did.
  public struct Report: Sendable, Equatable {
    /// The format the input was read as.
    public var sourceFormat: PropertyListFormat
    /// Why the value was read and written instead of writing while reading; nil when the
    /// output was written while reading.
    public var fallback: Fallback?
    /// The values plain JSON output wrote as strings, having no type for them (empty for
    /// every other output): what `--typed` would keep.
    public var plainJSONLosses = PlainJSONLosses()
  }

  /// Why a conversion read the value instead of writing while reading.
  public enum Fallback: Sendable, Equatable {
    /// The formats and options have no way to write while reading (see the type's description).
    case notStreamable
    /// A dictionary repeats a key.
    case repeatedKey
    /// A binary plist references an array or dictionary from several places, which a text form
    /// writes out at each.
    case sharedContainer
    /// A value the target cannot hold was met (writing the value reports it, at its key path).
    case unwritableValue
    /// More values than ``PropertyListWritingOptions/maximumWrittenValueCount``.
    case writtenValueLimit
    /// A binary plist references a long string or data object from several places, which a text
    /// form writes out at each: the value path weighs the output against
    /// ``PropertyListWritingOptions/maximumOutputSize`` before writing any of it.
    case repeatedScalar
    /// The output passed ``PropertyListWritingOptions/maximumOutputSize`` (the value path
    /// reports it).
    case outputLimit
    /// Plain JSON has a key that names a tag of the typed form: whether the document is typed
    /// JSON (see ``PropertyListReadingOptions/detectsTypedJSON``) is decided on its value.
    case typedJSON
    /// Reading the input, or writing the output file, failed while streaming; the value path
    /// reports it in its own order.
    case failure
  }

  /// Why a conversion failed: the input (it could not be read, it is not a valid property
  /// list, or the target cannot hold its value) or the output (it could not be written).
  public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// A problem of the input or its value.
    case input(PropertyListError)
    /// A problem writing the output.
    case output(PropertyListError)

    /// The error, whichever side it is on.
    public var error: PropertyListError {
      switch self {
      case .input(let error), .output(let error): error
      }
    }

    /// The error's description.
    public var description: String { error.description }
  }

  /// Converts a property list in memory.
  ///
  /// - Throws: ``PropertyListError`` as reading the input and writing its value throw it.
  public func convert(_ bytes: UnsafeRawBufferPointer) throws(PropertyListError) -> [UInt8] {
    var output: [UInt8] = []
    do {
      _ = try convert(bytes: bytes, fileName: nil, into: &output)
    } catch {
      throw error.error
    }
    return output
  }

  /// Converts a property list in memory; see ``convert(_:)-(UnsafeRawBufferPointer)``.
  public func convert(_ bytes: [UInt8]) throws(PropertyListError) -> [UInt8] {
    try bytes.withRawBytes { (buffer) throws(PropertyListError) in try convert(buffer) }
  }

  /// Converts a property list in memory, handing the output to `stream` in chunks of about a
  /// megabyte as it is made.
  @discardableResult
  public func convert(
    _ bytes: UnsafeRawBufferPointer, into stream: inout some PropertyListOutputStream
  ) throws(Failure) -> Report {
    try convert(bytes: bytes, fileName: nil, into: &stream)
  }

  /// Converts `input`, handing the output to `stream` (a byte array keeps all of it).
  @discardableResult
  public func convert(
    _ input: PropertyListInput, into stream: inout some PropertyListOutputStream
  ) throws(Failure) -> Report {
    let opened: OpenedInput
    do {
      opened = try OpenedInput(input)
    } catch {
      throw .input(error)
    }
    return try convert(opened, into: &stream)
  }

  /// Converts `input` into the file at `path`, atomically: the file is replaced only by the
  /// complete output (it may be the input itself), and is left as it was on any failure.
  @discardableResult
  public func convert(_ input: PropertyListInput, toFile path: String) throws(Failure) -> Report {
    let opened: OpenedInput
    do {
      opened = try OpenedInput(input)
    } catch {
      throw .input(error)
    }
    return try convert(opened, toFile: path)
  }
}
