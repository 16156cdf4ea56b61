/// Hand-written base64 (RFC 4648, standard alphabet with padding) for the hot paths of the
/// XML and JSON formats.
package enum Base64 {
  private static let alphabet: [UInt8] = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// 0–63 for alphabet bytes, 0xFE for white space, 0xFF for everything else.
  private static let decodeTable: [UInt8] = {
    var table = [UInt8](repeating: 0xFF, count: 256)
    for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
    for space in [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C] { table[space] = 0xFE }
    return table
  }()

  /// The two characters of every 12-bit value, the first in the low byte: one lookup writes
  /// two characters, and three bytes are written as one store of four.
  private static let pairs: [UInt16] = (0..<4096).map { UInt16(alphabet[$0 >> 6]) | UInt16(alphabet[$0 & 63]) << 8 }

  /// The encoded length of `count` bytes, padding included.
  package static func encodedCount(_ count: Int) -> Int { (count + 2) / 3 * 4 }

  /// Encodes bytes as one unbroken line.
  package static func encode(_ bytes: [UInt8]) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(encodedCount(bytes.count))
    append(bytes, to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Writes the encoding of `input`, ``encodedCount(_:)`` bytes of it, at `output`: for a
  /// writer with a buffer of its own.
  package static func encode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>) {
    var index = 0
    var place = output
    pairs.withUnsafeBufferPointer { pairs in
      while index + 3 <= input.count {
        let chunk = Int(input[index]) << 16 | Int(input[index + 1]) << 8 | Int(input[index + 2])
        let characters = UInt32(pairs[chunk >> 12]) | UInt32(pairs[chunk & 0xFFF]) << 16
        UnsafeMutableRawPointer(place).storeBytes(of: characters.littleEndian, as: UInt32.self)
        place += 4
        index += 3
      }
    }
    alphabet.withUnsafeBufferPointer { table in
      let rest = input.count - index
      guard rest > 0 else { return }
      let chunk = UInt32(input[index]) << 16 | (rest == 2 ? UInt32(input[index + 1]) << 8 : 0)
      place[0] = table[Int(chunk >> 18 & 63)]
      place[1] = table[Int(chunk >> 12 & 63)]
      place[2] = rest == 2 ? table[Int(chunk >> 6 & 63)] : UInt8(ascii: "=")
      place[3] = UInt8(ascii: "=")
    }
  }

  /// Appends the encoding of `bytes` to `output`, with a line break (and `linePrefix`) after
  /// every `lineLength` characters when `lineLength` is given.
  ///
  /// - Precondition: `lineLength`, when given, is a positive multiple of four, so that each line
  ///   encodes whole groups of three bytes.
  package static func append(
    _ bytes: [UInt8], to output: inout [UInt8], lineLength: Int? = nil, linePrefix: [UInt8] = []
  ) {
    let bytesPerLine: Int
    if let lineLength {
      precondition(lineLength > 0 && lineLength % 4 == 0, "a base64 line holds whole groups")
      bytesPerLine = lineLength / 4 * 3
    } else {
      bytesPerLine = max(bytes.count, 1)
    }
    bytes.withUnsafeBytes { input in
      var start = 0
      while start < input.count {
        if start > 0 {
          output.append(0x0A)
          output.append(contentsOf: linePrefix)
        }
        let end = min(start + bytesPerLine, input.count)
        let count = encodedCount(end - start)
        let first = output.count
        // Room first, then each group written in place as one four-byte store.
        output.append(contentsOf: repeatElement(0, count: count))
        output.withUnsafeMutableBufferPointer { buffer in
          encode(UnsafeRawBufferPointer(rebasing: input[start..<end]), into: buffer.baseAddress! + first)
        }
        start = end
      }
    }
  }

  /// Why a base64 text could not be decoded.
  package enum DecodingFailure: Error, Equatable {
    /// A byte outside the alphabet, at this offset of the input.
    case invalidCharacter(offset: Int, byte: UInt8)
    /// The text ended in the middle of a group, or padding was misplaced.
    case invalidLength
  }

  /// Decodes base64, skipping white space anywhere (as plist `<data>` needs). Missing final
  /// padding is accepted; padding followed by more data is not.
  package static func decode(_ text: UnsafeBufferPointer<UInt8>) throws(DecodingFailure) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(text.count / 4 * 3)
    var accumulator: UInt32 = 0
    var pending = 0
    var padding = 0
    try decodeTable.withUnsafeBufferPointer { (table) throws(DecodingFailure) in
      for offset in 0..<text.count {
        let byte = text[offset]
        let value = table[Int(byte)]
        if value < 64 {
          guard padding == 0 else { throw .invalidLength }
          accumulator = accumulator << 6 | UInt32(value)
          pending += 1
          if pending == 4 {
            output.append(UInt8(truncatingIfNeeded: accumulator >> 16))
            output.append(UInt8(truncatingIfNeeded: accumulator >> 8))
            output.append(UInt8(truncatingIfNeeded: accumulator))
            accumulator = 0
            pending = 0
          }
        } else if value == 0xFE {
          continue
        } else if byte == UInt8(ascii: "=") {
          guard pending >= 2 else { throw .invalidLength }
          padding += 1
          guard pending + padding <= 4 else { throw .invalidLength }
        } else {
          throw .invalidCharacter(offset: offset, byte: byte)
        }
      }
    }
    switch pending {
    case 0: break
    case 2: output.append(UInt8(truncatingIfNeeded: accumulator >> 4))
    case 3:
      output.append(UInt8(truncatingIfNeeded: accumulator >> 10))
      output.append(UInt8(truncatingIfNeeded: accumulator >> 2))
    default: throw .invalidLength
    }
    return output
  }

  /// Decodes the text of an XML `<data>` element exactly as CoreFoundation does, so that a file
  /// reads to the same bytes here as in Apple's tools: ASCII characters outside the alphabet
  /// (white space, `*`, `-` …) are skipped; `=` counts as a zero digit, and the `=` signs since
  /// the last other non-space character decide how many bytes a completed group gives (three,
  /// two after one `=`, one after more); a last group of fewer than four digits is dropped.
  /// Only a byte of 0x80 or above is an error (`invalidCharacter` with its offset).
  ///
  /// The result tells whether anything was skipped or dropped, for a tool that warns about it.
  package static func decodeLikeCoreFoundation(
    _ text: UnsafeBufferPointer<UInt8>
  ) throws(DecodingFailure) -> (bytes: [UInt8], isIrregular: Bool) {
    var failure: DecodingFailure?
    var isIrregular = false
    // At most three bytes for every four input bytes, as only a completed group gives any.
    let bytes = [UInt8](unsafeUninitializedCapacity: text.count / 4 * 3) { output, written in
      decodeTable.withUnsafeBufferPointer { table in
        var accumulator: UInt32 = 0
        var digits = 0
        var equalSigns = 0
        var offset = 0
        while offset < text.count {
          // The common case, a whole group of alphabet digits, in one step; it gives what the
          // byte-by-byte steps below would (no `=` is pending, so nothing is irregular).
          if digits == 0, equalSigns == 0, offset + 4 <= text.count {
            let first = table[Int(text[offset])]
            let second = table[Int(text[offset + 1])]
            let third = table[Int(text[offset + 2])]
            let fourth = table[Int(text[offset + 3])]
            if first | second | third | fourth < 64 {
              let group = UInt32(first) << 18 | UInt32(second) << 12 | UInt32(third) << 6 | UInt32(fourth)
              output[written] = UInt8(truncatingIfNeeded: group >> 16)
              output[written + 1] = UInt8(truncatingIfNeeded: group >> 8)
              output[written + 2] = UInt8(truncatingIfNeeded: group)
              written += 3
              offset += 4
              continue
            }
          }
          let byte = text[offset]
          offset += 1
          guard byte < 0x80 else {
            failure = .invalidCharacter(offset: offset - 1, byte: byte)
            return
          }
          let value = table[Int(byte)]
          if byte == UInt8(ascii: "=") {
            equalSigns += 1
          } else if value != 0xFE {
            if equalSigns > 0 { isIrregular = true }
            equalSigns = 0
          }
          guard value < 64 || byte == UInt8(ascii: "=") else {
            if value != 0xFE { isIrregular = true }
            continue
          }
          accumulator = accumulator << 6 | UInt32(byte == UInt8(ascii: "=") ? 0 : value)
          digits += 1
          guard digits == 4 else { continue }
          output[written] = UInt8(truncatingIfNeeded: accumulator >> 16)
          written += 1
          if equalSigns < 2 {
            output[written] = UInt8(truncatingIfNeeded: accumulator >> 8)
            written += 1
          }
          if equalSigns < 1 {
            output[written] = UInt8(truncatingIfNeeded: accumulator)
            written += 1
          }
          accumulator = 0
          digits = 0
        }
        if digits != 0 { isIrregular = true }
      }
    }
    if let failure { throw failure }
    return (bytes, isIrregular)
  }

  /// Decodes base64 from a byte array; see ``decode(_:)-(UnsafeBufferPointer<UInt8>)``.
  package static func decode(_ text: [UInt8]) throws(DecodingFailure) -> [UInt8] {
    try text.withUnsafeBufferPointer { (buffer) throws(DecodingFailure) in try decode(buffer) }
  }
}
