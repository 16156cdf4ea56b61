/// A subcommand: everything the parser, the help, the man page and the completions need,
/// and the function that does the work. Each subcommand declares one in its own file.
struct CommandSpec: Sendable {
  /// One worked example for the help.
  struct Example: Sendable {
    /// The command line, starting with `plistkit`.
    var command: String
    /// What it does.
    var explanation: String
  }

  /// An exit code and what it means for this command.
  struct ExitCodeNote: Sendable {
    /// The code.
    var status: ExitStatus
    /// When the command returns it.
    var meaning: String
  }

  /// The word typed after `plistkit`.
  var name: String
  /// One line for the command list.
  var abstract: String
  // The memberwise initializer takes these in order, with the defaults below; `run` comes last
  // so that it can be a trailing closure.
  /// Paragraphs for the command's own help, after the abstract.
  var discussion = ""
  /// The options, in the order help lists them (`--help` and `--quiet` are added for all).
  var options: [OptionSpec] = []
  /// The positional arguments, in order.
  var arguments: [ArgumentSpec] = []
  /// Examples that work on the shipped `Samples/`.
  var examples: [Example] = []
  /// What each exit code means.
  var exitCodes = ExitCodeNote.standard
  /// How its command line is written: `plistkit`'s own way, plutil's or PlistBuddy's.
  var dialect = ArgumentDialect.plistkit
  /// Does the work; returns the exit status or throws a ``CommandError``.
  var run: @Sendable (CommandContext) throws -> ExitStatus

  /// `-q, --quiet`, which every command accepts.
  static let quietOption = Option.flag(
    "quiet", short: "q", help: "Print no status lines (such as FILE: OK) on success; errors still go to standard error."
  )
  /// `-h, --help`, which every command accepts.
  static let helpOption = Option.flag("help", short: "h", help: "Show this help.")

  /// The options every command accepts.
  static let commonOptions: [OptionSpec] = [quietOption.spec, helpOption.spec]

  /// The command's options followed by the common ones (plutil's and PlistBuddy's command lines
  /// have only their own).
  var allOptions: [OptionSpec] { dialect == .plistkit ? options + Self.commonOptions : options }

  /// `plistkit convert FILE... --to FORMAT [--typed] [--output OUT]`.
  var usage: String {
    (["plistkit", name] + arguments.map(\.usageFragment) + options.map(\.usageFragment)).joined(separator: " ")
  }
}

extension CommandSpec.ExitCodeNote {
  /// The meanings most commands share.
  static let standard: [Self] = [
    Self(status: .success, meaning: "success"),
    Self(status: .failure, meaning: "a file could not be read, was invalid, or could not be written"),
    wrongCommandLine,
  ]

  /// The usage line of ``standard``, for the commands that spell out their other codes.
  static let wrongCommandLine = Self(status: .usage, meaning: "the command line was wrong")

  /// The three codes of a command that says what its success and its failure mean; the usage
  /// code means ``wrongCommandLine`` unless `usage` says more.
  static func codes(success: String, failure: String, usage: String? = nil) -> [Self] {
    [
      Self(status: .success, meaning: success), Self(status: .failure, meaning: failure),
      usage.map { Self(status: .usage, meaning: $0) } ?? wrongCommandLine,
    ]
  }
}
