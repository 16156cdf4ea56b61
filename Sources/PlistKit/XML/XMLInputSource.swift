internal import CLibXML2

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Hands the input to libxml2 in the chunks it asks for: from bytes already in memory (never
/// copied whole first), or from a file read as libxml2 goes, so that a large file is never all
/// in memory.
///
/// Text in UTF-32 with a byte-order mark, which libxml2 does not recognise, is handed over as
/// UTF-8 (see ``startReading()``).
struct XMLInputSource {
  private enum Origin {
    case memory(UnsafeRawBufferPointer)
    /// A file, and the input size limit to enforce while reading it.
    case file(SystemFile, limit: Int)
  }

  private let origin: Origin
  /// Bytes handed to libxml2 so far.
  private var offset = 0
  /// True while every byte handed over so far could belong to a blank input.
  private var blankSoFar = true
  /// A read error or an input over the limit; libxml2 sees the end of the input, and the
  /// reader reports this instead of whatever libxml2 made of it.
  private(set) var failure: PropertyListError?
  /// The UTF-32 text being turned into UTF-8, its UTF-8 not yet handed over, and the first
  /// bytes of a file read ahead to look for the byte-order mark.
  private var utf32: (text: UTF32Text, output: [UInt8], handedOver: Int)?
  private var readAhead: [UInt8] = []
  /// True for UTF-16 text, where zero bytes are half of most characters.
  private var isWide = false
  /// Bytes handed to libxml2 as they are (not transcoded), to place a NUL byte.
  private var rawHandedOver = 0
  /// The parser reading this input, once it exists: a start tag with a flood of attributes is
  /// noticed from it (see ``XMLAttributeLimit/isFlooded(_:)``).
  var context: xmlParserCtxtPtr?

  /// Reads from bytes in memory.
  init(bytes: UnsafeRawBufferPointer) { origin = .memory(bytes) }

  /// Reads from `file`, from where it stands to its end, failing past `limit` bytes.
  init(file: SystemFile, limit: Int) { origin = .file(file, limit: limit) }

  static let read: xmlInputReadCallback = { context, buffer, length in
    guard let context, let buffer, length > 0 else { return 0 }
    let source = context.assumingMemoryBound(to: XMLInputSource.self)
    // libxml2 asks for more input every few kilobytes, also inside a long start tag: ending the
    // input there stops a flood of attributes before it costs quadratic time.
    if let parser = source.pointee.context, source.pointee.failure == nil, XMLAttributeLimit.isFlooded(parser) {
      source.pointee.failure = XMLAttributeLimit.error(at: XMLPropertyListParser.currentPosition(in: parser))
      return 0
    }
    return Int32(source.pointee.fill(UnsafeMutableRawBufferPointer(start: buffer, count: Int(length))))
  }

  static let close: xmlInputCloseCallback = { _ in 0 }

  /// Records `error` unless a failure is already recorded; libxml2 sees the end of the input.
  mutating func fail(_ error: PropertyListError) {
    if failure == nil { failure = error }
  }

  /// Looks at the first bytes for a UTF-32 byte-order mark; returns true when the input is
  /// UTF-32 and will be handed over as UTF-8, so that libxml2 must ignore the encoding the
  /// document declares. Called once, before libxml2 reads.
  mutating func startReading() -> Bool {
    var prefix: [UInt8]
    switch origin {
    case .memory(let bytes): prefix = Array(bytes.prefix(4))
    case .file:
      var scratch = [UInt8](repeating: 0, count: 4)
      while readAhead.count < 4 {
        let count = scratch.withUnsafeMutableBytes {
          fillFromOrigin(UnsafeMutableRawBufferPointer(rebasing: $0[..<(4 - readAhead.count)]))
        }
        guard count > 0 else { break }
        readAhead.append(contentsOf: scratch[..<count])
      }
      prefix = readAhead
    }
    isWide = prefix.count >= 2 && (prefix[0] == 0 || prefix[1] == 0 || [0xFE, 0xFF].contains(prefix[0]))
    guard let byteOrder = prefix.withUnsafeBytes({ UTF32Text.byteOrder(of: $0) }) else { return false }
    utf32 = (UTF32Text(byteOrder: byteOrder, format: .xml), [], 0)
    return true
  }

  /// Copies the next bytes into `buffer` (as UTF-8 when the input is UTF-32); returns their
  /// count, 0 at the end (or after a failure).
  private mutating func fill(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
    guard failure == nil else { return 0 }
    guard var (text, output, handedOver) = utf32 else { return refusingNUL(fillRaw(buffer), in: buffer) }
    defer { utf32 = (text, output, handedOver) }
    while handedOver == output.count {
      output.removeAll(keepingCapacity: true)
      handedOver = 0
      var chunk = [UInt8](repeating: 0, count: buffer.count)
      let count = chunk.withUnsafeMutableBytes { fillRaw($0) }
      let transcoded = chunk.withUnsafeBytes { raw in
        Result { () throws(PropertyListError) in
          guard count > 0 else { return try text.finish() }
          try text.append(UnsafeRawBufferPointer(rebasing: raw[..<count]), to: &output)
        }
      }
      if case .failure(let error) = transcoded, failure == nil { failure = error }
      guard count > 0, failure == nil else { return 0 }
    }
    let count = min(buffer.count, output.count - handedOver)
    output.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + handedOver, byteCount: count) }
    handedOver += count
    return count
  }

  /// `count`, or 0 with a failure when the `count` bytes just put in `buffer` hold a NUL byte.
  /// XML 1.0 allows U+0000 nowhere, and libxml2 takes one after the root element for the end of
  /// the input, so that `<plist>…</plist>` followed by `\0` and anything at all would read as
  /// a valid document.
  private mutating func refusingNUL(_ count: Int, in buffer: UnsafeMutableRawBufferPointer) -> Int {
    guard !isWide, count > 0, let base = buffer.baseAddress, let zero = memchr(base, 0, count) else {
      rawHandedOver += max(0, count)
      return count
    }
    let position = rawHandedOver + (UnsafeRawPointer(zero) - UnsafeRawPointer(base))
    failure = PropertyListError(
      .syntax, format: .xml, at: .byteOffset(position), "character U+0000 is not allowed in XML 1.0")
    return 0
  }

  /// The next bytes as they are: those read ahead first, then the origin's.
  private mutating func fillRaw(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
    guard readAhead.isEmpty else {
      let count = min(buffer.count, readAhead.count)
      readAhead.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: count) }
      readAhead.removeFirst(count)
      return count
    }
    return fillFromOrigin(buffer)
  }

  /// The next bytes of the origin.
  private mutating func fillFromOrigin(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
    guard failure == nil else { return 0 }
    switch origin {
    case .memory(let bytes):
      let count = min(buffer.count, bytes.count - offset)
      guard count > 0, let base = bytes.baseAddress else { return 0 }
      buffer.baseAddress!.copyMemory(from: base + offset, byteCount: count)
      offset += count
      return count
    case .file(let file, let limit):
      let count = file.readSome(into: buffer)
      guard count >= 0 else {
        failure = PropertyListError(.io, format: .xml, "cannot read the input: \(SystemFile.lastError)")
        return 0
      }
      offset += count
      guard offset <= limit else {
        failure = PropertyListError(
          .limitExceeded, format: .xml, "the input is over the limit of \(limit) bytes")
        return 0
      }
      if blankSoFar { blankSoFar = Self.isBlank(UnsafeRawBufferPointer(rebasing: buffer[..<count])) }
      return count
    }
  }

  /// True when the whole input is white space (and byte-order-mark bytes): asked when libxml2
  /// finds no element, to say "no element" rather than "text". For a file, reads what libxml2
  /// has not asked for yet.
  mutating func isBlank() -> Bool {
    switch origin {
    case .memory(let bytes):
      return Self.isBlank(bytes)
    case .file(let file, let limit):
      var scratch = [UInt8](repeating: 0, count: 64 * 1024)
      while blankSoFar, offset <= limit {
        let count = scratch.withUnsafeMutableBytes { file.readSome(into: $0) }
        guard count > 0 else { break }
        offset += count
        blankSoFar = scratch.withUnsafeBytes { Self.isBlank(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
      }
      return blankSoFar
    }
  }

  private static func isBlank(_ bytes: UnsafeRawBufferPointer) -> Bool {
    bytes.allSatisfy { [0x20, 0x09, 0x0A, 0x0D, 0x00, 0xFE, 0xFF, 0xEF, 0xBB, 0xBF].contains($0) }
  }
}
