import PlistKit

extension PropertyListDocument {
  /// How a document's characters are stored as bytes: kept as read, and used again for
  /// every byte it writes.
  public enum TextEncoding: String, Sendable, Equatable, CaseIterable {
    /// UTF-8 without a byte-order mark.
    case utf8
    /// UTF-8 after the byte-order mark `EF BB BF`.
    case utf8WithByteOrderMark
    /// UTF-16, least significant byte first, after the byte-order mark `FF FE`.
    case utf16LittleEndian
    /// UTF-16, most significant byte first, after the byte-order mark `FE FF`.
    case utf16BigEndian

    /// Which encoding `bytes` are in, from their byte-order mark.
    static func detect(_ bytes: UnsafeRawBufferPointer) -> TextEncoding {
      if bytes.starts(with: [0xFF, 0xFE]) { return .utf16LittleEndian }
      if bytes.starts(with: [0xFE, 0xFF]) { return .utf16BigEndian }
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return .utf8WithByteOrderMark }
      return .utf8
    }

    /// The text of `bytes` as UTF-8, without the byte-order mark. The bytes have been read
    /// by a reader, so UTF-16 is well formed.
    func text(of bytes: UnsafeRawBufferPointer, format: PropertyListFormat) throws(PropertyListError) -> [UInt8] {
      switch self {
      case .utf8: return Array(bytes)
      case .utf8WithByteOrderMark: return Array(bytes[3...])
      case .utf16LittleEndian, .utf16BigEndian:
        return try UTF16Text.transcodeToUTF8(bytes, format: format) ?? []
      }
    }

    /// `text` (UTF-8) in this encoding, with its byte-order mark: how a text made from
    /// ``PropertyListDocument/utf8Text`` is written back as the document writes itself.
    public func bytes(of text: [UInt8]) -> [UInt8] {
      switch self {
      case .utf8: return text
      case .utf8WithByteOrderMark: return [0xEF, 0xBB, 0xBF] + text
      case .utf16LittleEndian, .utf16BigEndian:
        let bigEndian = self == .utf16BigEndian
        var output: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        output.reserveCapacity(2 + text.count * 2)
        for unit in String(decoding: text, as: UTF8.self).utf16 {
          let high = UInt8(unit >> 8)
          let low = UInt8(unit & 0xFF)
          output.append(bigEndian ? high : low)
          output.append(bigEndian ? low : high)
        }
        return output
      }
    }
  }

  /// How a document ends its lines: found in the text, and used for every line it adds.
  public enum LineEnding: String, Sendable, Equatable, CaseIterable {
    /// `\n`, as on Linux and macOS.
    case lf
    /// `\r\n`, as on Windows.
    case crlf
    /// `\r` alone, as in classic Mac OS files.
    case cr

    /// The bytes of the line ending.
    public var bytes: [UInt8] {
      switch self {
      case .lf: [0x0A]
      case .crlf: [0x0D, 0x0A]
      case .cr: [0x0D]
      }
    }

    /// The first line ending in `text`; `\n` when there is none.
    static func detect(_ text: [UInt8]) -> LineEnding {
      guard let index = text.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return .lf }
      if text[index] == 0x0A { return .lf }
      return index + 1 < text.count && text[index + 1] == 0x0A ? .crlf : .cr
    }
  }
}
