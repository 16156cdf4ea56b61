/// The two ways a command line is written, which the one parser reads: `plistkit`'s own
/// (`--name value`, `--name=value`, `-n value`, `-nvalue`; each option once unless repeatable)
/// and plutil's (`-name value` only, the last of a repeated option wins), each with its own words
/// for a command line it cannot take.
enum ArgumentDialect: Sendable {
  case plistkit
  case plutil

  /// The word that names `option`.
  func spelling(of option: OptionSpec) -> String { self == .plutil ? "-" + option.long : "--" + option.long }

  /// `word` names no option among `options`.
  func unknownOption(_ word: String, among options: [OptionSpec]) -> CommandError {
    guard self == .plistkit else { return .usage("unrecognized option: \(word)") }
    let name = word.hasPrefix("--") ? String(word.dropFirst(2)) : String(word.dropFirst())
    let hint = Suggestion.hint(for: name, among: options.map(\.long), prefix: "--")
    return .usage("unknown option '\(word.hasPrefix("--") ? "--" + name : word)'\(hint)")
  }

  /// `option` needs its word `placeholder`, and the command line ended.
  func missingValue(_ option: OptionSpec, _ word: String, placeholder: String) -> CommandError {
    switch self {
    case .plistkit: .usage("option --\(option.long) needs a value (\(placeholder))")
    case .plutil: .usage("Missing argument for \(word) (\(placeholder)).")
    }
  }

  /// `word` is an option of a group that another option given already belongs to.
  func exclusive(_ word: String) -> CommandError {
    switch self {
    case .plistkit: .usage("option '\(word)' cannot be given with another of its kind")
    case .plutil: .usage("Only one command option may be given; found \(word) after another.")
    }
  }

  /// The `-TYPE` word after a `typedValue` option names no type.
  func unknownValueType(_ word: String, types: [String]) -> CommandError {
    .usage("Unknown value type '\(word)'; expected one of -\(types.joined(separator: " -")).")
  }
}
