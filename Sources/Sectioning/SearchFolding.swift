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
    // `withUTF8` reads a small (inline) string in place; `withContiguousStorageIfAvailable`
    // refuses one, and copying it to an array costs an allocation per item.
    var text = text
    let isASCII = text.withUTF8 { bytes in Self.appendASCII(bytes, to: &key) }
    guard !isASCII else { return }
    key.append(contentsOf: foldedWithFoundation(text).utf8)
  }

  /// True when every byte of `bytes` is ASCII: its key is then the bytes lowercased.
  static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
    var any: UInt8 = 0
    for byte in bytes { any |= byte }
    return any < 0x80
  }

  /// Appends ASCII bytes lowercased and returns true, or returns false (appending nothing)
  /// when there is a non-ASCII byte.
  @inline(__always)
  private static func appendASCII(_ bytes: UnsafeRawBufferPointer, to key: inout [UInt8]) -> Bool {
    bytes.withMemoryRebound(to: UInt8.self) { appendASCII($0, to: &key) }
  }

  @inline(__always)
  private static func appendASCII(_ bytes: UnsafeBufferPointer<UInt8>, to key: inout [UInt8]) -> Bool {
    var any: UInt8 = 0
    for byte in bytes { any |= byte }
    guard any < 0x80 else { return false }
    let start = key.count
    // A typed buffer appends with one copy; a raw one or a generic collection goes byte by byte.
    key.append(contentsOf: bytes)
    key.withUnsafeMutableBufferPointer { buffer in
      for index in start..<buffer.count where buffer[index] &- 0x41 < 26 { buffer[index] |= 0x20 }
    }
    return true
  }

  private func foldedWithFoundation(_ text: String) -> String {
    var options: String.CompareOptions = [.caseInsensitive]
    if ignoresDiacritics { options.insert(.diacriticInsensitive) }
    if ignoresWidth { options.insert(.widthInsensitive) }
    // Folding may compose what the input had decomposed (and the reverse): NFD afterwards
    // gives canonically equivalent inputs the same key.
    return text.folding(options: options, locale: nil).decomposedStringWithCanonicalMapping
  }
}
