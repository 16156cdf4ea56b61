extension CommandSpec {
  /// `plistkit help [COMMAND]`: the overview or one command's help.
  static let help = CommandSpec(
    name: "help",
    abstract: "Show the list of commands, or one command's help.",
    options: [HelpOptions.man.spec],
    arguments: [HelpOptions.command.spec],
    examples: [
      Example(command: "plistkit help convert", explanation: "Show how to use convert."),
      Example(command: "plistkit help --man | man -l -", explanation: "Read the manual page."),
    ],
    exitCodes: [
      ExitCodeNote(status: .success, meaning: "the help was printed"),
      ExitCodeNote(status: .usage, meaning: "no such command"),
    ],
    run: { context in
      if context[HelpOptions.man] {
        context.output.write(ManPageRenderer.render(CommandRegistry.all))
        return .success
      }
      guard let name = context[HelpOptions.command] else {
        context.output.write(HelpRenderer.overview(CommandRegistry.all))
        return .success
      }
      if name == "plutil" {
        context.output.write(PlutilHelp.text)
        return .success
      }
      guard let command = CommandRegistry.command(named: name) else {
        let hint = Suggestion.hint(for: name, among: CommandRegistry.all.map(\.name))
        throw CommandError.usage("unknown command '\(name)'\(hint)")
      }
      context.output.write(HelpRenderer.command(command))
      return .success
    }
  )
}

/// The option and argument of `help`.
private enum HelpOptions {
  static let man = Option.flag("man", help: "Print the whole manual as a roff man page (see man/plistkit.1).")
  static let command = Argument.single("COMMAND", help: "The command to explain.", optional: true, completion: .command)
}
