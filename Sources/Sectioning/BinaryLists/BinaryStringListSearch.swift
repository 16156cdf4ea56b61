import PlistKit

/// The book's search over a binary plist that is a list of names (an array of strings, or a
/// dictionary of title → array of strings), straight from the file's bytes (see
/// ``BinaryPropertyListStringLists``): the strings are folded as they are visited, and only the
/// matches become `String`s. A million names otherwise cost far more in values made and
/// released than in the search itself.
///
/// It finds exactly what ``SectionedList/filtered(by:options:)`` finds in the list read from the
/// same file, sections in the same order, and steps aside (nil) whenever that would do
/// something else: another shape or format, a broken file (reading it says what is wrong), an
/// empty term (which keeps empty sections too).
///
/// ```swift
/// let search = BinaryStringListSearch(term: "abi", options: SearchOptions())
/// if let found = search.matches(in: bytes) { print(found.sections.map(\.items)) }
/// ```
public struct BinaryStringListSearch: Sendable {
  /// The matches of one section.
  public struct Section: Sendable, Equatable {
    /// The section's title: the dictionary key, or empty for a flat list.
    public var title: String
    /// The texts that match, in list order.
    public var items: [String]
  }

  /// What a search found.
  public struct Matches: Sendable, Equatable {
    /// True when the list is a dictionary of titled sections, false for a flat array.
    public var isTitled: Bool
    /// The sections that have matches, sorted by title as ``SectionedList`` sorts them.
    public var sections: [Section]
  }

  /// The text to look for.
  public let term: String
  /// How to match it.
  public let options: SearchOptions
  /// The most bytes of item text a search visits before it steps aside (nil), a byte and a
  /// line break an item: a binary list may reference one long string from every item, and
  /// the search reads it at each (so does ``SectionedList``, which a command then refuses
  /// with the output limit's error).
  public var maximumTextSize = Int.max

  /// A search for `term`.
  public init(term: String, options: SearchOptions) {
    self.term = term
    self.options = options
  }

  /// The matching items of the list in `buffer`, by section, or nil to step aside.
  public func matches(in buffer: UnsafeRawBufferPointer) -> Matches? {
    let pattern = SearchPattern(term, options: options)
    guard !pattern.isEmpty, PropertyListFormat.detect(buffer) == .binary,
      var lists = BinaryPropertyListStringLists(scanning: buffer)
    else { return nil }
    // Every section is searched, a repeated key's too: a broken string anywhere means
    // stepping aside, before anything is printed.
    var matches: [[String]] = []
    matches.reserveCapacity(lists.sectionCount)
    var textLeft = maximumTextSize
    for section in 0..<lists.sectionCount {
      guard
        let found = Self.matches(
          pattern, inSection: section, of: &lists, in: buffer, textLeft: &textLeft)
      else { return nil }
      matches.append(found)
    }
    var found: [Section] = []
    for (title, section) in Self.orderedSections(lists.titles) where !matches[section].isEmpty {
      found.append(Section(title: title, items: matches[section]))
    }
    return Matches(isTitled: lists.titles != nil, sections: found)
  }

  /// The sections in the order the sectioned list shows them: a dictionary's keys resolved as
  /// the dictionary resolves them (a repeated key keeps its place and takes the last value),
  /// then sorted by title as `SectionedList(sectionsByTitle:)` sorts them.
  private static func orderedSections(_ titles: [String]?) -> [(String, Int)] {
    guard let titles else { return [("", 0)] }
    var positions = PropertyListDictionary()
    for (position, title) in titles.enumerated() { positions[title] = .uid(UInt64(position)) }
    let resolved = positions.map { title, value in
      guard case .uid(let position) = value else { return (title, 0) }
      return (title, Int(position))
    }
    return resolved.enumerated().sorted { lhs, rhs in
      lhs.element.0 == rhs.element.0 ? lhs.offset < rhs.offset : lhs.element.0 < rhs.element.0
    }.map(\.element)
  }

  /// The texts of the items of one section that `pattern` matches, in order; nil when a string
  /// of the section is broken.
  ///
  /// Each string is checked and matched in the same visit. ASCII names are matched on their
  /// bytes (see ``ASCIIContainsMatcher``) when the term allows it; the others are folded
  /// into search keys a block at a time, as `SectionedList.filtered(by:options:)` folds them.
  /// Nil also once the items' text passes `textLeft` bytes.
  private static func matches(
    _ pattern: SearchPattern, inSection section: Int, of lists: inout BinaryPropertyListStringLists,
    in bytes: UnsafeRawBufferPointer, textLeft: inout Int
  ) -> [String]? {
    var found: [(position: Int, text: String)] = []
    var folding = FoldingBlock(pattern: pattern)
    var left = textLeft
    /// Counts an item's text; false once the text passes the limit (the item is then skipped).
    func counts(_ string: BinaryPropertyListString) -> Bool {
      guard left >= 0 else { return false }
      switch string {
      case .singleByte(let text): left -= text.count + 1
      case .decoded(let text): left -= text.utf8.count + 1
      }
      return left >= 0
    }
    let complete: Bool
    if let matcher = ASCIIContainsMatcher(pattern, textsIn: bytes) {
      complete = lists.forEachString(inSection: section) { position, string in
        guard counts(string) else { return }
        if case .singleByte(let text) = string {
          switch matcher.match(text) {
          case .match: found.append((position, String(decoding: text, as: UTF8.self)))
          case .noMatch: break
          case .notASCII: folding.add(string, at: position, foundInto: &found)
          }
        } else {
          folding.add(string, at: position, foundInto: &found)
        }
      }
    } else {
      complete = lists.forEachString(inSection: section) { position, string in
        guard counts(string) else { return }
        folding.add(string, at: position, foundInto: &found)
      }
    }
    textLeft = left
    guard complete, left >= 0 else { return nil }
    folding.fold(foundInto: &found)
    // Folded matches join the list a block late (when some items were matched directly).
    if folding.foldedAny { found.sort { $0.position < $1.position } }
    return found.map(\.text)
  }
}

/// Items waiting to be folded into search keys, a block at a time: one key buffer for many
/// items, without holding keys for the whole list.
private struct FoldingBlock {
  let pattern: SearchPattern
  private var positions: [Int] = []
  private var strings: [BinaryPropertyListString] = []
  /// True once a block has been folded.
  private(set) var foldedAny = false
  private static let size = 4096

  init(pattern: SearchPattern) { self.pattern = pattern }

  /// Adds an item, folding the block when it is full.
  mutating func add(
    _ string: BinaryPropertyListString, at position: Int, foundInto found: inout [(position: Int, text: String)]
  ) {
    positions.append(position)
    strings.append(string)
    if strings.count == Self.size { fold(foundInto: &found) }
  }

  /// Folds the items waiting and appends those that match, with their positions.
  mutating func fold(foundInto found: inout [(position: Int, text: String)]) {
    guard !strings.isEmpty else { return }
    foldedAny = true
    let strings = strings
    let keys = SearchKeys(
      count: strings.count, folding: pattern.options.folding,
      utf8: { Self.utf8(strings[$0]) }, string: { strings[$0].string })
    for match in keys.matches(pattern) { found.append((positions[Int(match)], strings[Int(match)].string)) }
    positions.removeAll(keepingCapacity: true)
    self.strings.removeAll(keepingCapacity: true)
  }

  /// The bytes of an ASCII string when they are its UTF-8 text (no byte of 0x80 or above).
  private static func utf8(_ string: BinaryPropertyListString) -> UnsafeRawBufferPointer? {
    guard case .singleByte(let bytes) = string, bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
    return bytes
  }
}
