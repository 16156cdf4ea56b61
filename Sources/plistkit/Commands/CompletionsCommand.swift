extension CommandSpec {
  /// `plistkit completions`: a shell completion script.
  static let completions = CommandSpec(
    name: "completions",
    abstract: "Print a shell completion script for bash, zsh or fish.",
    discussion:
      "The script is generated from the same command table as the help, so it always knows every command and option.",
    arguments: [CompletionsArguments.shell.spec],
    examples: [
      Example(
        command: "plistkit completions bash > ~/.local/share/bash-completion/completions/plistkit",
        explanation: "Install bash completions for yourself."),
      Example(
        command: "plistkit completions fish > ~/.config/fish/completions/plistkit.fish",
        explanation: "Install fish completions for yourself."),
    ],
    run: { context in
      let shell = context[CompletionsArguments.shell] ?? ""
      guard CompletionRenderer.shells.contains(shell) else {
        let hint = Suggestion.hint(for: shell, among: CompletionRenderer.shells)
        throw CommandError.usage("unknown shell '\(shell)'; expected bash, zsh or fish\(hint)")
      }
      context.output.write(CompletionRenderer.render(shell, CommandRegistry.all))
      return .success
    }
  )
}

/// The argument of `completions`.
private enum CompletionsArguments {
  static let shell = Argument.single("SHELL", help: "bash, zsh or fish.")
}
