/// Random access to the objects of a binary plist, for a consumer in this package that walks
/// them its own way: PlistCoding decodes `Codable` values straight from the object table,
/// KeyedArchive reads an archive's entries one at a time, PlistDiff fingerprints the objects,
/// Sectioning searches a list of names; none of them reads the file's bytes otherwise.
///
/// Every offset, length and reference is checked as the reader checks it, and a failure is the
/// reader's own error for that object. The walk itself must refuse cycles and nesting beyond
/// the depth limit, and should read each object once (strings and data are counted against
/// ``PropertyListLimits/maximumDecodedSize`` at each read); when it finds a problem, reading
/// the file with ``BinaryPropertyListReader`` gives the error a reader reports first.
///
/// The common forms can also be read in place, without a call into this module (see
/// ``BinaryPropertyListInPlaceObjects``): a consumer in a hot loop tries those first and comes back to ``object(_:)``
/// for the rest and for the error of one that fails.
package struct BinaryPropertyListObjects {
  private var reader: BinaryPropertyListObjectReader

  /// One object: a scalar, data, or a container and where its references start.
  package enum Object {
    /// A string, number, date, boolean or UID.
    case scalar(PropertyList)
    /// Data: its bytes in the input, valid as long as the input is.
    case data(UnsafeRawBufferPointer)
    /// An array or set: `count` references from byte `references`.
    case array(count: Int, references: Int)
    /// A dictionary: `count` key references from byte `references`, then `count` value ones.
    case dictionary(count: Int, references: Int)
  }

  /// Checks the size and the trailer of `bytes`.
  package init(_ bytes: UnsafeRawBufferPointer, limits: PropertyListLimits) throws(PropertyListError) {
    try limits.checkInputSize(bytes.count, format: .binary)
    let trailer = try BinaryPropertyListTrailer(reading: bytes, limits: limits)
    reader = BinaryPropertyListObjectReader(bytes: bytes, trailer: trailer, limits: limits)
  }

  /// True when `bytes` start with the header `bplist00`: the files a binary-only route takes
  /// (another version is left to the general reader, which says what it makes of it).
  package static func startsWithHeader(_ bytes: UnsafeRawBufferPointer) -> Bool {
    bytes.starts(with: BinaryPropertyListMarker.magic + BinaryPropertyListMarker.version)
  }

  /// The limits the objects are read with.
  package var limits: PropertyListLimits { reader.limits }

  /// Bytes of strings and data read so far, against ``PropertyListLimits/maximumDecodedSize``:
  /// a consumer that reads strings in place counts them here too, so that one count covers
  /// both ways of reading.
  package var decodedSize: Int {
    get { reader.decodedSize }
    set { reader.decodedSize = newValue }
  }

  /// The common forms read in place, for a consumer to keep in a constant of its own. Made on
  /// demand rather than stored: every call into the view passes the view's fields, and a
  /// larger view made the archive reader's many calls dearer.
  package var inPlace: BinaryPropertyListInPlaceObjects {
    BinaryPropertyListInPlaceObjects(reader.bytes, trailer: reader.trailer)
  }

  /// The root object.
  package var topObject: Int { reader.trailer.topObject }

  /// The number of objects.
  package var objectCount: Int { reader.trailer.objectCount }

  /// The byte offset of object `index`.
  package func offset(of index: Int) throws(PropertyListError) -> Int { try reader.offset(ofObject: index) }

  /// True when object `index` is a string, a real, a date or data: a scalar that a walk which
  /// only follows references can pass over without reading it.
  package func isPlainScalar(_ index: Int) throws(PropertyListError) -> Bool {
    switch reader.bytes[try reader.offset(ofObject: index)] >> 4 {
    case BinaryPropertyListMarker.realNibble, BinaryPropertyListMarker.dateNibble, BinaryPropertyListMarker.dataNibble,
      BinaryPropertyListMarker.asciiStringNibble, BinaryPropertyListMarker.utf16StringNibble:
      true
    default: false
    }
  }

  /// True when object `index` is a set, which ``object(_:)`` reads as an array: for a consumer
  /// that takes arrays only.
  package func isSet(_ index: Int) throws(PropertyListError) -> Bool {
    reader.bytes[try reader.offset(ofObject: index)] >> 4 == BinaryPropertyListMarker.setNibble
  }

  /// Reads object `index`: a scalar whole (a string or data counted against the decoded-size
  /// limit), a container's count and references checked to fit in the file.
  package mutating func object(_ index: Int) throws(PropertyListError) -> Object {
    let offset = try reader.offset(ofObject: index)
    let marker = reader.bytes[offset]
    switch marker >> 4 {
    case BinaryPropertyListMarker.arrayNibble, BinaryPropertyListMarker.setNibble,
      BinaryPropertyListMarker.dictionaryNibble:
      let isDictionary = marker >> 4 == BinaryPropertyListMarker.dictionaryNibble
      let (count, start) = try reader.readLength(ofObject: index, at: offset, marker: marker)
      let (references, overflow) = count.multipliedReportingOverflow(by: isDictionary ? 2 : 1)
      try reader.checkFits(
        object: index, at: offset, start: start, count: overflow ? Int.max : references,
        unitSize: reader.trailer.referenceSize, what: isDictionary ? "dictionary" : "array", unit: "references")
      return isDictionary ? .dictionary(count: count, references: start) : .array(count: count, references: start)
    case BinaryPropertyListMarker.dataNibble:
      let (count, start) = try reader.readLength(ofObject: index, at: offset, marker: marker)
      try reader.checkFits(
        object: index, at: offset, start: start, count: count, unitSize: 1, what: "data", unit: "bytes")
      try reader.account(count, object: index, at: offset)
      return .data(UnsafeRawBufferPointer(rebasing: reader.bytes[start..<(start + count)]))
    default:
      return .scalar(try reader.readScalar(index, at: offset, marker: marker))
    }
  }

  /// Calls `body` with the UTF-8 of object `index` when it is a string, checked and counted as
  /// ``object(_:)`` reads it but without making a `String`: an ASCII string's own bytes, or the
  /// transcoding of a UTF-16 or ISO Latin-1 one into `scratch`. Nil when the object is not a
  /// string (and nothing is read).
  package mutating func withStringUTF8<Result>(
    _ index: Int, scratch: inout [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) throws(PropertyListError) -> Result? {
    let offset = try reader.offset(ofObject: index)
    let marker = reader.bytes[offset]
    let isUTF16 = marker >> 4 == BinaryPropertyListMarker.utf16StringNibble
    guard isUTF16 || marker >> 4 == BinaryPropertyListMarker.asciiStringNibble else { return nil }
    let (count, start) = try reader.readLength(ofObject: index, at: offset, marker: marker)
    try reader.checkFits(
      object: index, at: offset, start: start, count: count, unitSize: isUTF16 ? 2 : 1, what: "string",
      unit: isUTF16 ? "UTF-16 units" : "bytes")
    try reader.account(isUTF16 ? count * 2 : count, object: index, at: offset)
    if isUTF16 {
      // A code unit becomes at most 3 bytes of UTF-8 (a surrogate pair, 2 units, becomes 4).
      if scratch.count < count * 3 { scratch = [UInt8](repeating: 0, count: count * 3) }
      let reader = self.reader
      let result = scratch.withUnsafeMutableBufferPointer { reader.transcodeUTF16(from: start, count: count, into: $0) }
      switch result {
      case .success(let written):
        return scratch.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<written])) }
      case .failure(let surrogate): throw reader.unpairedSurrogate(index, at: surrogate.offset)
      }
    }
    let text = UnsafeRawBufferPointer(rebasing: reader.bytes[start..<(start + count)]).bindMemory(to: UInt8.self)
    let firstNonASCII = ASCIIScan.firstNonASCII(in: text)
    if firstNonASCII == count { return body(text) }
    BinaryPropertyListObjectReader.transcodeLatin1(text, firstNonASCII: firstNonASCII, into: &scratch)
    return scratch.withUnsafeBufferPointer { body($0) }
  }

  /// The text of string object `index`, for comparing it without making a `String`: the bytes
  /// of an ASCII string object that is plain ASCII (its UTF-8 as it stands), otherwise the
  /// string; nil when the object is not a string. Nothing is kept, so nothing is counted
  /// against the decoded-size limit.
  package func stringText(_ index: Int) throws(PropertyListError) -> StringText? {
    let offset = try reader.offset(ofObject: index)
    let marker = reader.bytes[offset]
    switch marker >> 4 {
    case BinaryPropertyListMarker.asciiStringNibble:
      let (count, start) = try reader.readLength(ofObject: index, at: offset, marker: marker)
      try reader.checkFits(
        object: index, at: offset, start: start, count: count, unitSize: 1, what: "string", unit: "bytes")
      let text = UnsafeRawBufferPointer(rebasing: reader.bytes[start..<(start + count)])
      if text.allSatisfy({ $0 < 0x80 }) { return .ascii(text) }
      return .string(BinaryPropertyListObjectReader.latin1String(text))
    case BinaryPropertyListMarker.utf16StringNibble:
      var uncounted = reader
      return .string(try uncounted.readString(index, at: offset, marker: marker))
    default:
      return nil
    }
  }

  /// The text of a string object, see ``stringText(_:)``.
  package enum StringText {
    /// Plain ASCII bytes in the input, valid as long as the input is.
    case ascii(UnsafeRawBufferPointer)
    /// Any other string (Latin-1 or UTF-16 in the file).
    case string(String)

    /// The text as a string.
    package var string: String {
      switch self {
      case .ascii(let bytes): String(decoding: bytes, as: UTF8.self)
      case .string(let string): string
      }
    }
  }

  /// The object that reference `position` of container `index` (its references from byte
  /// `references`) refers to: a dictionary's keys are at `0..<count`, its values at
  /// `count..<2 * count`.
  package func reference(_ position: Int, of index: Int, references: Int) throws(PropertyListError) -> Int {
    try reader.readReference(at: references + position * reader.trailer.referenceSize, from: index)
  }

  /// Appends the objects that references `range` of the container `index` (its references
  /// from byte `references`) refer to: a dictionary's keys are its references `0..<count`,
  /// its values `count..<2 * count`.
  package func appendReferences(
    _ range: Range<Int>, of index: Int, references: Int, to objects: inout [UInt32]
  ) throws(PropertyListError) {
    let size = reader.trailer.referenceSize
    for position in range {
      // Object numbers fit in 32 bits: the trailer refuses larger counts.
      objects.append(
        UInt32(truncatingIfNeeded: try reader.readReference(at: references + position * size, from: index)))
    }
  }
}
