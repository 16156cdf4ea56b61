/// What makes two values one object in a binary plist.
///
/// Like CoreFoundation, the writer shares equal strings, numbers, dates and data: each is
/// written once and referenced from every place it appears. Booleans, UIDs, arrays and
/// dictionaries are written at each occurrence, as CoreFoundation writes them (a boolean or
/// a UID is no bigger than a reference to it). "Equal" here means:
/// - strings by their exact Unicode scalars (``ExactKey``), never by Swift's canonical
///   equivalence, so a precomposed and a decomposed "é" stay two objects;
/// - integers by value, reals by bit pattern, so `-0.0` and `0.0` stay two objects and equal
///   NaNs are one; an integer and a real are never one object (the integer 1 and the real 1.0
///   stay apart, as in CoreFoundation);
/// - dates by the bit pattern of their seconds, data by its bytes.
enum BinaryPropertyListUniqueKey: Hashable {
  case string(ExactKey)
  case integer(PropertyListInteger)
  case real(UInt64)
  case date(UInt64)
  case data([UInt8])

  /// The key of a value that is shared; nil for values written at each occurrence.
  init?(_ value: PropertyList) {
    switch value {
    case .string(let string): self = .string(ExactKey(string))
    case .integer(let integer): self = .integer(integer)
    case .real(let real): self = .real(real.bitPattern)
    case .date(let date): self = .date(date.secondsSinceReferenceDate.bitPattern)
    case .data(let bytes): self = .data(bytes)
    case .boolean, .uid, .array, .dictionary: return nil
    }
  }
}
