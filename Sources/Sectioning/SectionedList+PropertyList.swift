import PlistKit

/// How a property list becomes a ``SectionedList``.
public struct SectioningSource: Sendable, Hashable {
  /// The key whose string is the text of a dictionary item (`Name`, `title`); nil tries
  /// ``defaultTextKeys`` in order. In a menu, it applies to the items inside the groups.
  public var textKey: String?
  /// The collation that sections a flat list; nil leaves it as one untitled section.
  public var collation: Collation?

  /// Makes a description of the source.
  public init(textKey: String? = nil, collation: Collation? = nil) {
    self.textKey = textKey
    self.collation = collation
  }

  /// The keys tried, in order, for the text of dictionary items when none is given.
  public static let defaultTextKeys = ["Name", "name", "title", "Title"]

  /// The key under which a menu group keeps its items.
  public static let groupItemKeys = ["menu", "items"]

  /// For a two-level menu (an array of dictionaries, each with a `title` string and an item
  /// array under `menu` or `items`), the key of each group's items; nil for any other value.
  public static func menuItemKeys(of value: PropertyList) -> [String]? {
    guard case .array(let elements) = value else { return nil }
    return SectionedList<PropertyList>.menuGroups(elements)?.map(\.key)
  }
}

extension SectionedList where Item == PropertyList {
  /// Makes a list from any of the shapes the book uses:
  /// - a dictionary of title → array (`sortednames.plist`): sections sorted by title, items in order;
  /// - an array of strings (`computers.plist`): sectioned by `source.collation`;
  /// - an array of dictionaries with a text key (`Name`, with `Color`): sectioned likewise;
  /// - an array of menu groups, dictionaries with a `title` string and a `menu` array: one
  ///   section per group, in order.
  ///
  /// Items may be strings or dictionaries with a string under the text key.
  ///
  /// - Throws: `PropertyListError` of kind `keyPath` naming the first
  ///   value that does not fit.
  public init(propertyList: PropertyList, source: SectioningSource = SectioningSource()) throws(PropertyListError) {
    switch propertyList {
    case .dictionary(let dictionary):
      var sections: [(String, [PropertyList])] = []
      for (title, value) in dictionary {
        guard case .array(let items) = value else {
          throw Self.mismatch(
            PropertyListKeyPath(components: [title]), "expected an array of items, found \(value.kind)")
        }
        sections.append((title, items))
      }
      let key = try Self.checkTexts(
        of: sections.map(\.1), paths: sections.map { PropertyListKeyPath(components: [$0.0]) },
        textKey: source.textKey)
      self.init(sectionsByTitle: sections) { Self.text(of: $0, key: key) }
    case .array(let elements):
      if let groups = Self.menuGroups(elements) {
        let key = try Self.checkTexts(
          of: groups.map(\.items),
          paths: groups.indices.map { PropertyListKeyPath(components: [String($0), groups[$0].key]) },
          textKey: source.textKey)
        self.init(sections: groups.map { (title: $0.title, items: $0.items) }) { Self.text(of: $0, key: key) }
      } else {
        let key = try Self.checkTexts(
          of: [elements], paths: [PropertyListKeyPath(components: [])], textKey: source.textKey)
        self.init(items: elements, collation: source.collation) { Self.text(of: $0, key: key) }
      }
    default:
      throw Self.mismatch(
        PropertyListKeyPath(components: []),
        "expected a dictionary of sections or an array of items, found \(propertyList.kind)")
    }
  }

  /// The groups of a two-level menu, when every element is a dictionary with a string title
  /// and an item array; nil otherwise.
  static func menuGroups(_ elements: [PropertyList]) -> [(title: String, key: String, items: [PropertyList])]? {
    guard !elements.isEmpty else { return nil }
    var groups: [(title: String, key: String, items: [PropertyList])] = []
    for element in elements {
      guard case .dictionary(let dictionary) = element,
        let title = dictionary["title"]?.stringValue ?? dictionary["Title"]?.stringValue,
        let key = SectioningSource.groupItemKeys.first(where: { dictionary[$0]?.arrayValue != nil }),
        let items = dictionary[key]?.arrayValue
      else { return nil }
      groups.append((title, key, items))
    }
    return groups
  }

  /// Checks that every item has a text, so that building the list cannot fail halfway, and
  /// returns the text key of dictionary items (the first default key the first dictionary
  /// has, when none is given).
  private static func checkTexts(
    of groups: [[PropertyList]], paths: [PropertyListKeyPath], textKey: String?
  )
    throws(PropertyListError) -> String?
  {
    var chosenKey: String? = textKey
    for (group, path) in zip(groups, paths) {
      for (index, item) in group.enumerated() {
        switch item {
        case .string:
          continue
        case .dictionary(let dictionary):
          if chosenKey == nil {
            chosenKey = SectioningSource.defaultTextKeys.first { dictionary[$0]?.stringValue != nil }
          }
          guard let key = chosenKey, dictionary[key]?.stringValue != nil else {
            let wanted =
              chosenKey.map { "a string under '\($0)'" }
              ?? "a string under one of \(SectioningSource.defaultTextKeys.joined(separator: ", "))"
            throw mismatch(path.appending(index: index), "expected a dictionary with \(wanted)")
          }
        default:
          throw mismatch(path.appending(index: index), "expected a string or a dictionary, found \(item.kind)")
        }
      }
    }
    return chosenKey
  }

  /// The text of an item that ``checkTexts(of:paths:textKey:)`` accepted.
  private static func text(of item: PropertyList, key: String?) -> String {
    if case .string(let text) = item { return text }
    return key.flatMap { item[$0]?.stringValue } ?? ""
  }

  private static func mismatch(_ path: PropertyListKeyPath, _ message: String) -> PropertyListError {
    PropertyListError(.keyPath, at: .keyPath(path.description), message)
  }
}

extension SectionedList where Item == String {
  /// Makes a list of strings from any of the shapes that
  /// `SectionedList<PropertyList>(propertyList:source:)` reads, each item its text: the names of
  /// `sortednames.plist` as `String`s, ready for a table, rather than `PropertyList` values.
  ///
  /// ```swift
  /// let names = try SectionedList<String>(propertyList: PropertyList(path: "sortednames.plist"))
  /// let firstSection: ArraySlice<String> = names.items(inSection: 0)
  /// ```
  ///
  /// Where the item type is not said, `SectionedList(propertyList:)` makes a list of
  /// `PropertyList` items, as it always has.
  ///
  /// - Throws: `PropertyListError` of kind `keyPath` naming the first value that does not fit.
  @_disfavoredOverload
  public init(propertyList: PropertyList, source: SectioningSource = SectioningSource()) throws(PropertyListError) {
    let values = try SectionedList<PropertyList>(propertyList: propertyList, source: source)
    self.init(titles: values.titles, items: values.texts, texts: values.texts, sectionStarts: values.sectionStarts)
  }
}
