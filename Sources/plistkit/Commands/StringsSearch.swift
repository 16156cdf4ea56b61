import PlistKit
import Sectioning
import StringCatalogs

/// `strings search FILE TERM`: the texts of a catalog that contain TERM, matched as `filter`
/// matches.
enum StringsSearch {
  static func run(_ context: CommandContext, _ arguments: [String]) throws(CommandError) -> ExitStatus {
    guard arguments.count == 2 else { throw .usage("search needs FILE and TERM") }
    let (path, term) = (arguments[0], arguments[1])
    guard !RawArguments.isRepaired(term) else { throw .usage("TERM is not valid UTF-8") }
    let catalog = try StringsFormat.read(path)
    let options = SearchOptions(
      ignoresDiacritics: context[StringsOptions.ignoreDiacritics], ignoresWidth: context[StringsOptions.ignoreWidth])
    let matches = catalog.search(term, options: options, language: context[StringsOptions.language])
    if context[StringsOptions.format] == .json {
      let entries = matches.map { match -> PropertyList in
        var entry = PropertyListDictionary()
        entry["key"] = .string(match.key)
        entry["language"] = .string(match.language)
        entry["text"] = .string(match.text)
        return .dictionary(entry)
      }
      let text = try PropertyListIO.serialize(
        .array(entries), as: .json, options: PropertyListWritingOptions(), path: "-")
      context.output.write(bytes: text)
    } else {
      for match in matches {
        context.output.writeLine(LineSafeText.escaped("\(match.key) [\(match.language)]: \(match.text)"))
      }
    }
    return matches.isEmpty ? .failure : .success
  }
}
