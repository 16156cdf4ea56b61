/// Parses a subcommand's arguments against its ``CommandSpec``.
///
/// Accepted forms: `--name value`, `--name=value`, `-n value`, `-nvalue`, switches anywhere
/// among the positionals, `--` to end the options, and `-` as a positional (standard input or
/// output). A word like `-5` is a positional when no option has that letter, so negative
/// numbers need no escaping.
struct ArgumentParser {
  /// The command being parsed.
  let command: CommandSpec

  /// Parses `words` (the arguments after the subcommand name).
  func parse(_ words: [String]) throws(CommandError) -> ParsedArguments {
    var parsed = ParsedArguments()
    for option in command.allOptions {
      if let value = option.defaultValue { parsed.defaults[option.long] = value }
    }
    var positionals: [String] = []
    var index = 0
    var optionsEnded = false
    while index < words.count {
      let word = words[index]
      index += 1
      if optionsEnded || word == "-" || !word.hasPrefix("-") || looksLikeNegativeNumber(word) {
        positionals.append(word)
        continue
      }
      if word == "--" {
        optionsEnded = true
        continue
      }
      let (option, attached) = try resolve(word)
      var value = ""
      if option.takesValue {
        if let attached {
          value = attached
        } else {
          guard index < words.count else {
            throw .usage("option --\(option.long) needs a value (\(option.placeholder ?? "VALUE"))")
          }
          value = words[index]
          index += 1
        }
        value = try validated(value, for: option)
      } else if attached != nil {
        throw .usage("option --\(option.long) takes no value")
      }
      if parsed.options[option.long] != nil, !option.isRepeatable, option.takesValue {
        throw .usage("option --\(option.long) given more than once")
      }
      parsed.options[option.long, default: []].append(value)
    }
    if parsed.flag("help") { return parsed }
    for option in command.options where option.isRequired && parsed.options[option.long] == nil {
      throw .usage("missing option --\(option.long) \(option.placeholder ?? "")")
    }
    parsed.positionals = try distribute(positionals)
    return parsed
  }

  /// Finds the option a word names; returns it with the value attached by `=` or to a short name.
  private func resolve(_ word: String) throws(CommandError) -> (OptionSpec, String?) {
    let options = command.allOptions
    if word.hasPrefix("--") {
      var name = String(word.dropFirst(2))
      var attached: String?
      if let equals = name.firstIndex(of: "=") {
        attached = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      guard let option = options.first(where: { $0.long == name }) else {
        let hint = Suggestion.hint(for: name, among: options.map(\.long), prefix: "--")
        throw .usage("unknown option '--\(name)'\(hint)")
      }
      return (option, attached)
    }
    let letter = word[word.index(after: word.startIndex)]
    guard let option = options.first(where: { $0.short == letter }) else {
      let name = String(word.dropFirst())
      let hint = Suggestion.hint(for: name, among: options.map(\.long), prefix: "--")
      throw .usage("unknown option '\(word)'\(hint)")
    }
    let rest = String(word.dropFirst(2))
    if rest.isEmpty { return (option, nil) }
    guard option.takesValue else {
      throw .usage("unknown option '\(word)' (options are not combined; write them apart)")
    }
    return (option, rest)
  }

  private func validated(_ value: String, for option: OptionSpec) throws(CommandError) -> String {
    guard case .choice(_, let choices, let aliases) = option.value else { return value }
    if choices.contains(value) || aliases.contains(value) { return value }
    let hint = Suggestion.hint(for: value, among: choices + aliases)
    throw .usage(
      "invalid value '\(value)' for --\(option.long); expected one of \(choices.joined(separator: ", "))\(hint)"
    )
  }

  private func looksLikeNegativeNumber(_ word: String) -> Bool {
    let scalars = Array(word.unicodeScalars)
    guard scalars.count >= 2, scalars[0] == "-", ("0"..."9").contains(scalars[1]) || scalars[1] == "." else {
      return false
    }
    return !command.allOptions.contains { $0.short.map { String($0) } == String(scalars[1]) }
  }

  /// Hands the positional words to the declared arguments in order; a variadic argument
  /// takes whatever the arguments after it do not need.
  private func distribute(_ words: [String]) throws(CommandError) -> [String: [String]] {
    var result: [String: [String]] = [:]
    var cursor = 0
    for (position, argument) in command.arguments.enumerated() {
      let neededAfter = command.arguments[(position + 1)...].reduce(0) { $0 + $1.arity.minimum }
      let available = words.count - cursor - neededAfter
      let take: Int
      switch argument.arity {
      case .required: take = available >= 1 ? 1 : 0
      case .optional: take = available >= 1 ? 1 : 0
      case .oneOrMore, .zeroOrMore: take = max(0, available)
      }
      if take < argument.arity.minimum {
        throw .usage("missing argument \(argument.name)")
      }
      result[argument.name] = Array(words[cursor..<(cursor + take)])
      cursor += take
    }
    if cursor < words.count {
      throw .usage("unexpected argument '\(words[cursor])'")
    }
    return result
  }
}
