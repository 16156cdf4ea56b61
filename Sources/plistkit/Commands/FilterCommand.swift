import PlistKit
import Sectioning

extension CommandSpec {
  /// `plistkit filter`: the book's search from the shell.
  static let filter = CommandSpec(
    name: "filter",
    abstract: "Print the items of a list that match a term, in their sections.",
    discussion: """
      The book's search: items whose text contains TERM, ignoring case, with canonically \
      equivalent text matching (a precomposed é finds a decomposed one); sections left empty \
      are dropped, and an empty TERM matches everything. Hangul consonant letters match any \
      syllable that starts with them (ㄱㅂ finds 김밥). FILE is read as by `sections` (a keyed \
      archive as the list it holds, its objects' text by --key: `filter Presidents.plist linc` \
      finds Abraham Lincoln by his Name); a flat \
      list stays one untitled section unless --collation is given. Text output prints each \
      section's title, then its items indented (items of an untitled section are not \
      indented); --flat prints one item per line for pipes; --format json prints \
      [{"section": TITLE, "items": [...]}, ...]; --format plist prints an XML property list in \
      the input's shape. As with grep, the exit status is 0 when something matched and 1 when \
      nothing did; a file that cannot be read or used is 1 too, as for every command.
      """,
    options: [
      FilterJob.match.spec, FilterJob.ignoreDiacritics.spec, FilterJob.ignoreWidth.spec, SectionedOutput.format.spec,
      FilterJob.flat.spec, SectionedInput.key.spec, SectionedInput.collation.spec, OutputLimit.option.spec,
    ],
    arguments: [FilterJob.file.spec, FilterJob.term.spec],
    examples: [
      Example(
        command: "plistkit filter Samples/sortednames.plist ann", explanation: "Names containing 'ann', by letter."),
      Example(
        command: "plistkit filter Samples/koreanmenu.plist ㄱㅂ", explanation: "Dishes whose syllables start ㄱ, ㅂ."),
      Example(
        command: "plistkit filter Samples/computers.plist mac --match word --flat | wc -l",
        explanation: "Count the computers with a word starting 'mac'."),
      Example(command: "ls | plistkit filter - .swift --flat", explanation: "Search lines of plain text."),
    ],
    exitCodes: ExitCodeNote.codes(
      success: "something matched", failure: "nothing matched, or a file that could not be read or used"),
    run: { context in try FilterJob(context).run() }
  )
}

/// One run of `filter`.
private struct FilterJob {
  static let match = Option.choice(
    "match", short: "m", placeholder: "MODE",
    choices: [("contains", SearchOptions.Mode.contains), ("prefix", .prefix), ("word", .wordPrefix)],
    help: "Where TERM may match: anywhere, at the start of the text, or at the start of a word.",
    default: "contains")
  static let ignoreDiacritics = Option.flag(
    "ignore-diacritics", short: "d", help: "Ignore accents and other marks: e finds é.")
  static let ignoreWidth = Option.flag(
    "ignore-width", short: "w", help: "Ignore full-width and half-width forms: ａｂｃ finds abc.")
  static let flat = Option.flag("flat", help: "Print one matching item per line, without section titles.")
  static let file = SharedOptions.file("The list to search; - is standard input.")
  static let term = Argument.single("TERM", help: "The text to look for.")

  let context: CommandContext

  init(_ context: CommandContext) { self.context = context }

  func run() throws(CommandError) -> ExitStatus {
    let path = context[Self.file] ?? "-"
    let options = SearchOptions(
      mode: context[Self.match], ignoresDiacritics: context[Self.ignoreDiacritics],
      ignoresWidth: context[Self.ignoreWidth])
    let term = context[Self.term] ?? ""
    guard !RawArguments.isRepaired(term) else { throw .usage("TERM is not valid UTF-8") }
    let flat = context[Self.flat]
    // A binary list of names is searched straight from the file's bytes when the output allows
    // it (a large file is read into a buffer that takes huge pages).
    let bytes = try PropertyListIO.readBytes(path)
    // Past the output limit the search steps aside, and reading the list refuses it.
    var search = BinaryStringListSearch(term: term, options: options)
    search.maximumTextSize = try context.outputLimit(forInput: path)
    if context[SectionedOutput.format] == .text || flat, context[SectionedInput.collation] == nil,
      let found = bytes.withBytes({ search.matches(in: $0) })
    {
      return printFound(found, flat: flat)
    }
    let input = try SectionedInput.load(context, path: path, bytes: bytes, flatCollation: nil)
    let result = input.list.filtered(by: term, options: options)
    if flat {
      printFlat(result)
    } else {
      switch context[SectionedOutput.format] {
      case .json: try SectionedOutput.write(SectionedOutput.json(result), path: path, output: context.output)
      case .plist:
        try SectionedOutput.write(
          SectionedOutput.plist(result, shape: input.shape), path: path, as: .xml, output: context.output)
      case .text: printText(result, shape: input.shape)
      }
    }
    return result.isEmpty ? .failure : .success
  }

  /// What ``BinaryStringListSearch`` found, printed as ``printText(_:shape:)`` and
  /// ``printFlat(_:)`` print a result.
  private func printFound(_ found: BinaryStringListSearch.Matches, flat: Bool) -> ExitStatus {
    let titled = found.isTitled && !flat
    for section in found.sections {
      if titled { context.output.writeLine(LineSafeText.escaped(section.title)) }
      for item in section.items {
        if titled { context.output.write("  ") }
        context.output.writeLine(LineSafeText.escaped(item))
      }
    }
    return found.sections.isEmpty ? .failure : .success
  }

  private func printFlat(_ result: SearchResult<PropertyList>) {
    let texts = result.list.texts
    if let matches = result.matches {
      for position in matches { context.output.writeLine(LineSafeText.escaped(texts[Int(position)])) }
    } else {
      for text in texts { context.output.writeLine(LineSafeText.escaped(text)) }
    }
  }

  private func printText(_ result: SearchResult<PropertyList>, shape: SectionedInput.Shape) {
    let texts = result.list.texts
    if case .flat = shape {
      printFlat(result)
      return
    }
    for section in 0..<result.sectionCount {
      context.output.writeLine(LineSafeText.escaped(result.list.titles[result.sectionIndices[section]]))
      for position in result.itemPositions(inSection: section) {
        context.output.writeLine("  " + LineSafeText.escaped(texts[position]))
      }
    }
  }

}
