/// Renders the `plistkit(1)` man page (roff `man` macros) from the command table, the same
/// source as `--help`; `scripts/generate-man.sh` writes it to `man/plistkit.1`.
enum ManPageRenderer {
  /// The whole page. No date, so regenerating it changes nothing unless the help changed.
  static func render(_ commands: [CommandSpec]) -> String {
    var page = """
      .TH PLISTKIT 1 "" "plistkit \(ToolVersion.current)" "User Commands"
      .SH NAME
      plistkit \\- property lists and keyed archives from the command line
      .SH SYNOPSIS
      .B plistkit
      .I COMMAND
      .RI [ ARGUMENTS ]
      .RI [ OPTIONS ]
      .br
      .B plistkit plutil
      .RI [ "PLUTIL ARGUMENTS" ]
      .br
      .B plistkit buddy
      .RB [ \\-c
      .IR COMMAND ]...
      .RB [ \\-x ]
      .RB [ \\-l ]
      .RB [ \\-h ]
      .I FILE
      .SH DESCRIPTION
      \(escape("Reads, writes, checks and edits Apple property lists (XML, binary, JSON, OpenStep) and NSKeyedArchiver archives. A FILE of - is standard input, an output of - standard output. Errors go to standard error, one per line: plistkit: FILE:LINE:COL: message. Run as plutil, or as plistkit plutil, it accepts the options of plutil, and writes its Swift and Objective-C source literals (-convert swift, -convert objc with -header) byte for byte as it does. Run as PlistBuddy, or as plistkit buddy, it runs PlistBuddy's commands (Print, Set, Add, Copy, Delete, Merge, Import, Clear, Save, Revert) given with -c, or read from standard input after the prompt Command:."))
      .SH OPTIONS
      .TP
      .B \\-h, \\-\\-help
      Show help; \\fBplistkit help\\fR \\fICOMMAND\\fR for one command.
      .TP
      .B \\-q, \\-\\-quiet
      Print no status lines (such as FILE: OK) on success; errors still go to standard error.
      .TP
      .B \\-\\-version
      Print the version.
      .SH COMMANDS

      """
    for command in commands { page += section(command) }
    page += ".SH EXIT STATUS\n"
    for note in CommandSpec.ExitCodeNote.overall {
      page += ".TP\n.B \(note.status.rawValue)\n\(escape(note.meaning))\n"
    }
    page += ".SH ENVIRONMENT\n.TP\n.B NO_COLOR\n"
    page += "When set and not empty, no colour is written unless \\fB--color always\\fR asks for it.\n"
    page += ".TP\n.B \(InputLimit.variable)\n"
    page +=
      escape(
        "The most bytes read from standard input, a pipe, a device or anything else that is not a regular file (suffixes K, M, G: 512M); default 1G, and never more than the 4G limit of any input. Past it a command stops reading at once and exits 1."
      ) + "\n"
    page += ".SH SEE ALSO\n.BR plutil (1)\n"
    page +=
      ".PP\n"
      + escape(
        "The manual's guides, in the Documentation folder of the project and of the release tarball, and in /usr/share/doc/plistkit/Documentation where the Debian package is installed:"
      ) + "\n"
    for guide in ManualGuides.all {
      page += ".TP\n.I Documentation/\(guide.file)\n\(escape(guide.subject))\n"
    }
    return page
  }

  private static func section(_ command: CommandSpec) -> String {
    var text = ".SS \(command.name)\n\(escape(command.abstract))\n.PP\n.B \(escape(command.usage))\n"
    if !command.discussion.isEmpty { text += ".PP\n\(escape(command.discussion))\n" }
    for argument in command.arguments {
      text += ".TP\n.I \(escape(argument.usageFragment))\n\(escape(argument.help))\n"
    }
    for option in command.options {
      text += ".TP\n.B \(escape(option.signature.trimmingLeadingSpaces))\n\(escape(HelpRenderer.describe(option)))\n"
    }
    if !command.examples.isEmpty {
      text += ".PP\nExamples:\n"
      for example in command.examples {
        text += ".PP\n.RS\n.nf\n\(escape(example.command))\n.fi\n\(escape(example.explanation))\n.RE\n"
      }
    }
    return text
  }

  /// Text made safe for roff: backslashes and hyphens escaped, characters outside ASCII as
  /// `\[uXXXX]` (roff input is ASCII; groff warns on anything else), no line starting with a dot.
  static func escape(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": escaped += "\\e"
      case "-": escaped += "\\-"
      case _ where scalar.value >= 0x80:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
    }.joined(separator: "\n")
  }
}

extension String {
  /// The string without its leading spaces.
  fileprivate var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}
