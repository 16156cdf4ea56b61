import PlistKit
import Sectioning

/// The forms `sections` and `filter` print sections in besides text: JSON as
/// `[{"section": TITLE, "items": [...]}, ...]`, or a property list in the input's shape.
enum SectionedOutput {
  enum Format { case text, json, plist }

  /// `--format text|json|plist`.
  static let format = Option.choice(
    "format", short: "f", placeholder: "FORMAT", choices: [("text", Format.text), ("json", .json), ("plist", .plist)],
    help: "How to print the result.", default: "text")

  /// `[{"section": TITLE, "items": [...]}, ...]`.
  static func json(_ result: SearchResult<PropertyList>) -> PropertyList {
    .array(
      (0..<result.sectionCount).map { section in
        var entry = PropertyListDictionary()
        entry["section"] = .string(result.list.titles[result.sectionIndices[section]])
        entry["items"] = .array(result.items(inSection: section))
        return .dictionary(entry)
      })
  }

  /// The result in the shape of the input: title → items, the matching items, or the menu
  /// groups with only their matching items.
  static func plist(_ result: SearchResult<PropertyList>, shape: SectionedInput.Shape) -> PropertyList {
    switch shape {
    case .flat:
      return .array(result.items)
    case .titled:
      var dictionary = PropertyListDictionary()
      for section in 0..<result.sectionCount {
        dictionary[result.list.titles[result.sectionIndices[section]]] = .array(result.items(inSection: section))
      }
      return .dictionary(dictionary)
    case .groups(let groups, let itemKeys):
      return .array(
        (0..<result.sectionCount).map { section in
          let original = result.sectionIndices[section]
          var group = groups[original]
          group[itemKeys[original]] = .array(result.items(inSection: section))
          return .dictionary(group)
        })
    }
  }

  /// Writes `value` to standard output in `format`, ended with a newline.
  static func write(
    _ value: PropertyList, path: String, as format: PropertyListFormat = .json, output: BufferedOutput
  ) throws(CommandError) {
    let bytes = try PropertyListIO.serialize(value, as: format, options: PropertyListWritingOptions(), path: path)
    output.write(bytes: bytes)
    if bytes.last != 0x0A { output.write("\n") }
  }
}
