/// ANSI colours for the tree printer, or none at all.
struct Palette: Sendable {
  /// True when escapes are written.
  var isEnabled: Bool

  /// As `--color` says; by default (`auto`) colour on a terminal unless `NO_COLOR` is set. An
  /// explicit `--color always` wins over `NO_COLOR`, as https://no-color.org asks of a flag.
  static func resolve(_ choice: String?) -> Palette {
    switch choice {
    case "always": return Palette(isEnabled: true)
    case "never": return Palette(isEnabled: false)
    default:
      return Palette(
        isEnabled: !Terminal.noColorRequested && Terminal.isTerminal(1) && Terminal.environment("TERM") != "dumb")
    }
  }

  /// The roles a piece of output can have.
  enum Role: String {
    case key = "34"  // blue
    case string = "32"  // green
    case number = "36"  // cyan
    case boolean = "33"  // yellow
    case date = "35"  // magenta
    case opaque = "2"  // dim: data, UIDs
    case added = "1;32"  // bold green: `+` lines of a diff
    case removed = "1;31"  // bold red: `-` lines
    case changed = "1;33"  // bold yellow: `~` lines and conflicts
    case punctuation = "0"
  }

  /// `text` wrapped in the role's colour when enabled.
  func paint(_ text: String, _ role: Role) -> String {
    guard isEnabled, role != .punctuation else { return text }
    return "\u{1B}[\(role.rawValue)m\(text)\u{1B}[0m"
  }
}
