/// The index down the side of a sectioned table: the section titles with a search marker in
/// front, as the book builds it for `sectionIndexTitlesForTableView:`.
public struct SectionIndex: Sendable, Hashable {
  /// The marker that stands for the search bar at the top of the index: UIKit's
  /// `UITableViewIndexSearch`, which is the string `{search}` (drawn as a magnifying glass).
  public static let searchMarker = "{search}"

  /// Where picking an index title takes the table.
  public enum Target: Sendable, Hashable {
    /// To the top, where the search bar is (the book returns `NSNotFound` after scrolling).
    case top
    /// To this section of the displayed sections.
    case section(Int)
  }

  /// The titles of the index, the search marker first.
  public let titles: [String]

  /// Makes the index of sections with these titles.
  public init(sectionTitles: [String]) {
    titles = [Self.searchMarker] + sectionTitles
  }

  /// The index titles to show: none while the user is typing a search, since the sections
  /// come and go with each keystroke (the book returns nil then).
  public func titles(isSearching: Bool) -> [String]? { isSearching ? nil : titles }

  /// Where picking the title at `position` of the index takes the table: the marker goes to
  /// the top, any other title to its section. nil for a position outside the index.
  public func target(forTitleAt position: Int) -> Target? {
    guard titles.indices.contains(position) else { return nil }
    return position == 0 ? .top : .section(position - 1)
  }

  /// Where picking `title` takes the table; nil when the index has no such title.
  public func target(forTitle title: String) -> Target? {
    guard let position = titles.firstIndex(where: { $0.unicodeScalars.elementsEqual(title.unicodeScalars) })
    else { return nil }
    return target(forTitleAt: position)
  }
}

extension SearchResult {
  /// The index of the visible sections.
  public var sectionIndex: SectionIndex { SectionIndex(sectionTitles: titles) }
}

extension SectionedList {
  /// The index of all sections.
  public var sectionIndex: SectionIndex { SectionIndex(sectionTitles: titles) }
}
