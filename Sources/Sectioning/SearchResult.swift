/// What a search leaves of a ``SectionedList``: the sections that still have items, in their
/// order, with their matching items in theirs. The list itself is not copied or changed.
///
/// An empty term gives the whole list, empty sections included (the book's `resetSearch`);
/// any other term drops the sections it empties (the book's `handleSearchForTerm:`).
public struct SearchResult<Item> {
  /// The list searched.
  public let list: SectionedList<Item>
  /// Positions in the list's items that matched, in increasing order; nil when everything did.
  public let matches: [Int32]?
  /// For each visible section: its index in the list.
  public let sectionIndices: [Int]
  /// For each visible section: where its matches start in ``matches``, plus the end.
  let matchStarts: [Int]

  /// The result that shows everything.
  public init(all list: SectionedList<Item>) {
    self.list = list
    matches = nil
    sectionIndices = Array(0..<list.sectionCount)
    matchStarts = []
  }

  /// The result for matching positions `matches` (increasing).
  public init(list: SectionedList<Item>, matches: [Int32]) {
    self.list = list
    self.matches = matches
    var sections: [Int] = []
    var starts: [Int] = []
    // Matches are in item order, so each section's matches are one run.
    var position = 0
    while position < matches.count {
      let section = list.section(ofItemAt: Int(matches[position]))
      sections.append(section)
      starts.append(position)
      let end = list.range(ofSection: section).upperBound
      while position < matches.count, Int(matches[position]) < end { position += 1 }
    }
    starts.append(matches.count)
    sectionIndices = sections
    matchStarts = starts
  }

  /// The titles of the visible sections.
  public var titles: [String] { sectionIndices.map { list.titles[$0] } }

  /// The number of visible sections.
  public var sectionCount: Int { sectionIndices.count }

  /// The number of matching items.
  public var count: Int { matches?.count ?? list.count }

  /// True when nothing matched.
  public var isEmpty: Bool { count == 0 }

  /// The positions in the list's items of the matches in visible section `section`.
  public func itemPositions(inSection section: Int) -> [Int] {
    guard let matches else { return Array(list.range(ofSection: sectionIndices[section])) }
    return matches[matchStarts[section]..<matchStarts[section + 1]].map { Int($0) }
  }

  /// The number of matches in visible section `section`.
  public func count(inSection section: Int) -> Int {
    guard matches != nil else { return list.range(ofSection: sectionIndices[section]).count }
    return matchStarts[section + 1] - matchStarts[section]
  }

  /// The matching items of visible section `section`.
  public func items(inSection section: Int) -> [Item] {
    itemPositions(inSection: section).map { list.items[$0] }
  }

  /// The visible sections as titles and items.
  public var sections: [(title: String, items: [Item])] {
    (0..<sectionCount).map { (list.titles[sectionIndices[$0]], items(inSection: $0)) }
  }

  /// Every matching item, in order.
  public var items: [Item] {
    guard let matches else { return list.items }
    return matches.map { list.items[Int($0)] }
  }
}

extension SearchResult: Sendable where Item: Sendable {}

extension SectionedList {
  /// The book's search, done once: the items whose text matches `term`, in sections.
  /// For search as you type, use ``IncrementalSearch``, which folds the items only once.
  public func filtered(by term: String, options: SearchOptions = .default) -> SearchResult<Item> {
    let pattern = SearchPattern(term, options: options)
    guard !pattern.isEmpty else { return SearchResult(all: self) }
    // Fold and scan a block of items at a time: the keys of a block stay in cache, and the
    // memory is reused instead of growing one buffer as large as the whole list.
    let blockSize = 4096
    var matches: [Int32] = []
    var start = 0
    while start < texts.count {
      let end = min(start + blockSize, texts.count)
      let keys = SearchKeys(texts[start..<end], folding: options.folding)
      for match in keys.matches(pattern) { matches.append(Int32(start) + match) }
      start = end
    }
    return SearchResult(list: self, matches: matches)
  }
}
