/// Search as you type over one ``SectionedList``.
///
/// The items are folded into search keys once. Each new term that extends the previous one
/// (by whole characters) is matched only against the previous matches, and the results of
/// the shorter terms are kept, so deleting a character goes back to a result already known.
/// No keystroke copies the list.
public struct IncrementalSearch<Item> {
  /// The list searched.
  public let list: SectionedList<Item>
  /// The matching rules.
  public let options: SearchOptions
  /// The folded texts of the list's items.
  public let keys: SearchKeys
  /// The patterns searched so far, each narrowing the one before, with their matches.
  private var trail: [(pattern: SearchPattern, matches: [Int32])] = []
  /// The current result.
  public private(set) var result: SearchResult<Item>

  /// Prepares a search of `list`; the result starts as the whole list.
  public init(list: SectionedList<Item>, options: SearchOptions = .default) {
    self.list = list
    self.options = options
    keys = SearchKeys(list.texts, folding: options.folding)
    result = SearchResult(all: list)
  }

  /// The current term.
  public private(set) var term = ""

  /// Searches for `term` and returns the result; an empty term shows everything again.
  @discardableResult
  public mutating func search(for term: String) -> SearchResult<Item> {
    self.term = term
    let pattern = SearchPattern(term, options: options)
    guard !pattern.isEmpty else { return reset() }
    // Keep the shorter terms this one narrows; drop the rest (a changed or deleted character).
    while let last = trail.last, !pattern.narrows(last.pattern) { trail.removeLast() }
    if let last = trail.last, last.pattern.key == pattern.key {
      result = SearchResult(list: list, matches: last.matches)
      return result
    }
    let matches = keys.matches(pattern, among: trail.last?.matches)
    trail.append((pattern, matches))
    result = SearchResult(list: list, matches: matches)
    return result
  }

  /// Forgets the term and shows everything (the book's `resetSearch`).
  @discardableResult
  public mutating func reset() -> SearchResult<Item> {
    term = ""
    trail.removeAll()
    result = SearchResult(all: list)
    return result
  }
}

extension IncrementalSearch: Sendable where Item: Sendable {}
