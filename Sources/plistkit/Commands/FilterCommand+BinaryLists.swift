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
  private static func matches(
    _ pattern: SearchPattern, items: [Int], lists: BinaryPropertyListStringLists, in bytes: UnsafeRawBufferPointer
  ) -> [String] {
    let blockSize = 4096
    var texts: [String] = []
    var start = 0
    while start < items.count {
      let block = items[start..<min(start + blockSize, items.count)]
      let keys = SearchKeys(
        count: block.count, folding: pattern.options.folding,
        utf8: { lists.utf8Bytes(at: block[start + $0], in: bytes) },
        string: { lists.string(at: block[start + $0], in: bytes) })
      for match in keys.matches(pattern) { texts.append(lists.string(at: block[start + Int(match)], in: bytes)) }
      start += blockSize
    }
    return texts
  }
}
