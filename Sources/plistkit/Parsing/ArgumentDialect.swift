/// The ways a command line is written, which the one parser reads: `plistkit`'s own
/// (`--name value`, `--name=value`, `-n value`, `-nvalue`; each option once unless repeatable),
/// plutil's (`-name value` only, the last of a repeated option wins) and PlistBuddy's (`-c
/// COMMAND`, `-x`, any other word a file name), each with its own words for a command line it
/// cannot take.
enum ArgumentDialect: Sendable {
  case plistkit
  case plutil
  case plistBuddy

  /// The word that names `option`.
  func spelling(of option: OptionSpec) -> String { self == .plistkit ? "--" + option.long : "-" + option.long }

  /// True when words naming no option are positionals rather than errors (PlistBuddy takes
  /// `-xc` or `-z` for a file name).
  var takesUnknownOptionsAsPositionals: Bool { self == .plistBuddy }

  /// `word` names no option among `options`. When it is like no option and the command takes
  /// arguments, it may be a value that starts with `-` (`-ObjC`), and the message says how to
  /// give one.
  func unknownOption(_ word: String, among options: [OptionSpec], takesArguments: Bool = false) -> CommandError {
    guard self == .plistkit else { return .usage("unrecognized option: \(word)") }
    let name = word.hasPrefix("--") ? String(word.dropFirst(2)) : String(word.dropFirst())
    var hint = Suggestion.hint(for: name, among: options.map(\.long), prefix: "--")
    if hint.isEmpty, takesArguments { hint = "; if it is an argument, write -- before it: -- \(word)" }
    return .usage("unknown option '\(word.hasPrefix("--") ? "--" + name : word)'\(hint)")
  }

  /// `option` needs its word `placeholder`, and the command line ended.
  func missingValue(_ option: OptionSpec, _ word: String, placeholder: String) -> CommandError {
    switch self {
    case .plistkit: .usage("option --\(option.long) needs a value (\(placeholder))")
    case .plutil: .usage("Missing argument for \(word) (\(placeholder)).")
    case .plistBuddy: .usage("\(word) needs a \(placeholder)")
    }
  }

  /// `word` is an option of a group that another option given already belongs to.
  func exclusive(_ word: String) -> CommandError {
    switch self {
    case .plistkit: .usage("option '\(word)' cannot be given with another of its kind")
    case .plutil, .plistBuddy: .usage("Only one command option may be given; found \(word) after another.")
    }
  }

  /// The `-TYPE` word after a `typedValue` option names no type.
  func unknownValueType(_ word: String, types: [String]) -> CommandError {
    .usage("Unknown value type '\(word)'; expected one of -\(types.joined(separator: " -")).")
  }
}
