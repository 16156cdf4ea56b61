import KeyedArchive
import PlistKit
import Sectioning

/// The input of `sections` and `filter`: a property list in any format (or, on standard
/// input, plain text with one item per line) as a sectioned list, with the shape it came in
/// so that `--format plist` can answer in the same shape. A keyed archive is read as its
/// plain view (see ``listOfArchive(_:path:)``).
struct SectionedInput {
  /// How the input was organised.
  enum Shape {
    /// A dictionary of title → items (`sortednames.plist`), or a list sectioned by a collation.
    case titled
    /// A flat list shown as one untitled section (`computers.plist`).
    case flat
    /// A two-level menu: these group dictionaries, whose item arrays are under `itemKeys`.
    case groups([PropertyListDictionary], itemKeys: [String])
  }

  /// The items in sections.
  let list: SectionedList<PropertyList>
  /// The shape of the input.
  let shape: Shape

  /// `--collation`.
  static let collation = Option.choice(
    "collation", short: "c", placeholder: "LANG", choices: Collation.allCases.map { ($0.rawValue, $0) },
    help: "Section items by their first letter in this language (a dictionary or menu is re-sectioned).")

  /// `--key NAME`.
  static let key = Option.text(
    "key", short: "k", placeholder: "NAME",
    help: "The key holding the text of dictionary items (default: Name, name, title or Title).")

  /// Reads `path` (`-` is standard input) and sections it. `flatCollation` sections a flat
  /// list when no `--collation` is given.
  static func load(
    _ context: CommandContext, path: String, flatCollation: Collation?
  ) throws(CommandError)
    -> SectionedInput
  {
    try load(context, path: path, bytes: try PropertyListIO.readBytes(path), flatCollation: flatCollation)
  }

  /// Sections `input`, already read from `path`.
  static func load(
    _ context: CommandContext, path: String, bytes input: InputBuffer, flatCollation: Collation?
  ) throws(CommandError)
    -> SectionedInput
  {
    let value: PropertyList
    if path == "-", let lines = input.withBytes(textLines) {
      value = .array(lines.map { .string($0) })
    } else {
      value = try listOfArchive(PropertyListIO.parse(input, path: path).value, path: path)
    }
    try ExpansionCheck.refuseLargeItems(value, limit: try context.outputLimit(forInput: path), path: path)
    let collation = context[Self.collation]
    let source = SectioningSource(textKey: context[Self.key])
    do {
      let natural = try SectionedList(propertyList: value, source: source)
      let shape = Self.shape(of: value)
      if case .flat = shape, collation == nil {
        guard let flatCollation else { return SectionedInput(list: natural, shape: .flat) }
        return SectionedInput(list: natural.resectioned(by: flatCollation), shape: .titled)
      }
      guard let collation else { return SectionedInput(list: natural, shape: shape) }
      return SectionedInput(list: natural.resectioned(by: collation), shape: .titled)
    } catch {
      throw .file(path, error)
    }
  }

  /// A keyed archive (`$archiver` is `NSKeyedArchiver`) as the list it holds: its plain view
  /// without class names, as `unarchive --no-class` shows it, and of a single `$top` key the
  /// value under it. The book's Presidents.plist is then the array of its President objects,
  /// whose text is their `Name` (or `--key`). Any other value is returned as it is.
  private static func listOfArchive(_ value: PropertyList, path: String) throws(CommandError) -> PropertyList {
    guard case .dictionary(let root) = value, root["$archiver"]?.stringValue == "NSKeyedArchiver" else { return value }
    let plain: PropertyList
    do throws(KeyedArchiveError) {
      plain = try ObjectGraph(archive: value).plainView(options: PlainViewOptions(includesClassNames: false))
    } catch {
      throw KeyedArchiveIO.fileError(path, error)
    }
    guard case .dictionary(let top) = plain, top.count == 1 else { return plain }
    return top.values[0]
  }

  /// Standard input as lines, when it is not a property list: not binary or XML, and not a
  /// JSON or OpenStep array or dictionary. nil when it should be read as a property list.
  private static func textLines(_ bytes: UnsafeRawBufferPointer) -> [String]? {
    switch PropertyListFormat.detect(bytes) {
    case .binary?, .xml?: return nil
    case nil: return []
    case .json?, .openStep?:
      if let value = try? PropertyList(bytes: bytes), value.arrayValue != nil || value.dictionaryValue != nil {
        return nil
      }
    }
    // Split bytes, not Characters: "\r\n" is one Character in Swift.
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    return lines.map { line in String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self) }
  }

  private static func shape(of value: PropertyList) -> Shape {
    if case .dictionary = value { return .titled }
    guard let itemKeys = SectioningSource.menuItemKeys(of: value) else { return .flat }
    return .groups(value.arrayValue?.compactMap(\.dictionaryValue) ?? [], itemKeys: itemKeys)
  }

}
