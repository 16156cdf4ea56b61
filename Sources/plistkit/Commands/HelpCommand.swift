extension CommandSpec {
  /// `plistkit help [COMMAND]`: the overview or one command's help.
  static let help = CommandSpec(
    name: "help",
    abstract: "Show the list of commands, or one command's help.",
    arguments: [ArgumentSpec("COMMAND", help: "The command to explain.", arity: .optional, completion: .command)],
    examples: [
      Example(command: "plistkit help convert", explanation: "Show how to use convert.")
    ],
    exitCodes: [
      ExitCodeNote(status: .success, meaning: "the help was printed"),
      ExitCodeNote(status: .usage, meaning: "no such command"),
    ],
    run: { context in
      guard let name = context.arguments.argument("COMMAND") else {
        context.output.write(HelpRenderer.overview(CommandRegistry.all))
        return .success
      }
      guard let command = CommandRegistry.command(named: name) else {
        let hint = Suggestion.hint(for: name, among: CommandRegistry.all.map(\.name))
        throw CommandError.usage("help: unknown command '\(name)'\(hint)")
      }
      context.output.write(HelpRenderer.command(command))
      return .success
    }
  )
}
