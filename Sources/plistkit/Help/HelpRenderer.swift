/// Renders `--help` text from the command table, so help never drifts from what the parser
/// accepts.
enum HelpRenderer {
  /// The overview: `plistkit --help`.
  static func overview(_ commands: [CommandSpec]) -> String {
    var text = """
      plistkit \(ToolVersion.current) — property lists and keyed archives from the command line.

      Usage: plistkit COMMAND [ARGUMENTS] [OPTIONS]
             plistkit plutil [PLUTIL ARGUMENTS]   (or run as `plutil`)
             plistkit buddy [-c COMMAND]... [-x] [-l] [-h] FILE   (or run as `PlistBuddy`)

      Commands:

      """
    let column = (commands.map(\.name.count).max() ?? 10) + 4
    for command in commands { text += TextWrapping.row(command.name, command.abstract, column: column) + "\n" }
    text += """

      Options for every command:
        -h, --help    Show help (`plistkit help COMMAND` for one command).
        -q, --quiet   Print no status lines (such as FILE: OK) on success; errors
                      still go to standard error.
            --version Print the version.

      A FILE of `-` is standard input, an output of `-` standard output.
      Errors go to standard error, one per line: `plistkit: FILE:LINE:COL: message`.

      Exit codes:

      """
    text += exitCodeRows(CommandSpec.ExitCodeNote.overall)
    return text
  }

  /// One command's help: `plistkit help CMD` or `plistkit CMD --help`.
  static func command(_ command: CommandSpec) -> String {
    var text = "plistkit \(command.name) — \(command.abstract)\n\n"
    text += TextWrapping.wrap("Usage: " + command.usage, indent: 0) + "\n"
    if !command.discussion.isEmpty { text += "\n" + TextWrapping.wrap(command.discussion) + "\n" }
    if !command.arguments.isEmpty {
      text += "\nArguments:\n"
      for argument in command.arguments { text += TextWrapping.row(argument.usageFragment, argument.help) + "\n" }
    }
    text += "\nOptions:\n"
    for option in command.allOptions { text += TextWrapping.row(option.signature, describe(option)) + "\n" }
    if !command.examples.isEmpty {
      text += "\nExamples:\n"
      for example in command.examples {
        text += "  $ " + example.command + "\n" + TextWrapping.wrap(example.explanation, indent: 4) + "\n"
      }
    }
    text += "\nExit codes:\n" + exitCodeRows(command.exitCodes)
    return text
  }

  /// The option's help sentence with its choices and default.
  static func describe(_ option: OptionSpec) -> String {
    var text = option.help
    if case .choice(_, let choices, _) = option.value { text += " One of: \(choices.joined(separator: ", "))." }
    if let value = option.defaultValue { text += " Default: \(value)." }
    if option.isRequired { text += " Required." }
    if option.isRepeatable { text += " May be repeated." }
    return text
  }

  private static func exitCodeRows(_ notes: [CommandSpec.ExitCodeNote]) -> String {
    notes.map { TextWrapping.row(String($0.status.rawValue), $0.meaning, column: 6) + "\n" }.joined()
  }
}

extension CommandSpec.ExitCodeNote {
  /// The meanings over all commands, for the overview.
  static let overall: [Self] = [
    Self(status: .success, meaning: "success: every file valid, every check passed"),
    Self(
      status: .failure, meaning: "invalid data, a failed check, no match, or a file that could not be read or written"),
    Self(status: .usage, meaning: "usage error: unknown command or option, missing or extra argument"),
  ]
}
