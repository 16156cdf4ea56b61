internal import CLibXML2

/// Hands the input to libxml2 in the chunks it asks for: from bytes already in memory (never
/// copied whole first), or from a file read as libxml2 goes, so that a large file is never all
/// in memory.
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

  /// Reads from bytes in memory.
  init(bytes: UnsafeRawBufferPointer) { origin = .memory(bytes) }

  /// Reads from `file`, from where it stands to its end, failing past `limit` bytes.
  init(file: SystemFile, limit: Int) { origin = .file(file, limit: limit) }

  static let read: xmlInputReadCallback = { context, buffer, length in
    guard let context, let buffer, length > 0 else { return 0 }
    let source = context.assumingMemoryBound(to: XMLInputSource.self)
    return Int32(source.pointee.fill(UnsafeMutableRawBufferPointer(start: buffer, count: Int(length))))
  }

  static let close: xmlInputCloseCallback = { _ in 0 }

  /// Copies the next bytes into `buffer`; returns their count, 0 at the end (or after a failure).
  private mutating func fill(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
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
