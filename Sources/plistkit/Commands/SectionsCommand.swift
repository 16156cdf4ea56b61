import PlistKit
import Sectioning

extension CommandSpec {
  /// `plistkit sections`: print a list in sections, or its index.
  static let sections = CommandSpec(
    name: "sections",
    abstract: "Print a list in titled sections, or the index down its side.",
    discussion: """
      FILE may be a dictionary of title → items (like sortednames.plist: sections in sorted \
      title order), a flat array of strings or of dictionaries (sectioned by --collation, \
      English by default), or a menu of groups with a title and a menu array (one section per \
      group), in any property-list format; - reads standard input, where plain text with one \
      item per line works too. A keyed archive (NSKeyedArchiver, such as the book's Presidents.plist) \
      is read as its plain view, as `unarchive --no-class` shows it, and of a single top-level key \
      the list under it: an array of objects whose text is --key (Presidents' Name). Each section prints as its title, then its items indented by two \
      spaces. --index prints the index titles instead, one per line, starting with UIKit's \
      search marker {search}. --format json prints [{"section": TITLE, "items": [...]}, ...] \
      (with --index, an array of the titles); --format plist prints an XML property list in the \
      input's shape, as `filter` prints them.
      """,
    options: [
      SectionedInput.collation.spec, SectionedInput.key.spec, SectionsOptions.index.spec, SectionedOutput.format.spec,
      OutputLimit.option.spec,
    ],
    arguments: [SectionsOptions.file.spec],
    examples: [
      Example(command: "plistkit sections Samples/sortednames.plist --index", explanation: "Print the book's index."),
      Example(
        command: "plistkit sections Samples/computers.plist --collation en", explanation: "Section the computers A–Z."),
      Example(
        command: "plistkit sections Samples/koreanmenu.plist --collation ko",
        explanation: "Section the Korean menu's dishes by initial consonant (ㄱ ㄴ ㄷ …)."),
      Example(
        command: "plistkit sections Samples/computers.plist --format json",
        explanation: "Print the computers' sections as JSON."),
    ],
    run: { context in
      let path = context[SectionsOptions.file] ?? "-"
      let input = try SectionedInput.load(context, path: path, flatCollation: .en)
      let list = input.list
      let format = context[SectionedOutput.format]
      if format != .text {
        let value =
          context[SectionsOptions.index]
          ? .array(list.sectionIndex.titles.map { .string($0) })
          : format == .json
            ? SectionedOutput.json(SearchResult(all: list))
            : SectionedOutput.plist(SearchResult(all: list), shape: input.shape)
        try SectionedOutput.write(value, path: path, as: format == .json ? .json : .xml, output: context.output)
        return .success
      }
      if context[SectionsOptions.index] {
        for title in list.sectionIndex.titles { context.output.writeLine(LineSafeText.escaped(title)) }
        return .success
      }
      for section in 0..<list.sectionCount {
        context.output.writeLine(LineSafeText.escaped(list.titles[section]))
        for position in list.range(ofSection: section) {
          context.output.writeLine("  " + LineSafeText.escaped(list.texts[position]))
        }
      }
      return .success
    }
  )
}

/// The options and arguments of `sections`.
private enum SectionsOptions {
  static let index = Option.flag("index", help: "Print the index titles.")
  static let file = SharedOptions.file("The list to section; - is standard input.")
}
