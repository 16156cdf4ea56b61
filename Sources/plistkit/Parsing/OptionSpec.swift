/// One option of a subcommand, as the parser, the help, the man page and the shell completions
/// all see it.
struct OptionSpec: Sendable {
  /// What follows the option on the command line.
  enum Value: Sendable, Equatable {
    /// Nothing: the option is a switch.
    case flag
    /// Free text, shown in help as `placeholder`.
    case text(placeholder: String)
    /// One of `choices` (shown in help) or of `aliases` (accepted, not advertised).
    case choice(placeholder: String, choices: [String], aliases: [String])
  }

  /// The long name, without the leading `--`.
  var long: String
  /// The one-letter name, without the leading `-`.
  var short: Character?
  /// What follows it.
  var value: Value
  /// One sentence for the help.
  var help: String
  /// True when it may be given several times (every value is kept).
  var isRepeatable: Bool
  /// True when the command cannot run without it.
  var isRequired: Bool
  /// The value used when the option is absent.
  var defaultValue: String?
  /// More words the option takes after its value, named by their placeholders (plutil's
  /// `-extract KEYPATH FMT`).
  var moreWords: [String] = []
  /// plutil's `-insert KEYPATH -TYPE VALUE`: after its value, a word `-TYPE` naming one of
  /// `types`, then the VALUE unless the type is one of `typesWithoutValue`.
  var typedValue: (types: [String], typesWithoutValue: [String])?
  /// Options of one group exclude one another (plutil's command options).
  var group: String?
  /// Other exact spellings of the option (plutil's `--help` and `-h` for `-help`).
  var spellings: [String] = []
  /// What the parser checks free text to be.
  var textKind = TextKind.any

  /// What an option's free text must be, checked when it is parsed (a usage error otherwise).
  enum TextKind: Sendable {
    /// Anything.
    case any
    /// A path to write: not empty.
    case outputPath
    /// A file name's extension: no `/`, so that the output stays in its input's folder.
    case fileExtension
  }

  /// A switch such as `--typed`.
  static func flag(_ long: String, short: Character? = nil, help: String) -> OptionSpec {
    OptionSpec(
      long: long, short: short, value: .flag, help: help, isRepeatable: false, isRequired: false, defaultValue: nil)
  }

  /// An option that takes free text, such as `--output OUT`.
  static func text(
    _ long: String, short: Character? = nil, placeholder: String, help: String, repeatable: Bool = false,
    required: Bool = false, default defaultValue: String? = nil
  ) -> OptionSpec {
    OptionSpec(
      long: long, short: short, value: .text(placeholder: placeholder), help: help, isRepeatable: repeatable,
      isRequired: required, defaultValue: defaultValue)
  }

  /// An option that takes one of a fixed set of words, such as `--to xml`.
  static func choice(
    _ long: String, short: Character? = nil, placeholder: String, choices: [String], aliases: [String] = [],
    help: String, required: Bool = false, default defaultValue: String? = nil
  ) -> OptionSpec {
    OptionSpec(
      long: long, short: short, value: .choice(placeholder: placeholder, choices: choices, aliases: aliases),
      help: help, isRepeatable: false, isRequired: required, defaultValue: defaultValue)
  }

  /// True when a value follows the option.
  var takesValue: Bool { value != .flag }

  /// The placeholder shown for the value, or nil for a switch.
  var placeholder: String? {
    switch value {
    case .flag: nil
    case .text(let placeholder), .choice(let placeholder, _, _): placeholder
    }
  }

  /// `-t, --to FORMAT` as help lists it.
  var signature: String {
    var text = short.map { "-\($0), " } ?? "    "
    text += "--\(long)"
    if let placeholder { text += " \(placeholder)" }
    return text
  }

  /// `--to FORMAT` (or `-o OUT` when only the short name is common) as a usage line shows it.
  var usageFragment: String {
    var text = "--\(long)"
    if let placeholder { text += " \(placeholder)" }
    return isRequired ? text : "[\(text)]"
  }
}
