import PlistKit
import Sectioning

/// A two-level menu: groups with a title and a list of dishes (the book's nested table
/// example; `Samples/koreanmenu.plist` is a Korean one).
public struct Menu: Sendable {
  /// One group of the menu.
  public struct Group: Sendable, Hashable {
    /// The group's title.
    public var title: String
    /// Its entries, in order.
    public var items: [String]

    /// Makes a group.
    public init(title: String, items: [String]) {
      self.title = title
      self.items = items
    }
  }

  /// The groups, in order.
  public let groups: [Group]

  /// Makes a menu.
  public init(groups: [Group]) { self.groups = groups }

  /// Reads an array of dictionaries, each with a `title` string and a `menu` array of strings.
  ///
  /// - Throws: `PropertyListError` of kind `keyPath` naming the value at fault.
  public init(propertyList: PropertyList) throws(PropertyListError) {
    guard case .array(let elements) = propertyList else {
      throw BookValues.mismatch(PropertyListKeyPath(components: []), "an array of menu groups", propertyList)
    }
    var groups: [Group] = []
    for (index, element) in elements.enumerated() {
      let path = PropertyListKeyPath(components: [String(index)])
      guard case .dictionary(let dictionary) = element else {
        throw BookValues.mismatch(path, "a dictionary with a title and a menu", element)
      }
      let title = try BookValues.string("title", in: dictionary, at: path)
      guard let menu = dictionary["menu"] else {
        throw PropertyListError(.keyPath, at: .keyPath(path.appending("menu").description), "missing key 'menu'")
      }
      groups.append(Group(title: title, items: try BookValues.strings(menu, at: path.appending("menu"))))
    }
    self.init(groups: groups)
  }

  /// The menu as a sectioned list: one section per group, in menu order.
  public var sectioned: SectionedList<String> {
    SectionedList(sections: groups.map { (title: $0.title, items: $0.items) })
  }

  /// The groups and entries that match `term` (Hangul initials work: `ㄱㅂ` finds 김밥).
  public func filtered(by term: String, options: SearchOptions = .default) -> [Group] {
    sectioned.filtered(by: term, options: options).sections.map { Group(title: $0.title, items: $0.items) }
  }
}
