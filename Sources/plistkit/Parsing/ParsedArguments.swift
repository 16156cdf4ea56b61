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
  /// Words read as a short option with its value attached (`-objc` is `-o bjc`), for the
  /// hint when an argument then goes missing: such a word was likely meant as a value.
  var attachedShortOptions: [(word: String, option: Character, value: String)] = []

  /// The message for a missing argument `name`, with how to pass a word starting with `-` as
  /// a value when one was read as an option.
  func missingArgument(_ name: String) -> String {
    guard let (word, option, value) = attachedShortOptions.last else { return "missing argument \(name)" }
    return "missing argument \(name) ('\(word)' was read as option -\(option) with '\(value)'; "
      + "a value that starts with '-' goes after '--': -- \(word))"
  }
}
