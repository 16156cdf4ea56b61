/// Parses a command's arguments against its ``CommandSpec``, in the command's dialect (see
/// ``ArgumentDialect``).
///
/// `plistkit`'s forms: `--name value`, `--name=value`, `-n value`, `-nvalue`, switches anywhere
/// among the positionals, `--` to end the options, and `-` as a positional (standard input or
/// output). A word like `-5` is a positional when no option has that letter, so negative
/// numbers need no escaping. plutil's: `-name value`, with the words an option takes after it
/// (``OptionSpec/moreWords``, ``OptionSpec/typedValue``), and `--` before file names.
struct ArgumentParser {
  /// The command being parsed.
  let command: CommandSpec

  private var dialect: ArgumentDialect { command.dialect }

  /// Parses `words` (the arguments after the subcommand name).
  func parse(_ words: [String]) throws(CommandError) -> ParsedArguments {
    var parsed = ParsedArguments()
    for option in command.allOptions {
      if let value = option.defaultValue { parsed.defaults[option.long] = value }
    }
    var positionals: [String] = []
    var groupsSeen: Set<String> = []
    var index = 0
    var optionsEnded = false
    while index < words.count {
      let word = words[index]
      index += 1
      if optionsEnded || word == "-" || !word.hasPrefix("-") || looksLikeNegativeNumber(word)
        || (dialect.takesUnknownOptionsAsPositionals
          && !command.allOptions.contains { dialect.spelling(of: $0) == word })
      {
        positionals.append(word)
        continue
      }
      if word == "--" {
        optionsEnded = true
        continue
      }
      let (option, attached) = try resolve(word)
      if let attached, !word.hasPrefix("--"), let letter = option.short {
        parsed.attachedShortOptions.append((word, letter, attached))
      }
      let values = try values(of: option, word, attached: attached, words: words, index: &index)
      if let group = option.group {
        guard groupsSeen.insert(group).inserted else { throw dialect.exclusive(word) }
      }
      if parsed.options[option.long] != nil, !option.isRepeatable, option.takesValue {
        guard dialect != .plistkit else { throw .usage("option --\(option.long) given more than once") }
        parsed.options[option.long] = nil
      }
      parsed.options[option.long, default: []].append(contentsOf: values)
    }
    if parsed.options["help"] != nil, dialect == .plistkit { return parsed }
    for option in command.options where option.isRequired && parsed.options[option.long] == nil {
      throw .usage("missing option --\(option.long) \(option.placeholder ?? "")")
    }
    if let missing = firstMissingArgument(given: positionals.count) {
      throw .usage(parsed.missingArgument(missing.name))
    }
    parsed.positionals = try distribute(positionals)
    return parsed
  }

  /// Finds the option a word names; returns it with the value attached by `=` or to a short name.
  private func resolve(_ word: String) throws(CommandError) -> (OptionSpec, String?) {
    let options = command.allOptions
    if dialect != .plistkit {
      guard let option = options.first(where: { "-" + $0.long == word || $0.spellings.contains(word) }) else {
        throw dialect.unknownOption(word, among: options)
      }
      return (option, nil)
    }
    if word.hasPrefix("--") {
      var name = String(word.dropFirst(2))
      var attached: String?
      if let equals = name.firstIndex(of: "=") {
        attached = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      guard let option = options.first(where: { $0.long == name }) else {
        throw dialect.unknownOption("--" + name, among: options, takesArguments: !command.arguments.isEmpty)
      }
      return (option, attached)
    }
    let letter = word[word.index(after: word.startIndex)]
    guard let option = options.first(where: { $0.short == letter }) else {
      throw dialect.unknownOption(word, among: options, takesArguments: !command.arguments.isEmpty)
    }
    let rest = String(word.dropFirst(2))
    if rest.isEmpty { return (option, nil) }
    guard option.takesValue else {
      throw .usage("unknown option '\(word)' (options are not combined; write them apart)")
    }
    return (option, rest)
  }

  /// The words `option` takes: its value (attached, or the next word), then any more it takes.
  private func values(
    of option: OptionSpec, _ word: String, attached: String?, words: [String], index: inout Int
  ) throws(CommandError) -> [String] {
    guard option.takesValue else {
      if attached != nil { throw .usage("option --\(option.long) takes no value") }
      return [""]
    }
    func next(_ placeholder: String, after word: String = word) throws(CommandError) -> String {
      guard index < words.count else { throw dialect.missingValue(option, word, placeholder: placeholder) }
      defer { index += 1 }
      return words[index]
    }
    let first: String
    if let attached { first = attached } else { first = try next(option.placeholder ?? "VALUE") }
    var values = [try validated(first, for: option)]
    for placeholder in option.moreWords { values.append(try next(placeholder)) }
    if let (types, typesWithoutValue) = option.typedValue {
      let typeWord = try next("-TYPE")
      let type = String(typeWord.dropFirst())
      guard typeWord.hasPrefix("-"), types.contains(type) else {
        throw dialect.unknownValueType(typeWord, types: types)
      }
      values.append(type)
      if !typesWithoutValue.contains(type) { values.append(try next("value", after: typeWord)) }
    }
    return values
  }

  private func validated(_ value: String, for option: OptionSpec) throws(CommandError) -> String {
    let name = (dialect == .plistkit ? "--" : "-") + option.long
    switch option.textKind {
    case .any: break
    case .outputPath:
      if value.isEmpty { throw .usage("option \(name) needs a path; '' names no file") }
    case .fileExtension:
      if value.contains("/") {
        throw .usage(
          "invalid value '\(value)' for \(name): an extension cannot contain '/' (the output would leave its input's folder)"
        )
      }
    }
    guard case .choice(_, let choices, let aliases) = option.value else { return value }
    if choices.contains(value) || aliases.contains(value) { return value }
    let hint = Suggestion.hint(for: value, among: choices + aliases)
    throw .usage(
      "invalid value '\(value)' for --\(option.long); expected one of \(choices.joined(separator: ", "))\(hint)"
    )
  }

  private func looksLikeNegativeNumber(_ word: String) -> Bool {
    guard dialect == .plistkit else { return false }
    let scalars = Array(word.unicodeScalars)
    guard scalars.count >= 2, scalars[0] == "-", ("0"..."9").contains(scalars[1]) || scalars[1] == "." else {
      return false
    }
    return !command.allOptions.contains { $0.short.map { String($0) } == String(scalars[1]) }
  }

  /// Hands the positional words to the declared arguments in order; a variadic argument
  /// takes whatever the arguments after it do not need.
  private func distribute(_ words: [String]) throws(CommandError) -> [String: [String]] {
    if let missing = firstMissingArgument(given: words.count) { throw .usage("missing argument \(missing.name)") }
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
      result[argument.name] = Array(words[cursor..<(cursor + take)])
      cursor += take
    }
    if cursor < words.count {
      throw .usage("unexpected argument '\(words[cursor])'")
    }
    return result
  }

  /// The argument a user left out when `count` words are too few: words fill the arguments in
  /// order, so with `get FILE KEYPATH` one word is the FILE and KEYPATH is missing.
  private func firstMissingArgument(given count: Int) -> ArgumentSpec? {
    var left = count
    for argument in command.arguments {
      if left < argument.arity.minimum { return argument }
      left -= argument.arity.minimum
    }
    return nil
  }
}
