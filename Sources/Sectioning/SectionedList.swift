/// A list of items in titled sections, searchable by each item's text: the model behind the
/// book's indexed table of names.
///
/// Items are stored section after section in one array, so a section is a range of it and a
/// search result is a list of item positions. The list is a value: searching never changes it.
public struct SectionedList<Item> {
  /// The section titles, in display order.
  public let titles: [String]
  /// Every item, section after section.
  public let items: [Item]
  /// The searchable text of each item, in the order of ``items``.
  public let texts: [String]
  /// Where each section starts in ``items``, and one past the last section's end.
  let sectionStarts: [Int]

  /// Makes a list from sections in the given order.
  ///
  /// - Parameters:
  ///   - sections: each section's title and items, in order.
  ///   - text: the searchable text of an item.
  public init(sections: [(title: String, items: [Item])], text: (Item) -> String) {
    var items: [Item] = []
    var starts: [Int] = [0]
    items.reserveCapacity(sections.reduce(0) { $0 + $1.items.count })
    for section in sections {
      items.append(contentsOf: section.items)
      starts.append(items.count)
    }
    self.titles = sections.map(\.title)
    self.items = items
    self.texts = items.map(text)
    self.sectionStarts = starts
  }

  /// Makes a list from its parts, already in section order.
  init(titles: [String], items: [Item], texts: [String], sectionStarts: [Int]) {
    self.titles = titles
    self.items = items
    self.texts = texts
    self.sectionStarts = sectionStarts
  }

  /// The number of sections.
  public var sectionCount: Int { titles.count }

  /// The number of items in all sections.
  public var count: Int { items.count }

  /// The positions in ``items`` of section `section`.
  public func range(ofSection section: Int) -> Range<Int> { sectionStarts[section]..<sectionStarts[section + 1] }

  /// The items of section `section`.
  public func items(inSection section: Int) -> ArraySlice<Item> { items[range(ofSection: section)] }

  /// The section that item position `position` is in.
  public func section(ofItemAt position: Int) -> Int {
    // The last start that is <= position, skipping empty sections.
    var low = 0
    var high = sectionStarts.count - 1
    while high - low > 1 {
      let middle = (low + high) / 2
      if sectionStarts[middle] <= position { low = middle } else { high = middle }
    }
    return low
  }

  /// The sections as titles and items.
  public var sections: [(title: String, items: [Item])] {
    titles.indices.map { (titles[$0], Array(items(inSection: $0))) }
  }
}

extension SectionedList: Sendable where Item: Sendable {}

extension SectionedList {
  /// Makes a list from a dictionary-like sequence of section title → items, with the
  /// sections in sorted title order and the items in their given order: the book's
  /// `sortednames.plist` shape.
  ///
  /// Titles are sorted by Swift's `String` order (Unicode scalar order of canonically
  /// equivalent forms), which is `NSString`'s `compare:` for the book's single letters.
  public init<Sections: Sequence<(String, [Item])>>(sectionsByTitle: Sections, text: (Item) -> String) {
    let sorted = sectionsByTitle.enumerated().sorted { lhs, rhs in
      // Canonically equivalent titles that a plist keeps apart stay in their input order.
      lhs.element.0 == rhs.element.0 ? lhs.offset < rhs.offset : lhs.element.0 < rhs.element.0
    }
    self.init(sections: sorted.map { (title: $0.element.0, items: $0.element.1) }, text: text)
  }

  /// Makes a list from a flat list: one untitled section when `collation` is nil, else the
  /// collation's sections that have items, in the collation's order, items in input order.
  public init(items: [Item], collation: Collation?, text: (Item) -> String) {
    guard let collation else {
      self.init(sections: [(title: "", items: items)], text: text)
      return
    }
    let titles = collation.titles
    var buckets = [[Item]](repeating: [], count: titles.count)
    for item in items { buckets[collation.sectionIndex(for: text(item))].append(item) }
    self.init(
      sections: titles.indices.filter { !buckets[$0].isEmpty }.map { (title: titles[$0], items: buckets[$0]) },
      text: text)
  }
}

extension SectionedList {
  /// All items sectioned anew by `collation` (a dictionary's or a menu's items by their
  /// first letter, say), keeping their order and texts; empty sections are left out.
  public func resectioned(by collation: Collation) -> SectionedList<Item> {
    let sectionCount = collation.titles.count
    let sections = texts.map { collation.sectionIndex(for: $0) }
    var counts = [Int](repeating: 0, count: sectionCount)
    for section in sections { counts[section] += 1 }
    // A stable counting sort: each item goes to the next free slot of its section.
    var next = [Int](repeating: 0, count: sectionCount)
    var total = 0
    for section in 0..<sectionCount {
      next[section] = total
      total += counts[section]
    }
    var order = [Int](repeating: 0, count: items.count)
    for (position, section) in sections.enumerated() {
      order[next[section]] = position
      next[section] += 1
    }
    var titles: [String] = []
    var starts: [Int] = [0]
    var end = 0
    for section in 0..<sectionCount where counts[section] > 0 {
      titles.append(collation.titles[section])
      end += counts[section]
      starts.append(end)
    }
    return SectionedList(
      titles: titles, items: order.map { items[$0] }, texts: order.map { texts[$0] }, sectionStarts: starts)
  }
}

extension SectionedList where Item == String {
  /// Makes a list of strings from sections in the given order.
  public init(sections: [(title: String, items: [String])]) {
    self.init(sections: sections) { $0 }
  }

  /// Makes a list of strings from section title → names, sorted by title (the book's shape).
  public init<Sections: Sequence<(String, [String])>>(sectionsByTitle: Sections) {
    self.init(sectionsByTitle: sectionsByTitle) { $0 }
  }

  /// Makes a list of strings from a flat list, sectioned by `collation` (nil for one section).
  public init(items: [String], collation: Collation?) {
    self.init(items: items, collation: collation) { $0 }
  }
}
