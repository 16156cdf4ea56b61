import Foundation

/// How text becomes a search key: canonical decomposition (NFD) and Unicode case folding
/// always; removing diacritics and folding width when asked.
///
/// Items and terms are folded the same way once, so that matching is a plain byte
/// comparison of UTF-8 keys. ASCII text, the common case, is folded by a table; anything else
/// goes through Foundation's folding (the same tables as `NSString`'s comparisons), then NFD.
public struct SearchFolding: Sendable, Hashable {
  /// Strip combining marks (`é` → `e`).
  public var ignoresDiacritics: Bool
  /// Fold full-width and half-width forms to their usual width.
  public var ignoresWidth: Bool

  /// Makes a folding.
  public init(ignoresDiacritics: Bool = false, ignoresWidth: Bool = false) {
    self.ignoresDiacritics = ignoresDiacritics
    self.ignoresWidth = ignoresWidth
  }

  /// The search key of `text`.
  public func key(_ text: String) -> [UInt8] {
    var key: [UInt8] = []
    append(text, to: &key)
    return key
  }

  /// Appends the search key of `text` to `key`.
  func append(_ text: String, to key: inout [UInt8]) {
    var text = text
    let isASCII = text.withUTF8 { bytes in
      for byte in bytes where byte >= 0x80 { return false }
      key.append(contentsOf: bytes.lazy.map { Self.asciiFold[Int($0)] })
      return true
    }
    guard !isASCII else { return }
    key.append(contentsOf: foldedWithFoundation(text).utf8)
  }

  private func foldedWithFoundation(_ text: String) -> String {
    var options: String.CompareOptions = [.caseInsensitive]
    if ignoresDiacritics { options.insert(.diacriticInsensitive) }
    if ignoresWidth { options.insert(.widthInsensitive) }
    // Folding may compose what the input had decomposed (and the reverse): NFD afterwards
    // gives canonically equivalent inputs the same key.
    return text.folding(options: options, locale: nil).decomposedStringWithCanonicalMapping
  }

  /// Lowercases ASCII letters, the whole of case folding for ASCII.
  static let asciiFold: [UInt8] = (0..<256).map { byte in
    (0x41...0x5A).contains(byte) ? UInt8(byte + 0x20) : UInt8(byte)
  }
}
