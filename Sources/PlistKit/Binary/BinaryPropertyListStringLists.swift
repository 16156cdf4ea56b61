/// A view of a binary plist that is a list of names: an array of strings, or a dictionary
/// whose values are all arrays of strings (the book's `sortednames.plist`), read straight
/// from the file's bytes, for code that needs the strings and not the value (Sectioning's
/// search over a list of names, `plistkit filter`).
///
/// A million short strings cost a reader its per-object bookkeeping (the state of each object,
/// the stack of open containers, a value made for each) many times over the decoding itself,
/// and a search needs the text of its matches only; these shapes need none of that
/// bookkeeping, as they nest two levels at most and cannot contain themselves.
///
/// ```swift
/// guard var lists = BinaryPropertyListStringLists(scanning: bytes) else { return readTheValue() }
/// for section in 0..<lists.sectionCount {
///   let complete = lists.forEachString(inSection: section) { position, string in use(string.string) }
///   guard complete else { return readTheValue() }   // a broken string: the reader says what
/// }
/// ```
///
/// Scanning checks the shape: the keys (decoded), and that each array's references fit. The
/// strings are checked as ``forEachString(inSection:_:)`` visits them, each exactly as the
/// binary reader would check it, so that one pass over the items both checks and uses
/// them. Only a caller that has visited every section without a failure has seen a file the
/// binary reader would read; until then it must not act on what it saw.
///
/// The value holds `bytes` without owning them: use it only while they are valid.
/// ``forEachString(inSection:_:)`` is inlinable, so that the caller's code for each string is
/// compiled into the loop over the file's references.
public struct BinaryPropertyListStringLists {
  /// The dictionary's keys in file order, or nil when the top object is an array.
  public let titles: [String]?

  /// Where each array's references start, and how many there are.
  @usableFromInline let sections: [(start: Int, count: Int)]
  @usableFromInline let bytes: UnsafeRawBufferPointer
  /// Sizes of references and offsets, as the shifts that drop the excess of an 8-byte load.
  @usableFromInline let referenceSize: Int
  @usableFromInline let referenceShift: UInt64
  @usableFromInline let offsetSize: Int
  @usableFromInline let offsetShift: UInt64
  @usableFromInline let objectCount: Int
  @usableFromInline let offsetTableOffset: Int
  @usableFromInline let maximumDecodedSize: Int
  /// Bytes of strings decoded so far, against the limit, as the binary reader counts them.
  @usableFromInline var decodedSize: Int

  private let trailer: BinaryPropertyListTrailer
  private let limits: PropertyListLimits

  /// Scans `bytes` for one of the two shapes. Returns nil for any other shape, and for anything
  /// the binary reader would have to judge (a broken reference or key, a limit reached):
  /// reading the file as a whole then gives the value or the precise error.
  public init?(scanning bytes: UnsafeRawBufferPointer, options: PropertyListReadingOptions = .default) {
    guard let trailer = try? BinaryPropertyListTrailer(reading: bytes, limits: options.limits) else { return nil }
    var reader = BinaryPropertyListObjectReader(
      bytes: bytes, trailer: trailer, limits: options.limits)
    guard let (titles, sections) = reader.scanStringListLayout() else { return nil }
    self.titles = titles
    self.sections = sections
    self.bytes = bytes
    self.trailer = trailer
    limits = options.limits
    referenceSize = trailer.referenceSize
    referenceShift = UInt64(64 - 8 * trailer.referenceSize)
    offsetSize = trailer.offsetSize
    offsetShift = UInt64(64 - 8 * trailer.offsetSize)
    objectCount = trailer.objectCount
    offsetTableOffset = trailer.offsetTableOffset
    maximumDecodedSize = options.limits.maximumDecodedSize
    decodedSize = reader.decodedSize
  }

  /// The number of arrays: one per key, or the one top array.
  public var sectionCount: Int { sections.count }

  /// The number of strings in array `section`.
  public func itemCount(inSection section: Int) -> Int { sections[section].count }

  /// Calls `body` with the position and text of each string of array `section`, in order,
  /// after checking the string as the binary reader would: the reference, the offset, the
  /// marker, the length, the decoded-size limit, the encoding. Returns false, at the first
  /// string that fails (or is not a string), without calling `body` for it.
  ///
  /// Short ASCII strings, nearly every name, are checked here without a call; anything else
  /// goes through the general reader's own checks.
  @inlinable @inline(__always)
  public mutating func forEachString(
    inSection section: Int, _ body: (Int, BinaryPropertyListString) -> Void
  ) -> Bool {
    let (referencesStart, count) = sections[section]
    guard count > 0, let base = bytes.baseAddress else { return true }
    // Locals, not properties, so that they stay in registers around `body`.
    let (referenceSize, referenceShift) = (self.referenceSize, self.referenceShift)
    let (offsetSize, offsetShift) = (self.offsetSize, self.offsetShift)
    let (offsetTableOffset, objectCount) = (self.offsetTableOffset, UInt64(self.objectCount))
    let objectAreaEnd = UInt64(offsetTableOffset)
    let maximumDecodedSize = self.maximumDecodedSize
    var decodedSize = self.decodedSize
    defer { self.decodedSize = decodedSize }
    // The arithmetic cannot overflow: the scan checked that the references fit in the file, the
    // trailer that the offset table does, and every index is checked against the object count.
    // Each reference and offset is read as one 8-byte load, shifted: both lie at least 8 bytes
    // before the end of a file that has a trailer (32 bytes).
    for position in 0..<count {
      let reference = base.loadUnaligned(fromByteOffset: referencesStart &+ position &* referenceSize, as: UInt64.self)
      let index = UInt64(bigEndian: reference) &>> referenceShift
      guard index < objectCount else { return false }
      let entry = base.loadUnaligned(fromByteOffset: offsetTableOffset &+ Int(index) &* offsetSize, as: UInt64.self)
      let offset = UInt64(bigEndian: entry) &>> offsetShift
      // The constants of `BinaryPropertyListMarker` are spelled out: this code is compiled into
      // the caller, which would reach them through a call for each string. The object area
      // starts after the 8-byte header (one unsigned comparison checks both ends: the trailer
      // put the offset table after it); 0x5 marks an ASCII string, whose length is in the
      // marker unless its low nibble is 0xF.
      guard offset &- 8 < objectAreaEnd &- 8 else { return false }
      let marker = base.load(fromByteOffset: Int(truncatingIfNeeded: offset), as: UInt8.self)
      let length = Int(marker & 0x0F)
      if marker >> 4 == 0x5, length != 0x0F {
        guard offset &+ 1 &+ UInt64(truncatingIfNeeded: length) <= objectAreaEnd,
          length <= maximumDecodedSize &- decodedSize
        else { return false }
        decodedSize &+= length
        let start = base + (Int(truncatingIfNeeded: offset) &+ 1)
        body(position, .singleByte(UnsafeRawBufferPointer(start: start, count: length)))
      } else {
        self.decodedSize = decodedSize
        guard let string = checkedString(Int(index), at: Int(offset)) else { return false }
        decodedSize = self.decodedSize
        body(position, string)
      }
    }
    return true
  }

  /// Any string but a short ASCII one, checked (and UTF-16 and UTF-8 decoded) by the general
  /// reader, or nil when it is broken or not a string.
  @usableFromInline
  mutating func checkedString(_ index: Int, at offset: Int) -> BinaryPropertyListString? {
    var reader = BinaryPropertyListObjectReader(bytes: bytes, trailer: trailer, limits: limits)
    reader.decodedSize = decodedSize
    defer { decodedSize = reader.decodedSize }
    let marker = bytes[offset]
    switch marker >> 4 {
    case BinaryPropertyListMarker.asciiStringNibble:
      guard let (count, start) = try? reader.readLength(ofObject: index, at: offset, marker: marker),
        (try? reader.checkFits(
          object: index, at: offset, start: start, count: count, unitSize: 1, what: "string", unit: "bytes")) != nil,
        (try? reader.account(count, object: index, at: offset)) != nil
      else { return nil }
      return .singleByte(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count)]))
    case BinaryPropertyListMarker.utf16StringNibble:
      return (try? reader.readString(index, at: offset, marker: marker)).map { .decoded($0) }
    default:
      return nil
    }
  }
}

/// The text of one string of a list, as ``BinaryPropertyListStringLists`` finds it.
public enum BinaryPropertyListString {
  /// The bytes of an ASCII string (marker `0x5`): one character per byte, ASCII when every
  /// byte is below 0x80, else ISO Latin-1 (see ``string(singleByte:)``).
  case singleByte(UnsafeRawBufferPointer)
  /// A UTF-16 string, decoded.
  case decoded(String)

  /// The text, as the binary reader decodes it.
  public var string: String {
    switch self {
    case .singleByte(let bytes): Self.string(singleByte: bytes)
    case .decoded(let string): string
    }
  }

  /// The text of an ASCII string's bytes: ASCII, or ISO Latin-1 when a byte is 0x80 or above.
  public static func string(singleByte bytes: UnsafeRawBufferPointer) -> String {
    if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
    return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
  }
}
