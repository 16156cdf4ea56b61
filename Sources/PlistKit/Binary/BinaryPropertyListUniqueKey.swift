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

extension BinaryPropertyListUniqueKey {
  // Written out rather than synthesized: the synthesized hash feeds data to the hasher one
  // byte at a time, and this table is looked up once per scalar of the document.
  static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.string(let a), .string(let b)): a == b
    case (.integer(let a), .integer(let b)): a == b
    case (.real(let a), .real(let b)), (.date(let a), .date(let b)): a == b
    case (.data(let a), .data(let b)):
      a.withUnsafeBufferPointer { lhsBytes in b.withUnsafeBufferPointer { lhsBytes.hasSameBytes(as: $0) } }
    default: false
    }
  }

  func hash(into hasher: inout Hasher) {
    switch self {
    case .string(let key):
      hasher.combine(0 as UInt8)
      hasher.combine(key)
    case .integer(let integer):
      hasher.combine(1 as UInt8)
      hasher.combine(integer)
    case .real(let bits):
      hasher.combine(2 as UInt8)
      hasher.combine(bits)
    case .date(let bits):
      hasher.combine(3 as UInt8)
      hasher.combine(bits)
    case .data(let bytes):
      hasher.combine(4 as UInt8)
      bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
  }
}
