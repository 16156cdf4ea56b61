import PlistDocument

/// Texts turned into bytes in each of the encodings a document keeps.
enum TextVariants {
  static func encode(_ text: String, _ encoding: PropertyListDocument.TextEncoding) -> [UInt8] {
    switch encoding {
    case .utf8: return Array(text.utf8)
    case .utf8WithByteOrderMark: return [0xEF, 0xBB, 0xBF] + Array(text.utf8)
    case .utf16LittleEndian: return [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    case .utf16BigEndian: return [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }
  }
}

extension String {
  /// Every occurrence of `target` replaced by `replacement` (without Foundation).
  func replacingAll(_ target: String, with replacement: String) -> String {
    var result = ""
    var rest = self[...]
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound]
      result += replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
