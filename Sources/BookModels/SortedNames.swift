import PlistKit
import Sectioning

/// The book's searchable, indexed table of names (`sortednames.plist`: a dictionary from
/// section letter to names), as the state of its view controller: the sections shown, the
/// index down the side, and the search bar.
///
/// The names are read once and never changed; a search only changes what is shown.
public struct SortedNames: Sendable {
  /// All names, in sections sorted by key.
  public let all: SectionedList<String>
  /// The search as the user types.
  private var search: IncrementalSearch<String>
  /// True while the user is typing in the search bar (the index is hidden then).
  public private(set) var isSearching = false

  /// Makes the model from title → names.
  public init(namesByKey: [(String, [String])], options: SearchOptions = .default) {
    all = SectionedList(sectionsByTitle: namesByKey)
    search = IncrementalSearch(list: all, options: options)
  }

  /// Makes the model from the contents of `sortednames.plist`.
  ///
  /// - Throws: `PropertyListError` of kind `keyPath` naming a value that is not an array of
  ///   names.
  public init(propertyList: PropertyList, options: SearchOptions = .default) throws(PropertyListError) {
    guard case .dictionary(let dictionary) = propertyList else {
      throw PropertyListError(.keyPath, at: .keyPath(""), "expected a dictionary of names, found \(propertyList.kind)")
    }
    var sections: [(String, [String])] = []
    for (key, value) in dictionary {
      sections.append((key, try BookValues.strings(value, at: PropertyListKeyPath(components: [key]))))
    }
    self.init(namesByKey: sections, options: options)
  }

  /// The shown result: everything, or what the current term matches.
  public var result: SearchResult<String> { search.result }

  /// The current search term.
  public var term: String { search.term }

  /// The keys of the shown sections, in order.
  public var keys: [String] { result.titles }

  /// The names shown in section `section`.
  public func names(inSection section: Int) -> [String] { result.items(inSection: section) }

  /// The index titles: the search marker then the keys; nil while searching.
  public var sectionIndexTitles: [String]? { result.sectionIndex.titles(isSearching: isSearching) }

  /// Where picking index title `title` at `position` takes the table: the search marker
  /// scrolls to the top (the book's `NSNotFound`), a key to its section.
  public func section(forSectionIndexTitle title: String, at position: Int) -> SectionIndex.Target? {
    let index = result.sectionIndex
    guard let target = index.target(forTitleAt: position), index.titles[position] == title else {
      return index.target(forTitle: title)
    }
    return target
  }

  /// Shows every name again (the book's `resetSearch`).
  public mutating func resetSearch() { search.reset() }

  /// Shows the names that match `term`; an empty term shows everything (the book's
  /// `handleSearchForTerm:`).
  public mutating func handleSearch(forTerm term: String) { search.search(for: term) }

  /// The user tapped the search bar.
  public mutating func beginSearching() { isSearching = true }

  /// The user cancelled the search: everything is shown and the index comes back.
  public mutating func cancelSearch() {
    isSearching = false
    resetSearch()
  }
}
