/// Shell completion scripts generated from the command table: commands, options (with their
/// choices), and files where a command takes files.
enum CompletionRenderer {
  /// The shells supported.
  static let shells = ["bash", "zsh", "fish"]

  /// The script for `shell`.
  static func render(_ shell: String, _ commands: [CommandSpec]) -> String {
    switch shell {
    case "zsh": zsh(commands)
    case "fish": fish(commands)
    default: bash(commands)
    }
  }

  static func choices(_ option: OptionSpec) -> [String]? {
    if case .choice(_, let choices, _) = option.value { return choices }
    return nil
  }

  static func names(_ option: OptionSpec) -> [String] {
    ["--\(option.long)"] + (option.short.map { ["-\($0)"] } ?? [])
  }
}
