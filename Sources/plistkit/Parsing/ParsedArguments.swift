/// The command line of one subcommand after parsing: option values by long name and
/// positional values by argument name. Commands read them as typed values through the options
/// and arguments they declare (``Option``, ``Argument``), never by name.
struct ParsedArguments: Sendable {
  /// Every value given for each option, by long name; a switch given once holds `[""]`.
  var options: [String: [String]] = [:]
  /// The values of each positional argument, by name.
  var positionals: [String: [String]] = [:]
  /// Defaults of the options, by long name.
  var defaults: [String: String] = [:]
}
