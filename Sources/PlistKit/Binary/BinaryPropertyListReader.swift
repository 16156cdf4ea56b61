/// Reads the binary form (`bplist00`), as CoreFoundation, Foundation and Python's `plistlib`
/// write it.
///
/// Every object kind CoreFoundation writes is read: integers of 1, 2, 4, 8 and 16 bytes, reals
/// of 4 and 8 bytes, dates, data, ASCII and UTF-16 strings, arrays, sets (read as arrays),
/// dictionaries, UIDs and booleans; offsets and references of any size from 1 to 8 bytes. A
/// marker `bplist00` does not define (UTF-8 strings `0x7`, ordered sets `0xB`, `0x9`, `0xE`,
/// `0xF`, the unused whole-byte markers) is an error at its byte offset, as in CoreFoundation.
///
/// The input is untrusted: every offset, length and reference is checked against the file
/// before it is used, an object referenced many times is decoded once (so a file cannot make
/// the work exponential), a container that contains itself is an error, and nesting is
/// limited by ``PropertyListLimits/maximumDepth`` without recursion.
///
/// Choices where the format leaves room:
/// - an ASCII string (marker `0x5`) with bytes of 0x80 and above is read as ISO Latin-1, one
///   character per byte, rather than rejected;
/// - null (`0x00`) and fill (`0x0F`) are not property-list values: an object with either
///   marker is an error, as it is for CoreFoundation's property-list reader;
/// - dictionary keys must be strings (CoreFoundation allows any scalar; the value model
///   cannot hold it);
/// - UIDs of up to 8 bytes are read (CoreFoundation stops at 32-bit values);
/// - the offset table must fill the space between the objects and the trailer exactly, as
///   CoreFoundation requires; reference and offset sizes too small for the file are accepted.
public struct BinaryPropertyListReader: Sendable, PropertyListEventReader {
  /// The options in force.
  public var options: PropertyListReadingOptions

  /// Makes a reader.
  public init(options: PropertyListReadingOptions = .default) { self.options = options }

  /// Reads one property list.
  ///
  /// - Throws: ``PropertyListError`` with the byte offset of the problem and what was expected.
  public func read(_ bytes: UnsafeRawBufferPointer) throws(PropertyListError) -> PropertyList {
    try readTree(bytes)
  }

  /// Reads one property list into `sink` (see ``PropertyListEventSink``).
  ///
  /// - Throws: ``PropertyListError`` with the byte offset of the problem, or what the sink threw.
  public func read<Sink: PropertyListEventSink>(
    _ bytes: UnsafeRawBufferPointer, into sink: inout Sink
  ) throws(PropertyListError) {
    try BinaryPropertyListEventReader.read(bytes, limits: options.limits, into: &sink)
  }
}
