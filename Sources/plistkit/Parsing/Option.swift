/// An option of a command, declared once and read as a typed value: its ``spec`` is what the
/// parser, the help, the man page and the completions know of it, and a command reads what was
/// given with `context[option]`, never by spelling its name again.
///
/// ```swift
/// static let inPlace = Option.flag("in-place", short: "i", help: "Replace each input.")
/// static let to = Option.format("to", short: "t", required: true, help: "The format to write.")
/// // in `run`: if context[inPlace] { … }; let format = context[to]
/// ```
struct Option<Value: Sendable>: Sendable {
  /// The option as the parser and the generated documentation see it.
  let spec: OptionSpec
  /// The value from every word given for the option, in order (its default when it was not given).
  let value: @Sendable (_ given: [String]) -> Value
}

extension Option {
  /// The same option, its free text checked by the parser as `kind` says.
  func checked(as kind: OptionSpec.TextKind) -> Option {
    var spec = spec
    spec.textKind = kind
    return Option(spec: spec, value: value)
  }
}

extension Option where Value == Bool {
  /// A switch: true when given.
  static func flag(_ long: String, short: Character? = nil, help: String) -> Option<Bool> {
    Option(spec: .flag(long, short: short, help: help)) { !$0.isEmpty }
  }
}

extension Option where Value == String? {
  /// Free text: the last value given, else nil.
  static func text(_ long: String, short: Character? = nil, placeholder: String, help: String) -> Option<String?> {
    Option(spec: .text(long, short: short, placeholder: placeholder, help: help)) { $0.last }
  }
}

extension Option where Value == [String] {
  /// Free text that may be given several times: every value, in order.
  static func repeatable(_ long: String, short: Character? = nil, placeholder: String, help: String) -> Option<[String]>
  {
    Option(spec: .text(long, short: short, placeholder: placeholder, help: help, repeatable: true)) { $0 }
  }
}

extension Option {
  /// One of a fixed set of words, each standing for a value; aliases are accepted and not
  /// shown. Nil when not given and there is no default.
  static func choice<Choice: Sendable>(
    _ long: String, short: Character? = nil, placeholder: String, choices: [(String, Choice)],
    aliases: [(String, Choice)] = [], help: String, required: Bool = false
  ) -> Option<Choice?> where Value == Choice? {
    let table = choices + aliases
    return Option<Choice?>(
      spec: .choice(
        long, short: short, placeholder: placeholder, choices: choices.map(\.0), aliases: aliases.map(\.0), help: help,
        required: required)
    ) { given in given.last.flatMap { word in table.first { $0.0 == word }?.1 } }
  }

  /// One of a fixed set of words, with the value of `default` when not given.
  static func choice(
    _ long: String, short: Character? = nil, placeholder: String, choices: [(String, Value)],
    aliases: [(String, Value)] = [], help: String, default: String
  ) -> Option<Value> {
    let table = choices + aliases
    let fallback = table.first { $0.0 == `default` }!.1
    return Option(
      spec: .choice(
        long, short: short, placeholder: placeholder, choices: choices.map(\.0), aliases: aliases.map(\.0), help: help,
        default: `default`)
    ) { given in given.last.flatMap { word in table.first { $0.0 == word }?.1 } ?? fallback }
  }
}

/// A positional argument of a command, declared once and read as a typed value.
struct Argument<Value: Sendable>: Sendable {
  /// The argument as the parser and the generated documentation see it.
  let spec: ArgumentSpec
  /// The value from the words it took.
  let value: @Sendable (_ taken: [String]) -> Value
}

extension Argument where Value == String? {
  /// One word, or none for an optional argument.
  static func single(
    _ name: String, help: String, optional: Bool = false, completion: ArgumentSpec.Completion = .none
  ) -> Argument<String?> {
    Argument(spec: ArgumentSpec(name, help: help, arity: optional ? .optional : .required, completion: completion)) {
      $0.first
    }
  }
}

extension Argument where Value == [String] {
  /// Any number of words (at least one unless `allowsNone`).
  static func variadic(
    _ name: String, help: String, allowsNone: Bool = false, completion: ArgumentSpec.Completion = .none
  ) -> Argument<[String]> {
    Argument(spec: ArgumentSpec(name, help: help, arity: allowsNone ? .zeroOrMore : .oneOrMore, completion: completion))
    {
      $0
    }
  }
}

extension ParsedArguments {
  /// What was given for `option`, as its value.
  subscript<Value>(_ option: Option<Value>) -> Value {
    option.value(options[option.spec.long] ?? defaults[option.spec.long].map { [$0] } ?? [])
  }

  /// What `argument` took, as its value.
  subscript<Value>(_ argument: Argument<Value>) -> Value { argument.value(positionals[argument.spec.name] ?? []) }
}

extension CommandContext {
  /// What was given for `option`, as its value.
  subscript<Value>(_ option: Option<Value>) -> Value { arguments[option] }

  /// What `argument` took, as its value.
  subscript<Value>(_ argument: Argument<Value>) -> Value { arguments[argument] }
}
