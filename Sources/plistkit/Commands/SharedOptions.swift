import PlistKit

/// Options that several commands share, declared once so they read the same everywhere.
enum SharedOptions {
  /// The names `--to` and `--from` show, from the one table of format names.
  static let formatChoices = PropertyListFormat.names.filter(\.isCanonical).map { ($0.text, $0.format) }
  /// plutil's and libplist's spellings, accepted but not advertised.
  static let formatAliases = PropertyListFormat.names.filter { !$0.isCanonical && !$0.isLayout }.map {
    ($0.text, $0.format)
  }
  /// Names of layouts of a format (`pbxproj`), shown where a command writes them.
  static let layoutNames = PropertyListFormat.names.filter(\.isLayout).map { ($0.text, $0.format) }

  /// `--to FORMAT`; with `layouts`, also the names of layouts of a format (`pbxproj`), which
  /// ``layout(of:)`` tells apart.
  static func to(
    required: Bool = false, layouts: Bool = false, help: String = "The format to write."
  )
    -> Option<PropertyListFormat?>
  {
    .choice(
      "to", short: "t", placeholder: "FORMAT", choices: formatChoices + (layouts ? layoutNames : []),
      aliases: formatAliases, help: help, required: required)
  }

  /// The layout (`pbxproj`) a `--to` with layouts named, nil for a plain format.
  static func layout(of option: Option<PropertyListFormat?>) -> Option<String?> {
    Option(spec: option.spec) { given in
      given.last.flatMap { word in layoutNames.contains { $0.0 == word } ? word : nil }
    }
  }

  /// `--from FORMAT`: skip detection.
  static let from = Option.choice(
    "from", placeholder: "FORMAT", choices: formatChoices, aliases: formatAliases,
    help: "The format of the input, when detection by content should be skipped.")

  /// `--compact`: JSON and OpenStep output on one line.
  static let compact = Option.flag("compact", help: "Write JSON and OpenStep on one line instead of indented.")

  /// `--typed`: the lossless JSON form, for reading and for writing.
  static let typed = Option.flag(
    "typed",
    help:
      "Use the typed JSON form (lossless: dates, data, UIDs, integers vs reals survive) for JSON output and JSON input."
  )

  /// `--stringify`: OpenStep output writes the values it has no form for as strings.
  static let stringify = Option.flag(
    "stringify",
    help:
      "In OpenStep output, write integers, reals, booleans, dates and UIDs (which OpenStep has no form for) as strings."
  )

  /// `--archive`: key paths walk a keyed archive's object graph.
  static let archive = Option.flag(
    "archive",
    help:
      "Treat FILE as a keyed archive (NSKeyedArchiver): key paths walk its objects (Presidents.0.Name), following references, through arrays and dictionaries."
  )

  /// `--color WHEN`: auto (on a terminal, unless NO_COLOR is set), always or never.
  static func color(
    help: String =
      "Colour the output: on a terminal unless NO_COLOR is set (auto), always (even with NO_COLOR), or never."
  ) -> Option<String> {
    .choice(
      "color", placeholder: "WHEN", choices: [("auto", "auto"), ("always", "always"), ("never", "never")], help: help,
      default: "auto")
  }

  /// `--with-paths`: each match of a key path printed after its concrete key path.
  static let withPaths = Option.flag(
    "with-paths",
    help:
      "Print each value after its concrete key path (PATH, a tab, the text; a dictionary of path to value for --to)."
  )

  /// `-o, --output OUT`.
  static func output(help: String) -> Option<String?> {
    Option.text("output", short: "o", placeholder: "OUT", help: help).checked(as: .outputPath)
  }

  /// `FILE`: one property list, `-` for standard input.
  static func file(_ help: String = "The property list; - is standard input.") -> Argument<String?> {
    .single("FILE", help: help, completion: .file)
  }

  /// `FILE...`: property lists, `-` for standard input.
  static func files(_ help: String) -> Argument<[String]> { .variadic("FILE", help: help, completion: .file) }
}

extension CommandContext {
  /// Reading options from `--typed`, within the input limits (see ``InputLimit``).
  var readingOptions: PropertyListReadingOptions {
    InputLimit.bounding(PropertyListReadingOptions(jsonStyle: self[SharedOptions.typed] ? .typed : .plain))
  }

  /// Writing options from `--typed` and `--stringify`.
  var writingOptions: PropertyListWritingOptions {
    PropertyListWritingOptions(
      jsonStyle: self[SharedOptions.typed] ? .typed : .plain, openStepStringifiesScalars: self[SharedOptions.stringify])
  }
}
