/// UTF-32 text that starts with a byte-order mark, turned into UTF-8 chunk by chunk as it is
/// read.
///
/// The XML reader needs it because libxml2 takes the little-endian mark `FF FE 00 00` for
/// UTF-16 and does not know the big-endian one `00 00 FE FF`, while CoreFoundation reads both.
package struct UTF32Text {
  /// The order of the four bytes of a code unit.
  package enum ByteOrder: Sendable {
    case bigEndian, littleEndian
  }

  /// The byte order of text that starts with a UTF-32 byte-order mark, or nil.
  package static func byteOrder(of bytes: UnsafeRawBufferPointer) -> ByteOrder? {
    if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return .bigEndian }
    if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return .littleEndian }
    return nil
  }

  /// The byte order of the text.
  package let byteOrder: ByteOrder
  /// The format being read, for errors.
  private let format: PropertyListFormat
  /// The bytes of a code unit that the last chunk cut in two (0 to 3 of them).
  private var partialUnit: [UInt8] = []
  /// True until the first code unit, the byte-order mark, has been skipped.
  private var atStart = true
  /// Where the next character is, for errors: line and column from 1, in characters.
  private var line = 1
  private var column = 1

  /// Starts reading text in `byteOrder`; its first code unit (the mark) is left out.
  package init(byteOrder: ByteOrder, format: PropertyListFormat) {
    self.byteOrder = byteOrder
    self.format = format
  }

  /// Appends the UTF-8 form of the next chunk of the text to `output`.
  ///
  /// - Throws: an ``PropertyListError/Kind/invalidEncoding`` error at the line and column of
  ///   a code unit that is not a Unicode scalar (a surrogate, or above U+10FFFF).
  package mutating func append(_ chunk: UnsafeRawBufferPointer, to output: inout [UInt8]) throws(PropertyListError) {
    var offset = 0
    if !partialUnit.isEmpty {
      while partialUnit.count < 4, offset < chunk.count {
        partialUnit.append(chunk[offset])
        offset += 1
      }
      guard partialUnit.count == 4 else { return }
      let unit = partialUnit.withUnsafeBytes { self.unit(at: 0, in: $0) }
      partialUnit.removeAll(keepingCapacity: true)
      try append(unit, to: &output)
    }
    output.reserveCapacity(output.count + (chunk.count - offset))
    while offset + 4 <= chunk.count {
      try append(unit(at: offset, in: chunk), to: &output)
      offset += 4
    }
    partialUnit.append(contentsOf: chunk[offset...])
  }

  /// Checks that the text did not end inside a code unit.
  package func finish() throws(PropertyListError) {
    guard partialUnit.isEmpty else {
      throw PropertyListError(
        .invalidEncoding, format: format, at: .text(line: line, column: column),
        "invalid UTF-32: the text ends in the middle of a code unit")
    }
  }

  private func unit(at offset: Int, in bytes: UnsafeRawBufferPointer) -> UInt32 {
    Self.unit(at: offset, in: bytes, byteOrder)
  }

  /// The code unit of four bytes at `offset` in `byteOrder`.
  package static func unit(at offset: Int, in bytes: UnsafeRawBufferPointer, _ byteOrder: ByteOrder) -> UInt32 {
    switch byteOrder {
    case .bigEndian:
      UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
        | UInt32(bytes[offset + 3])
    case .littleEndian:
      UInt32(bytes[offset + 3]) << 24 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 1]) << 8
        | UInt32(bytes[offset])
    }
  }

  private mutating func append(_ unit: UInt32, to output: inout [UInt8]) throws(PropertyListError) {
    if atStart {
      atStart = false
      if unit == 0xFEFF { return }
    }
    guard unit < 0xD800 || (unit > 0xDFFF && unit <= 0x10FFFF) else {
      throw PropertyListError(
        .invalidEncoding, format: format, at: .text(line: line, column: column),
        "invalid UTF-32: 0x\(ASCIIHex.string(unit, width: 8)) is not a Unicode scalar")
    }
    UTF8Validation.append(unit, to: &output)
    if unit == 0x0A {
      line += 1
      column = 1
    } else {
      column += 1
    }
  }
}
