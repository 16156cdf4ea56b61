import PlistKit

/// Options that several commands share, declared once so they read the same everywhere.
extension OptionSpec {
  /// The names `--to` and `--from` accept: the formats and plutil's spellings.
  static let formatChoices = ["xml", "binary", "json", "openstep"]
  /// plutil's and libplist's spellings, accepted but not advertised.
  static let formatAliases = ["xml1", "binary1", "bplist", "ascii", "ascii1", "nextstep"]

  /// `--to FORMAT`; `layouts` adds names of layouts of a format (`pbxproj`).
  static func toFormat(required: Bool, layouts: [String] = [], help: String = "The format to write.") -> OptionSpec {
    .choice(
      "to", short: "t", placeholder: "FORMAT", choices: formatChoices + layouts, aliases: formatAliases, help: help,
      required: required)
  }

  /// `--from FORMAT`: skip detection.
  static let fromFormat = OptionSpec.choice(
    "from", placeholder: "FORMAT", choices: formatChoices, aliases: formatAliases,
    help: "The format of the input, when detection by content should be skipped.")

  /// `--typed`: the lossless JSON form, for reading and for writing.
  static let typed = OptionSpec.flag(
    "typed",
    help:
      "Use the typed JSON form (lossless: dates, data, UIDs, integers vs reals survive) for JSON output and JSON input."
  )

  /// `--archive`: key paths walk a keyed archive's object graph.
  static let archive = OptionSpec.flag(
    "archive",
    help:
      "Treat FILE as a keyed archive (NSKeyedArchiver): key paths walk its objects (Presidents.0.Name), following references, through arrays and dictionaries."
  )

  /// `-o, --output OUT`.
  static func output(help: String) -> OptionSpec {
    .text("output", short: "o", placeholder: "OUT", help: help)
  }
}

extension ParsedArguments {
  /// The format named by an option (`--to`, `--from`); validated by the parser.
  func format(_ long: String) -> PropertyListFormat? {
    value(long).flatMap(PropertyListFormat.init(name:))
  }

  /// Reading options from `--typed`.
  var readingOptions: PropertyListReadingOptions {
    PropertyListReadingOptions(jsonStyle: flag("typed") ? .typed : .plain)
  }
}
