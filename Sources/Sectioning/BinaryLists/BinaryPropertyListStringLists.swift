@_spi(BinaryObjects) import PlistKit

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
/// It reads the file through PlistKit's view of a binary plist's objects: the shape through the
/// view's checked reads, each string in place when it is a single-byte one (nearly every name),
/// through the view's general read otherwise, so that every check is the binary reader's own.
///
/// The value holds `bytes` without owning them: use it only while they are valid.
public struct BinaryPropertyListStringLists {
  /// The dictionary's keys in file order, or nil when the top object is an array.
  public let titles: [String]?

  /// Where each array's references start, and how many there are.
  private let sections: [(start: Int, count: Int)]
  /// The file's objects; their count of decoded bytes goes on from the keys to the strings.
  private var objects: BinaryPropertyListObjects

  /// Scans `bytes` for one of the two shapes. Returns nil for any other shape, and for anything
  /// the binary reader would have to judge (a broken reference or key, a limit reached):
  /// reading the file as a whole then gives the value or the precise error.
  public init?(scanning bytes: UnsafeRawBufferPointer, options: PropertyListReadingOptions = .default) {
    guard options.limits.maximumDepth >= 2,
      var objects = try? BinaryPropertyListObjects(bytes, limits: options.limits),
      let (titles, sections) = Self.layout(of: &objects)
    else { return nil }
    self.titles = titles
    self.sections = sections
    self.objects = objects
  }

  /// The shape of a list of names without its strings: the keys (nil for a top array), read
  /// and counted, and where each array's references start and how many there are, checked to
  /// fit; nil for any other shape or any problem. The strings themselves are left to check.
  private static func layout(
    of objects: inout BinaryPropertyListObjects
  ) -> (titles: [String]?, sections: [(start: Int, count: Int)])? {
    let top = objects.topObject
    switch try? objects.object(top) {
    case .array(let count, let start)?:
      guard (try? objects.isSet(top)) == false else { return nil }
      return (nil, [(start, count)])
    case .dictionary(let count, let start)?:
      var keys: [String] = []
      var sections: [(start: Int, count: Int)] = []
      keys.reserveCapacity(count)
      sections.reserveCapacity(count)
      for entry in 0..<count {
        guard let keyIndex = try? objects.reference(entry, of: top, references: start),
          case .scalar(.string(let key))? = try? objects.object(keyIndex),
          let valueIndex = try? objects.reference(count + entry, of: top, references: start),
          case .array(let itemCount, let itemStart)? = try? objects.object(valueIndex),
          (try? objects.isSet(valueIndex)) == false
        else { return nil }
        keys.append(key)
        sections.append((itemStart, itemCount))
      }
      return (keys, sections)
    default:
      return nil
    }
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
  /// Single-byte strings, nearly every name, are read in place, without a call (the short ones
  /// on the loop's own path); anything else goes through the view's general read and its checks.
  @inline(__always)
  public mutating func forEachString(
    inSection section: Int, _ body: (Int, BinaryPropertyListString) -> Void
  ) -> Bool {
    let (referencesStart, count) = sections[section]
    guard count > 0 else { return true }
    // Locals, not properties, so that they stay in registers around `body`. What is left of the
    // decoded-size limit is counted down: one subtraction and one test a string.
    let inPlace = objects.inPlace
    let maximumDecodedSize = objects.limits.maximumDecodedSize
    var sizeLeft = maximumDecodedSize &- objects.decodedSize
    defer { objects.decodedSize = maximumDecodedSize &- sizeLeft }
    for position in 0..<count {
      guard let index = inPlace.reference(position, references: referencesStart) else { return false }
      if let text = inPlace.shortSingleByteString(index) {
        sizeLeft &-= text.count
        guard sizeLeft >= 0 else { return false }
        body(position, .singleByte(text))
      } else if let text = inPlace.singleByteString(index) {
        // A longer single-byte string is read in place too: a file that shares one long string
        // among many items is counted against the limit at each, not decoded at each.
        sizeLeft &-= text.count
        guard sizeLeft >= 0 else { return false }
        body(position, .singleByte(text))
      } else {
        objects.decodedSize = maximumDecodedSize &- sizeLeft
        guard case .scalar(.string(let string))? = try? objects.object(index) else { return false }
        sizeLeft = maximumDecodedSize &- objects.decodedSize
        body(position, .decoded(string))
      }
    }
    return true
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
