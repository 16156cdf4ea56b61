/// Shell completion scripts generated from the command table: commands, options (with their
/// choices), and files where a command takes files.
enum CompletionRenderer {
  /// The shells supported.
  static let shells = ["bash", "zsh", "fish"]

  /// The modes that take another tool's command line, offered beside the commands: their
  /// words, and what they do. Their arguments complete as files.
  static let modes = [("plutil", "Run with the options of plutil"), ("buddy", "Run PlistBuddy's commands")]

  /// The words of the modes.
  static var modeNames: String { modes.map(\.0).joined(separator: " ") }

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

  /// The words a command's positional arguments complete with, when they are words rather
  /// than files: the commands' names, or an argument's own words.
  static func argumentWords(_ command: CommandSpec, among commands: [CommandSpec]) -> [String]? {
    for argument in command.arguments {
      switch argument.completion {
      case .command: return commands.map(\.name)
      case .words(let words): return words
      case .file, .none: continue
      }
    }
    return nil
  }

  static func names(_ option: OptionSpec) -> [String] {
    ["--\(option.long)"] + (option.short.map { ["-\($0)"] } ?? [])
  }
}
