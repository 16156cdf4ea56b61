extension CommandSpec {
  /// `plistkit strings ACTION …`: String Catalogs (`.xcstrings`).
  static let strings = CommandSpec(
    name: "strings",
    abstract: "Check, search and format String Catalogs (.xcstrings).",
    discussion: """
      ACTION says what to do; the arguments after it are the action's. check FILE... reports, \
      for each catalog, the strings with a language of the catalog missing, a text whose state is \
      new, needs_review or stale (warnings), format specifiers that differ from the source's by \
      argument position or type, a plural variation without other, or a %#@name@ that no \
      substitution defines (errors), and a substitution nothing refers to (a warning); strings \
      with shouldTranslate false are skipped. Each problem is one line on standard output, \
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
      FILE atomically (a file Xcode wrote comes out unchanged and is left alone).
      """,
    options: [
      StringsOptions.format.spec, StringsOptions.strict.spec, StringsOptions.language.spec,
      StringsOptions.ignoreDiacritics.spec, StringsOptions.ignoreWidth.spec, StringsOptions.output.spec,
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
    ],
    exitCodes: ExitCodeNote.codes(
      success: "check: no errors; search: something matched; format: written",
      failure:
        "check: errors (or warnings with --strict); search: nothing matched; format: a file could not be read or written",
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
    "ARGUMENT", help: "The action's arguments: FILE... for check, FILE TERM for search, FILE for format.",
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
  static let output = SharedOptions.output(help: "format: write here instead of back to FILE.")
}

/// The actions of `strings`, by name: one line each to add another.
enum StringsActions {
  /// An action: its name, and what it does with the context and its arguments.
  struct Action: Sendable {
    let name: String
    let run: @Sendable (CommandContext, [String]) throws(CommandError) -> ExitStatus
  }

  static let all: [Action] = [
    Action(name: "check", run: StringsCheck.run),
    Action(name: "search", run: StringsSearch.run),
    Action(name: "format", run: StringsFormat.run),
  ]

  static var names: [String] { all.map(\.name) }

  static func run(_ context: CommandContext) throws(CommandError) -> ExitStatus {
    let name = context[StringsOptions.action] ?? ""
    guard let action = all.first(where: { $0.name == name }) else {
      let hint = Suggestion.hint(for: name, among: names)
      throw .usage("unknown action '\(name)'; expected \(names.joined(separator: ", "))\(hint)")
    }
    return try action.run(context, context[StringsOptions.rest])
  }

  /// Refuses the options given that `action` does not take.
  static func refuse(_ options: [(given: Bool, name: String)], for action: String) throws(CommandError) {
    if let option = options.first(where: \.given) { throw .usage("--\(option.name) is not an option of \(action)") }
  }
}
