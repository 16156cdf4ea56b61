/// The common forms of objects read in place: offsets, references, lengths, booleans, numbers,
/// dates, data and single-byte strings, each checked against the file as the reader checks it,
/// and inlinable, so that a consumer's hot loop (the `Codable` decoder's, the search over a list
/// of names) reads them without a call into this module. A failure, and any uncommon form, is
/// only a nil here: the consumer then asks ``BinaryPropertyListObjects/object(_:)`` for the
/// object, which either reads it or gives the reader's error for it. Made only by the view
/// (``BinaryPropertyListObjects/inPlace``), from its checked trailer.
///
/// Every read lies in the object area or the offset table, which a checked trailer (32 bytes)
/// follows, so each is one 8-byte load, shifted, with no bounds check of its own.
///
/// A few words that a consumer keeps in a constant of its own (the whole view is larger, and
/// copying it for each read costs more than the read). It is SPI rather than `package`: this
/// toolchain inlines no `@inlinable` member of a `package` type into another module, and these
/// reads are worth inlining only.
@_spi(BinaryObjects)
public struct BinaryPropertyListInPlaceObjects {
  /// The file's first byte.
  @usableFromInline let base: UnsafeRawPointer
  /// Where the offset table starts: objects and their contents end before it.
  @usableFromInline let objectAreaEnd: Int
  /// The size of the object area, from the end of the header to the offset table.
  @usableFromInline let objectAreaSize: UInt64
  /// Bytes per offset table entry and per object reference, and the shifts that drop the
  /// excess of an 8-byte load of one.
  @usableFromInline let offsetSize: Int
  @usableFromInline let offsetShift: UInt64
  @usableFromInline let referenceSize: Int
  @usableFromInline let referenceShift: UInt64
  /// The number of objects, as the bound of a reference.
  @usableFromInline let referenceBound: UInt64

  /// The layout of `bytes`, whose `trailer` has been checked.
  init(_ bytes: UnsafeRawBufferPointer, trailer: BinaryPropertyListTrailer) {
    // A checked trailer means a file of at least a header, an object and a trailer.
    base = bytes.baseAddress!
    objectAreaEnd = trailer.offsetTableOffset
    objectAreaSize = UInt64(trailer.offsetTableOffset - BinaryPropertyListMarker.headerSize)
    offsetSize = trailer.offsetSize
    offsetShift = UInt64(64 - 8 * trailer.offsetSize)
    referenceSize = trailer.referenceSize
    referenceShift = UInt64(64 - 8 * trailer.referenceSize)
    referenceBound = UInt64(trailer.objectCount)
  }

  /// A number as the file holds it in one of its common forms.
  public enum Number {
    /// An integer of 1, 2, 4 (unsigned) or 8 bytes (signed).
    case integer(Int64)
    /// A real of 4 or 8 bytes.
    case real(Double)
  }

  /// The unsigned big-endian integer of `size` (1…8) bytes at `offset`, in the object area or
  /// the offset table.
  @inlinable @inline(__always)
  func loadBigEndian(at offset: Int, size: Int) -> UInt64 {
    UInt64(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &>> UInt64(64 &- 8 &* size)
  }

  /// True when `count` bytes from `start` end in the object area.
  @inlinable @inline(__always)
  func fits(_ start: Int, _ count: Int) -> Bool { start &+ count <= objectAreaEnd }

  /// The byte offset of object `index` (below the object count: a reference read here, or
  /// the top object), or nil when the offset table puts it outside the object area.
  @inlinable @inline(__always)
  public func offset(of index: Int) -> Int? {
    let entry = base.loadUnaligned(fromByteOffset: objectAreaEnd &+ index &* offsetSize, as: UInt64.self)
    let offset = UInt64(bigEndian: entry) &>> offsetShift
    // One unsigned comparison checks both ends: the trailer put the offset table after the header.
    guard offset &- UInt64(truncatingIfNeeded: BinaryPropertyListMarker.headerSize) < objectAreaSize else {
      return nil
    }
    return Int(truncatingIfNeeded: offset)
  }

  /// The object that reference `position` of a container refers to (its references from byte
  /// `references`, checked to fit by whoever read the container), or nil when there is none.
  @inlinable @inline(__always)
  public func reference(_ position: Int, references start: Int) -> Int? {
    let word = base.loadUnaligned(fromByteOffset: start &+ position &* referenceSize, as: UInt64.self)
    let reference = UInt64(bigEndian: word) &>> referenceShift
    guard reference < referenceBound else { return nil }
    return Int(truncatingIfNeeded: reference)
  }

  /// The marker of the object at `offset`.
  @inlinable @inline(__always)
  func marker(at offset: Int) -> UInt8 { base.load(fromByteOffset: offset, as: UInt8.self) }

  /// The count and the content's offset of the data, string or container object at `offset`
  /// whose marker is `marker`, the content checked to end in the object area (`unit` bytes per
  /// element); nil when the length cannot be read or the content does not fit.
  @inlinable @inline(__always)
  func content(at offset: Int, marker: UInt8, unit: Int) -> (count: Int, start: Int)? {
    var count = Int(marker & 0x0F)
    var start = offset &+ 1
    if marker & 0x0F == BinaryPropertyListMarker.extendedLength {
      guard offset &+ 2 <= objectAreaEnd else { return nil }
      let lengthMarker = self.marker(at: offset &+ 1)
      guard lengthMarker >> 4 == BinaryPropertyListMarker.integerNibble, lengthMarker & 0x0F <= 3 else { return nil }
      let size = 1 &<< Int(lengthMarker & 0x0F)
      guard offset &+ 2 &+ size <= objectAreaEnd else { return nil }
      let length = loadBigEndian(at: offset &+ 2, size: size)
      guard length <= UInt64(Int.max) else { return nil }
      count = Int(length)
      start = offset &+ 2 &+ size
    }
    guard count <= Swift.max(objectAreaEnd &- start, 0) / unit else { return nil }
    return (count, start)
  }

  /// Object `index` when it is a boolean.
  @inlinable @inline(__always)
  public func boolean(_ index: Int) -> Bool? {
    guard let offset = offset(of: index) else { return nil }
    switch marker(at: offset) {
    case BinaryPropertyListMarker.false: return false
    case BinaryPropertyListMarker.true: return true
    default: return nil
    }
  }

  /// Object `index` when it is an integer of up to 8 bytes or a real.
  @inlinable @inline(__always)
  public func number(_ index: Int) -> Number? {
    guard let offset = offset(of: index) else { return nil }
    let marker = self.marker(at: offset)
    let size = 1 &<< Int(marker & 0x0F)
    switch marker >> 4 {
    case BinaryPropertyListMarker.integerNibble where size <= 8:
      // 1, 2 and 4 bytes are unsigned, 8 bytes signed: all are the bits of an `Int64`.
      guard fits(offset &+ 1, size) else { return nil }
      return .integer(Int64(bitPattern: loadBigEndian(at: offset &+ 1, size: size)))
    case BinaryPropertyListMarker.realNibble where size == 4:
      guard fits(offset &+ 1, 4) else { return nil }
      let bits = UInt32(truncatingIfNeeded: loadBigEndian(at: offset &+ 1, size: 4))
      return .real(Double(Float(bitPattern: bits)))
    case BinaryPropertyListMarker.realNibble where size == 8:
      guard fits(offset &+ 1, 8) else { return nil }
      return .real(Double(bitPattern: loadBigEndian(at: offset &+ 1, size: 8)))
    default:
      return nil
    }
  }

  /// Object `index` when it is a date: its seconds since 2001-01-01.
  @inlinable @inline(__always)
  public func date(_ index: Int) -> Double? {
    guard let offset = offset(of: index), marker(at: offset) == BinaryPropertyListMarker.date,
      fits(offset &+ 1, 8)
    else { return nil }
    return Double(bitPattern: loadBigEndian(at: offset &+ 1, size: 8))
  }

  /// Object `index` when it is data: its bytes in the input, not counted against the
  /// decoded-size limit (the caller counts what it keeps).
  @inlinable @inline(__always)
  public func data(_ index: Int) -> UnsafeRawBufferPointer? {
    guard let offset = offset(of: index) else { return nil }
    let marker = self.marker(at: offset)
    guard marker >> 4 == BinaryPropertyListMarker.dataNibble,
      let (count, start) = content(at: offset, marker: marker, unit: 1)
    else { return nil }
    return UnsafeRawBufferPointer(start: base + start, count: count)
  }

  /// The count and the references of object `index` when it is a dictionary (`dictionary`), or
  /// else an array or a set, its references checked to fit.
  @inlinable @inline(__always)
  public func container(_ index: Int, dictionary: Bool) -> (count: Int, references: Int)? {
    guard let offset = offset(of: index) else { return nil }
    let marker = self.marker(at: offset)
    let nibble = marker >> 4
    guard
      dictionary
        ? nibble == BinaryPropertyListMarker.dictionaryNibble
        : nibble == BinaryPropertyListMarker.arrayNibble || nibble == BinaryPropertyListMarker.setNibble,
      let (count, start) = content(at: offset, marker: marker, unit: (dictionary ? 2 : 1) &* referenceSize)
    else { return nil }
    return (count, start)
  }

  /// The bytes of object `index` when it is a single-byte string (marker `0x5`: ASCII, or ISO
  /// Latin-1 when a byte is 0x80 or above), not counted against the decoded-size limit.
  @inlinable @inline(__always)
  public func singleByteString(_ index: Int) -> UnsafeRawBufferPointer? {
    guard let offset = offset(of: index) else { return nil }
    let marker = self.marker(at: offset)
    guard marker >> 4 == BinaryPropertyListMarker.asciiStringNibble else { return nil }
    let length = Int(marker & 0x0F)
    if length != Int(BinaryPropertyListMarker.extendedLength) {
      // A short string, nearly every name and key: its length is in the marker.
      guard fits(offset &+ 1, length) else { return nil }
      return UnsafeRawBufferPointer(start: base + (offset &+ 1), count: length)
    }
    guard let (count, start) = content(at: offset, marker: marker, unit: 1) else { return nil }
    return UnsafeRawBufferPointer(start: base + start, count: count)
  }

  /// ``singleByteString(_:)`` for a string whose length is in its marker (fewer than 15 bytes:
  /// nearly every name in a list), or nil for anything else, a longer string included: a scan
  /// over many strings keeps only this short path in its loop, and reads the rest in full.
  @inlinable @inline(__always)
  public func shortSingleByteString(_ index: Int) -> UnsafeRawBufferPointer? {
    guard let offset = offset(of: index) else { return nil }
    let marker = self.marker(at: offset)
    let length = Int(marker & 0x0F)
    guard marker >> 4 == BinaryPropertyListMarker.asciiStringNibble,
      length != Int(BinaryPropertyListMarker.extendedLength), fits(offset &+ 1, length)
    else { return nil }
    return UnsafeRawBufferPointer(start: base + (offset &+ 1), count: length)
  }

  /// The bytes of object `index` when it is a single-byte string of plain ASCII (its UTF-8 as
  /// it stands), or nil for anything else (another string form, another object, a failure).
  @inlinable @inline(__always)
  public func asciiString(_ index: Int) -> UnsafeRawBufferPointer? {
    guard let bytes = singleByteString(index) else { return nil }
    // Eight bytes at a time: a string is plain ASCII when no byte has its top bit set.
    let count = bytes.count
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

  /// ``asciiString(_:)`` for a dictionary key, as its key text: its first (at most) seven bytes
  /// are a little-endian word, zero above them, so a short key takes one load for both its check
  /// and its signature (the bytes after a string are in the file: at least the trailer follows).
  @inlinable @inline(__always)
  public func asciiKey(_ index: Int) -> BinaryPropertyListKeyText? {
    guard let bytes = singleByteString(index) else { return nil }
    let count = bytes.count
    if count <= 7 {
      let mask = (1 &<< (8 &* UInt64(count))) &- 1
      let word = UInt64(littleEndian: bytes.baseAddress!.loadUnaligned(as: UInt64.self)) & mask
      guard word & 0x8080_8080_8080_8080 == 0 else { return nil }
      return BinaryPropertyListKeyText(bytes: bytes, prefix: word)
    }
    guard let ascii = asciiString(index) else { return nil }
    var prefix: UInt64 = 0
    for position in 0..<7 { prefix |= UInt64(ascii[position]) &<< (8 &* UInt64(position)) }
    return BinaryPropertyListKeyText(bytes: ascii, prefix: prefix)
  }

  /// True when the `count` references from byte `a` are those from byte `b` (both checked to fit
  /// by whoever read their containers): two dictionaries with the same key objects.
  @inlinable @inline(__always)
  public func sameReferences(_ a: Int, _ b: Int, count: Int) -> Bool {
    let bytes = base.assumingMemoryBound(to: UInt8.self)
    let size = count &* referenceSize
    return UnsafeBufferPointer(start: bytes + a, count: size).hasSameBytes(
      as: UnsafeBufferPointer(start: bytes + b, count: size))
  }
}
