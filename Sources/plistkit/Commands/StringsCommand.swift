extension CommandSpec {
  /// `plistkit strings ACTION …`: String Catalogs (`.xcstrings`).
  static let strings = CommandSpec(
    name: "strings",
    abstract: "Check, search, format, import and export String Catalogs (.xcstrings).",
    discussion: """
      ACTION says what to do; the arguments after it are the action's. check FILE... reports, \
      for each catalog, the strings with a language of the catalog missing, a text whose state is \
      new, needs_review or stale (warnings), format specifiers that differ from the source's by \
      argument position or type, a plural variation without other, or a %#@name@ that no \
      substitution defines (errors), and a substitution nothing refers to (a warning); strings \
      with shouldTranslate false are skipped; a .strings file is checked for keys it repeats \
      (errors: only the last value is used), a .stringsdict file for %#@name@ references to \
      variables it does not define and plural rules without other (errors) and variables \
      nothing refers to (warnings). Each problem is one line on standard output, \
      `FILE:LINE:COL: error|warning: message [KEY, LANGUAGE]` at the string's key, a clean file \
      `FILE: OK`; with --format json one JSON array with an entry per file ({"file", "strings", \
      "errors", "warnings", "problems": [{"severity", "kind", "line", "column", "key", \
      "language", "message"}]}). Its exit status is 0 without errors (and without warnings with \
      --strict), 1 with them, 2 when a file cannot be read. search FILE TERM prints each text \
      that contains TERM, as `filter` matches (case, canonical equivalence, Hangul initial \
      consonants; --ignore-diacritics, --ignore-width): the keys, as the source language's, and \
      every translation, or only --language's; a line `KEY [LANGUAGE]: TEXT` each, or with \
      --format json [{"key", "language", "text"}]; 0 when something matched, 1 when nothing did. \
      format FILE writes the catalog in Xcode's layout and key order, to --output or back to \
      FILE atomically (a file Xcode wrote comes out unchanged and is left alone). import DIR -o \
      FILE.xcstrings makes one catalog of the --table (default Localizable) of the *.lproj folders \
      in DIR: each language's TABLE.strings (the comment above an entry is the string's comment) \
      and TABLE.stringsdict (a format that is one plural or device variable becomes the \
      variation, any other a text with substitutions), with --source-language (default en, or \
      Base.lproj's files as en), written in Xcode's layout. export FILE.xcstrings -o DIR writes \
      LANGUAGE.lproj/TABLE.strings and .stringsdict files (TABLE is FILE's name, or --table) in \
      --encoding utf-8 or utf-16 (little-endian with a byte-order mark); each file is replaced \
      atomically. What the other form cannot hold (states, shouldTranslate, width variations, a \
      comment per language, …) is printed as a warning, `plistkit: warning: key 'KEY' (LANG): \
      what`, and the conversion goes on: exit 0, or 1 when a file cannot be read or written.
      """,
    options: [
      StringsOptions.format.spec, StringsOptions.strict.spec, StringsOptions.language.spec,
      StringsOptions.ignoreDiacritics.spec, StringsOptions.ignoreWidth.spec, StringsOptions.output.spec,
      StringsOptions.table.spec, StringsOptions.sourceLanguage.spec, StringsOptions.encoding.spec,
    ],
    arguments: [StringsOptions.action.spec, StringsOptions.rest.spec],
    examples: [
      Example(
        command: "plistkit strings check Localizable.xcstrings",
        explanation: "Check a catalog (exit 1: it has errors, a plural without other and a wrong specifier)."),
      Example(
        command: "plistkit strings search Localizable.xcstrings datei --language de",
        explanation: "Find the German texts that contain 'datei'."),
      Example(
        command: "plistkit strings format Localizable.xcstrings",
        explanation: "Write a catalog in Xcode's layout, in place."),
      Example(
        command: "plistkit strings import Resources -o Imported.xcstrings",
        explanation: "Make one catalog of Resources/*.lproj/Localizable.strings and .stringsdict."),
      Example(
        command: "plistkit strings export App.xcstrings -o Resources --encoding utf-16",
        explanation: "Write a catalog as Resources/LANGUAGE.lproj/App.strings and .stringsdict, in UTF-16."),
    ],
    exitCodes: ExitCodeNote.codes(
      success: "check: no errors; search: something matched; format, import, export: written",
      failure:
        "check: errors (or warnings with --strict); search: nothing matched; format, import, export: a file could not be read or written",
      usage: "the command line is wrong, or check could not read a file"),
    run: { context in try StringsActions.run(context) }
  )
}

/// The options and arguments of `strings`, which its actions share: each action reads the ones
/// it takes and refuses the others.
enum StringsOptions {
  enum Findings { case text, json }

  static let action = Argument.single(
    "ACTION", help: "What to do: \(StringsActions.names.joined(separator: ", ")).",
    completion: .words(StringsActions.names))
  static let rest = Argument<[String]>.variadic(
    "ARGUMENT",
    help:
      "The action's arguments: FILE... for check, FILE TERM for search, FILE for format and export, DIR for import.",
    completion: .file)
  static let format = Option.choice(
    "format", short: "f", placeholder: "FORMAT", choices: [("text", Findings.text), ("json", .json)],
    help: "check and search: print lines of text, or JSON.", default: "text")
  static let strict = Option.flag("strict", help: "check: treat warnings as errors.")
  static let language = Option.text(
    "language", short: "l", placeholder: "LANG", help: "search: only the texts of this language.")
  static let ignoreDiacritics = Option.flag(
    "ignore-diacritics", short: "d", help: "search: ignore accents and other marks (e finds é).")
  static let ignoreWidth = Option.flag(
    "ignore-width", short: "w", help: "search: ignore full-width and half-width forms.")
  static let output = SharedOptions.output(
    help: "format: write here instead of back to FILE; import: the catalog to write; export: the folder to write into.")
}

/// The actions of `strings`, by name: one line each to add another.
enum StringsActions {
  /// An action: its name, the options of `strings` it takes, and what it does with the context
  /// and its arguments.
  struct Action: Sendable {
    let name: String
    let options: [OptionSpec]
    let run: @Sendable (CommandContext, [String]) throws(CommandError) -> ExitStatus
  }

  static let all: [Action] = [
    Action(name: "check", options: [StringsOptions.format.spec, StringsOptions.strict.spec], run: StringsCheck.run),
    Action(
      name: "search",
      options: [
        StringsOptions.format.spec, StringsOptions.language.spec, StringsOptions.ignoreDiacritics.spec,
        StringsOptions.ignoreWidth.spec,
      ], run: StringsSearch.run),
    Action(name: "format", options: [StringsOptions.output.spec], run: StringsFormat.run),
    Action(
      name: "import",
      options: [StringsOptions.output.spec, StringsOptions.table.spec, StringsOptions.sourceLanguage.spec],
      run: StringsImport.run),
    Action(
      name: "export", options: [StringsOptions.output.spec, StringsOptions.table.spec, StringsOptions.encoding.spec],
      run: StringsExport.run),
  ]

  static var names: [String] { all.map(\.name) }

  static func run(_ context: CommandContext) throws(CommandError) -> ExitStatus {
    let name = context[StringsOptions.action] ?? ""
    guard let action = all.first(where: { $0.name == name }) else {
      let hint = Suggestion.hint(for: name, among: names)
      throw .usage("unknown action '\(name)'; expected \(names.joined(separator: ", "))\(hint)")
    }
    try refuseOptions(notTakenBy: action, in: context)
    return try action.run(context, context[StringsOptions.rest])
  }

  /// Refuses the first option of `strings`, in the order help lists them, that was given and
  /// that `action` does not take. A choice given as its default (`--format text`) asks for
  /// nothing and passes.
  private static func refuseOptions(notTakenBy action: Action, in context: CommandContext) throws(CommandError) {
    for option in context.command.options where !action.options.contains(where: { $0.long == option.long }) {
      if let given = context.arguments.options[option.long], given.last != option.defaultValue {
        throw .usage("--\(option.long) is not an option of \(action.name)")
      }
    }
  }
}
