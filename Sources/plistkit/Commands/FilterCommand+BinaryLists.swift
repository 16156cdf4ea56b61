import PlistKit
import Sectioning

/// `filter` over a binary list of names (an array of strings, or a dictionary of title →
/// array of strings) without building the list: the strings are folded from the file's bytes,
/// and only the matches become `String`s. A million names otherwise cost far more in values
/// made and released than in the search itself.
///
/// It prints exactly what the general path prints for the same input, and steps aside (nil)
/// whenever that path would do something else: another shape or format, a broken file, an
/// empty term (which shows empty sections too), a collation, JSON or plist output.
struct BinaryListFilter {
  let term: String
  let options: SearchOptions

  /// The matching items, by section (titles in the general path's order), or nil to step aside.
  func run(_ bytes: [UInt8]) -> (titled: Bool, sections: [(title: String, items: [String])])? {
    let pattern = SearchPattern(term, options: options)
    guard !pattern.isEmpty, PropertyListFormat.detect(bytes) == .binary else { return nil }
    return bytes.withUnsafeBytes { buffer in
      guard let lists = BinaryPropertyListStringLists(scanning: buffer) else { return nil }
      var found: [(title: String, items: [String])] = []
      for (title, items) in Self.orderedSections(lists) {
        let matches = Self.matches(pattern, items: items, lists: lists, in: buffer)
        if !matches.isEmpty { found.append((title, matches)) }
      }
      return (lists.titles != nil, found)
    }
  }

  /// The sections in the order the general path shows them: a dictionary's keys resolved as
  /// the dictionary resolves them (a repeated key keeps its place and takes the last value),
  /// then sorted by title as `SectionedList(sectionsByTitle:)` sorts them.
  private static func orderedSections(_ lists: BinaryPropertyListStringLists) -> [(String, [Int])] {
    guard let titles = lists.titles else { return [("", lists.sections.first ?? [])] }
    var positions = PropertyListDictionary()
    for (position, title) in titles.enumerated() { positions[title] = .uid(UInt64(position)) }
    let resolved = positions.map { title, value in
      guard case .uid(let position) = value else { return (title, [Int]()) }
      return (title, lists.sections[Int(position)])
    }
    return resolved.enumerated().sorted { lhs, rhs in
      lhs.element.0 == rhs.element.0 ? lhs.offset < rhs.offset : lhs.element.0 < rhs.element.0
    }.map(\.element)
  }

  /// The texts of the items of one section that `pattern` matches, folding a block of items
  /// at a time as `SectionedList.filtered(by:options:)` does.
  ///
  /// When the term is printable ASCII and the match may fall anywhere, printable-ASCII items
  /// are matched on their bytes directly: for such text, full case folding with canonical
  /// equivalence is exactly ASCII lowercasing, and no grapheme can straddle the match's ends.
  /// Only the other items are folded into search keys.
  private static func matches(
    _ pattern: SearchPattern, items: [Int], lists: BinaryPropertyListStringLists, in bytes: UnsafeRawBufferPointer
  ) -> [String] {
    let asciiKey = Self.asciiKey(of: pattern)
    let blockSize = 4096
    var texts: [String] = []
    var start = 0
    while start < items.count {
      let block = Array(items[start..<min(start + blockSize, items.count)])
      // Items that need full folding, by their place in the block.
      var folded: [Int] = []
      var direct = [Bool?](repeating: nil, count: block.count)
      for (place, item) in block.enumerated() {
        if let asciiKey, let text = lists.utf8Bytes(at: item, in: bytes), Self.isPrintableASCII(text) {
          direct[place] = Self.containsIgnoringASCIICase(text, asciiKey)
        } else {
          folded.append(place)
        }
      }
      var foldedMatches = Set<Int>()
      if !folded.isEmpty {
        let keys = SearchKeys(
          count: folded.count, folding: pattern.options.folding,
          utf8: { lists.utf8Bytes(at: block[folded[$0]], in: bytes) },
          string: { lists.string(at: block[folded[$0]], in: bytes) })
        for match in keys.matches(pattern) { foldedMatches.insert(folded[Int(match)]) }
      }
      for place in block.indices where direct[place] ?? foldedMatches.contains(place) {
        texts.append(lists.string(at: block[place], in: bytes))
      }
      start += blockSize
    }
    return texts
  }

  /// The folded key of a plain "contains" pattern of printable ASCII, else nil.
  private static func asciiKey(of pattern: SearchPattern) -> [UInt8]? {
    guard pattern.options.mode == .contains, !pattern.usesHangulInitials,
      pattern.key.allSatisfy({ (0x20...0x7E).contains($0) })
    else { return nil }
    return pattern.key
  }

  private static func isPrintableASCII(_ text: UnsafeRawBufferPointer) -> Bool {
    text.allSatisfy { (0x20...0x7E).contains($0) }
  }

  /// True when `key` (already lowercase) occurs in `text` with ASCII letters compared without case.
  private static func containsIgnoringASCIICase(_ text: UnsafeRawBufferPointer, _ key: [UInt8]) -> Bool {
    guard key.count <= text.count else { return false }
    if key.isEmpty { return true }
    let last = text.count - key.count
    var position = 0
    while position <= last {
      var offset = 0
      while offset < key.count, lowercase(text[position + offset]) == key[offset] { offset += 1 }
      if offset == key.count { return true }
      position += 1
    }
    return false
  }

  private static func lowercase(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
  }
}
