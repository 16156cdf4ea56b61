/// The command line of one subcommand after parsing: option values by long name and
/// positional values by argument name.
struct ParsedArguments: Sendable {
  /// Every value given for each option, by long name; a switch given once holds `[""]`.
  var options: [String: [String]] = [:]
  /// The values of each positional argument, by name.
  var positionals: [String: [String]] = [:]
  /// Defaults of the options, by long name.
  var defaults: [String: String] = [:]

  /// True when the switch or option was given.
  func flag(_ long: String) -> Bool { options[long] != nil }

  /// The last value given for `long`, else its default.
  func value(_ long: String) -> String? { options[long]?.last ?? defaults[long] }

  /// Every value given for a repeatable option.
  func values(_ long: String) -> [String] { options[long] ?? [] }

  /// The value of a single positional argument.
  func argument(_ name: String) -> String? { positionals[name]?.first }

  /// The values of a variadic positional argument.
  func arguments(_ name: String) -> [String] { positionals[name] ?? [] }
}
