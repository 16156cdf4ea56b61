/// One positional argument of a subcommand.
struct ArgumentSpec: Sendable {
  /// How many values the argument takes.
  enum Arity: Sendable {
    /// Exactly one.
    case required
    /// Zero or one.
    case optional
    /// One or more (only the last argument may be variadic).
    case oneOrMore
    /// Zero or more.
    case zeroOrMore

    /// The fewest values accepted.
    var minimum: Int {
      switch self {
      case .required, .oneOrMore: 1
      case .optional, .zeroOrMore: 0
      }
    }

    /// True when any number of values is accepted.
    var isVariadic: Bool {
      switch self {
      case .oneOrMore, .zeroOrMore: true
      case .required, .optional: false
      }
    }
  }

  /// The name shown in help, in capitals (`FILE`, `KEYPATH`).
  var name: String
  /// One sentence for the help.
  var help: String
  /// How many values.
  var arity: Arity
  /// What the shell should complete it with.
  var completion: Completion

  /// The kinds of completion a shell can offer for a positional argument.
  enum Completion: Sendable, Equatable {
    /// File names.
    case file
    /// Subcommand names.
    case command
    /// One of a fixed set of words (`git`'s `install` and `uninstall`).
    case words([String])
    /// Nothing in particular.
    case none
  }

  /// Makes an argument; files complete as files by default.
  init(_ name: String, help: String, arity: Arity = .required, completion: Completion = .none) {
    self.name = name
    self.help = help
    self.arity = arity
    self.completion = completion
  }

  /// `FILE...`, `[KEYPATH]` as a usage line shows it.
  var usageFragment: String {
    switch arity {
    case .required: name
    case .optional: "[\(name)]"
    case .oneOrMore: "\(name)..."
    case .zeroOrMore: "[\(name)...]"
    }
  }
}
