/// The folded search keys of a list of texts, packed into one byte buffer: item `i` is
/// `bytes[offsets[i] ..< offsets[i + 1]]`.
///
/// One buffer and one offset table instead of an array per item keeps a million keys in two
/// allocations and makes a search a linear walk through memory. Matches are item positions
/// as `Int32` (half the memory of `Int` for large results), so a list holds at most
/// `Int32.max` items.
public struct SearchKeys: Sendable {
  /// The folding the keys were made with; terms must be folded the same way.
  public let folding: SearchFolding
  /// All keys, back to back.
  let bytes: [UInt8]
  /// Where each key starts, and one past the last key's end.
  let offsets: [Int]

  /// Folds every text once.
  public init<Texts: Sequence<String>>(_ texts: Texts, folding: SearchFolding) {
    self.folding = folding
    var bytes: [UInt8] = []
    var offsets: [Int] = [0]
    offsets.reserveCapacity(texts.underestimatedCount + 1)
    bytes.reserveCapacity(texts.underestimatedCount * 8)
    for text in texts {
      folding.append(text, to: &bytes)
      offsets.append(bytes.count)
    }
    precondition(offsets.count - 1 <= Int(Int32.max), "too many items for Int32 positions")
    self.bytes = bytes
    self.offsets = offsets
  }

  /// Folds `count` texts, each read in place as UTF-8 bytes by `utf8` when it can be, or else
  /// given by `string`: a list too large to hold every text as a `String` is folded from the
  /// bytes of its file.
  ///
  /// ASCII texts (the common case) are lowercased straight into a buffer sized once for all
  /// keys: appending a few bytes at a time to an array costs more than folding them.
  public init(
    count: Int, folding: SearchFolding, utf8: (Int) -> UnsafeRawBufferPointer?, string: (Int) -> String
  ) {
    precondition(count <= Int(Int32.max), "too many items for Int32 positions")
    self.folding = folding
    // First the texts and their key lengths; the keys of non-ASCII texts are folded here.
    var asciiTexts: [UnsafeRawBufferPointer?] = []
    var otherKeys: [[UInt8]] = []
    var offsets: [Int] = [0]
    asciiTexts.reserveCapacity(count)
    offsets.reserveCapacity(count + 1)
    var total = 0
    for index in 0..<count {
      if let text = utf8(index), SearchFolding.isASCII(text) {
        asciiTexts.append(text)
        total += text.count
      } else {
        let key = utf8(index).map { folding.key(String(decoding: $0, as: UTF8.self)) } ?? folding.key(string(index))
        asciiTexts.append(nil)
        otherKeys.append(key)
        total += key.count
      }
      offsets.append(total)
    }
    self.bytes = [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
      var other = 0
      for index in 0..<count {
        let start = offsets[index]
        if let text = asciiTexts[index] {
          for (offset, byte) in text.enumerated() { buffer[start + offset] = byte &- 0x41 < 26 ? byte | 0x20 : byte }
        } else {
          for (offset, byte) in otherKeys[other].enumerated() { buffer[start + offset] = byte }
          other += 1
        }
      }
      initialized = total
    }
    self.offsets = offsets
  }

  /// The number of keys.
  public var count: Int { offsets.count - 1 }

  /// The key of item `index`, as bytes.
  public func key(at index: Int) -> ArraySlice<UInt8> { bytes[offsets[index]..<offsets[index + 1]] }
}
