extension CommandSpec {
  /// `plistkit help [COMMAND]`: the overview or one command's help.
  static let help = CommandSpec(
    name: "help",
    abstract: "Show the list of commands, or one command's help.",
    options: [.flag("man", help: "Print the whole manual as a roff man page (see man/plistkit.1).")],
    arguments: [ArgumentSpec("COMMAND", help: "The command to explain.", arity: .optional, completion: .command)],
    examples: [
      Example(command: "plistkit help convert", explanation: "Show how to use convert."),
      Example(command: "plistkit help --man | man -l -", explanation: "Read the manual page."),
    ],
    exitCodes: [
      ExitCodeNote(status: .success, meaning: "the help was printed"),
      ExitCodeNote(status: .usage, meaning: "no such command"),
    ],
    run: { context in
      if context.arguments.flag("man") {
        context.output.write(ManPageRenderer.render(CommandRegistry.all))
        return .success
      }
      guard let name = context.arguments.argument("COMMAND") else {
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
