import FoundationEssentials
import PlistKit

/// The objects of a binary plist read in place, for the decoder's common cases: offsets,
/// references, lengths and plain ASCII strings, each checked against the file as the reader
/// checks it, inlined where ``BinaryPropertyListObjects`` is a call into another module. A
/// failure is only a nil here: the decoder then asks ``BinaryPropertyListObjects`` for the
/// object, which either reads an uncommon form or gives the reader's error for it.
struct BinaryObjectTable {
  fileprivate let base: UnsafeRawPointer
  private let fileSize: Int
  /// Objects and their contents end here, where the offset table starts.
  private let objectAreaEnd: Int
  private let offsetSize: Int
  let referenceSize: Int
  private let objectCount: Int

  /// The table of `objects`, whose trailer has been checked.
  init(_ objects: BinaryPropertyListObjects) {
    // A checked trailer means a file of at least a header and a trailer: never empty.
    base = objects.bytes.baseAddress!
    fileSize = objects.bytes.count
    objectAreaEnd = objects.offsetTableOffset
    offsetSize = objects.offsetSize
    referenceSize = objects.referenceSize
    objectCount = objects.objectCount
  }

  /// The big-endian unsigned integer of `size` (1…8) bytes at `offset`, which are in the file.
  @inline(__always)
  private func bigEndian(at offset: Int, size: Int) -> UInt64 {
    if offset &+ 8 <= fileSize {
      return UInt64(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &>> UInt64(64 &- 8 &* size)
    }
    var value: UInt64 = 0
    for index in offset..<(offset + size) {
      value = value << 8 | UInt64(base.load(fromByteOffset: index, as: UInt8.self))
    }
    return value
  }

  @inline(__always)
  func byte(at offset: Int) -> UInt8 { base.load(fromByteOffset: offset, as: UInt8.self) }

  /// The byte offset of object `index` (below the object count: a reference read here, or the
  /// trailer's root), or nil when the offset table puts it outside the object area.
  @inline(__always)
  func offset(of index: Int) -> Int? {
    let offset = bigEndian(at: objectAreaEnd &+ index &* offsetSize, size: offsetSize)
    guard offset >= 8, offset < UInt64(objectAreaEnd) else { return nil }
    return Int(truncatingIfNeeded: offset)
  }

  /// The object that reference `position` of a container refers to (its references from
  /// byte `start`, checked to fit by ``container(at:marker:)``), or nil when there is none.
  @inline(__always)
  func reference(_ position: Int, references start: Int) -> Int? {
    let reference = bigEndian(at: start &+ position &* referenceSize, size: referenceSize)
    guard reference < UInt64(objectCount) else { return nil }
    return Int(truncatingIfNeeded: reference)
  }

  /// The count and the content's offset of the data, string or container object at `offset`
  /// whose marker is `marker`, the content checked to end in the object area (`unit` bytes per
  /// element); nil when the length cannot be read or the content does not fit.
  @inline(__always)
  func content(at offset: Int, marker: UInt8, unit: Int) -> (count: Int, start: Int)? {
    var count = Int(marker & 0x0F)
    var start = offset &+ 1
    if count == 0x0F {
      guard offset &+ 2 <= objectAreaEnd else { return nil }
      let lengthMarker = byte(at: offset &+ 1)
      guard lengthMarker >> 4 == 0x1, lengthMarker & 0x0F <= 3 else { return nil }
      let size = 1 &<< Int(lengthMarker & 0x0F)
      guard offset &+ 2 &+ size <= objectAreaEnd else { return nil }
      let length = bigEndian(at: offset &+ 2, size: size)
      guard length <= UInt64(Int.max) else { return nil }
      count = Int(length)
      start = offset &+ 2 &+ size
    }
    guard count <= Swift.max(objectAreaEnd &- start, 0) / unit else { return nil }
    return (count, start)
  }

  /// The bytes of object `index` when it is an ASCII string of plain ASCII (its UTF-8 as it
  /// stands), or nil for anything else (another string form, another object, a failure).
  @inline(__always)
  func asciiString(_ index: Int) -> UnsafeRawBufferPointer? {
    guard let offset = offset(of: index) else { return nil }
    let marker = byte(at: offset)
    guard marker >> 4 == 0x5, let (count, start) = content(at: offset, marker: marker, unit: 1) else { return nil }
    let bytes = UnsafeRawBufferPointer(start: base + start, count: count)
    // Eight bytes at a time: a string is plain ASCII when no byte has its top bit set.
    var position = 0
    while position &+ 8 <= count {
      guard bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 else {
        return nil
      }
      position &+= 8
    }
    while position < count {
      guard bytes[position] < 0x80 else { return nil }
      position &+= 1
    }
    return bytes
  }

  /// Object `index` as a dictionary key when it is an ASCII string of plain ASCII: its bytes
  /// and their ``KeyText/signature``; nil for anything else.
  @inline(__always)
  func asciiKey(_ index: Int) -> KeyText? {
    guard let offset = offset(of: index) else { return nil }
    let marker = byte(at: offset)
    guard marker >> 4 == 0x5 else { return nil }
    let count: Int
    let start: Int
    if marker & 0x0F != 0x0F {
      count = Int(marker & 0x0F)
      start = offset &+ 1
      guard start &+ count <= objectAreaEnd else { return nil }
    } else {
      guard let content = content(at: offset, marker: marker, unit: 1) else { return nil }
      (count, start) = content
    }
    let bytes = UnsafeRawBufferPointer(start: base + start, count: count)
    if count <= 7 && start &+ 8 <= fileSize {
      // A short key in one load: the trailer follows the object area, so the word is in the file.
      let word = base.loadUnaligned(fromByteOffset: start, as: UInt64.self) & KeyText.mask(count)
      guard word & 0x8080_8080_8080_8080 == 0 else { return nil }
      return KeyText(bytes: bytes, signature: word | UInt64(count) << 56)
    }
    guard let ascii = asciiString(index) else { return nil }
    return KeyText(ascii)
  }

  /// The 8 bytes at `offset` (in the object area, checked by the caller) as a big-endian value.
  @inline(__always)
  func word(at offset: Int) -> UInt64 { bigEndian(at: offset, size: 8) }

  /// The `size` bytes at `offset` as a big-endian value.
  @inline(__always)
  func integer(at offset: Int, size: Int) -> UInt64 { bigEndian(at: offset, size: size) }

  /// True when the `count` bytes from `a` are the bytes from `b` (both checked to be in the file).
  @inline(__always)
  func sameBytes(_ a: Int, _ b: Int, count: Int) -> Bool {
    let bytes = base.assumingMemoryBound(to: UInt8.self)
    return UnsafeBufferPointer(start: bytes + a, count: count).hasSameBytes(
      as: UnsafeBufferPointer(start: bytes + b, count: count))
  }

  /// True when `count` bytes from `start` end in the object area.
  @inline(__always)
  func fits(_ start: Int, _ count: Int) -> Bool { start &+ count <= objectAreaEnd }
}

extension BinaryObjectTable {
  /// `count` bytes from `start` (checked to be in the object area) as `Data`.
  @inline(__always)
  func data(_ start: Int, _ count: Int) -> Data {
    count == 0 ? Data() : Data(bytes: base + start, count: count)
  }
}

/// The bytes of a plain ASCII key and a signature of them: the length and the first seven
/// bytes in one word, so that two keys of different signatures differ, and keys of at most
/// seven bytes are equal exactly when their signatures are.
struct KeyText {
  var bytes: UnsafeRawBufferPointer
  var signature: UInt64

  init(bytes: UnsafeRawBufferPointer, signature: UInt64) {
    self.bytes = bytes
    self.signature = signature
  }

  /// The text of `bytes`, its signature computed a byte at a time.
  @inline(__always)
  init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
    var word: UInt64 = 0
    for index in 0..<Swift.min(bytes.count, 7) { word |= UInt64(bytes[index]) << (8 * UInt64(index)) }
    signature = word | UInt64(Swift.min(bytes.count, 255)) << 56
  }

  /// The low `count` bytes (at most 7) of a little-endian word.
  @inline(__always)
  static func mask(_ count: Int) -> UInt64 {
    (1 &<< (8 &* UInt64(Swift.min(count, 7)))) &- 1
  }

  /// True when both are the same bytes.
  @inline(__always)
  func equals(_ other: KeyText) -> Bool {
    guard signature == other.signature else { return false }
    if bytes.count <= 7 { return true }
    return bytes.elementsEqual(other.bytes)
  }
}
