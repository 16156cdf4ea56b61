import PlistBuddy
import PlistKit

/// `plistkit buddy …` and the binary run as `PlistBuddy`: macOS PlistBuddy's command line
/// (`-c COMMAND` any number of times, `-x`, `-l`, `-h`, one file) over the `PlistBuddy`
/// library's session, with its messages and exit codes (0, or 1 when anything failed).
///
/// Without `-c`, commands are read from standard input after the prompt `Command: `, and the
/// file is written only by `Save`. With `-c`, the commands run in order and the file is written
/// at the end when one of them edits it.
enum BuddyMode {
  /// PlistBuddy's options, in its own words.
  enum Options {
    static let command = Option.repeatable("c", placeholder: "command", help: "Run this command; may be repeated.")
    static let xml = Option.flag("x", help: "Print values as an XML property list.")
    static let noSymbolicLinks = Option.flag("l", help: "Refuse a file that is a symbolic link.")
    static let help = Option.flag("h", help: "Print the help with the list of commands.")
    static let files = Argument.variadic("FILE", help: "The property list.", allowsNone: true, completion: .file)
  }

  /// PlistBuddy's command line as a table, for the argument parser.
  static let spec = CommandSpec(
    name: "PlistBuddy", abstract: "PlistBuddy's command line.",
    options: [Options.command.spec, Options.xml.spec, Options.noSymbolicLinks.spec, Options.help.spec],
    arguments: [Options.files.spec], dialect: .plistBuddy, run: { _ in .success })

  /// The prompt of the interactive mode.
  static let prompt = "Command: "

  /// Runs a PlistBuddy command line (the words after `buddy`, or after `PlistBuddy`).
  static func run(_ words: [String], output: BufferedOutput) -> ExitStatus {
    guard let parsed = try? ArgumentParser(command: spec).parse(words), !words.isEmpty else {
      output.write(BuddyHelp.usage)
      return .failure
    }
    let files = parsed[Options.files]
    // `--help` is every plistkit command's help, so it is not taken for a file name here (a file
    // of that name is `./--help`); it succeeds, where PlistBuddy's `-h` without a file fails.
    let asksForHelp = files.contains("--help")
    if asksForHelp || parsed[Options.help] {
      output.write(BuddyHelp.usage + "\n" + BuddyHelp.commands)
      return asksForHelp || files.count == 1 ? .success : .failure
    }
    guard files.count == 1 else {
      if files.isEmpty { output.write(BuddyHelp.usage) } else { output.writeLine("Invalid Arguments") }
      return .failure
    }
    let commands = parsed[Options.command]
    // Commands given with -c are one read–modify–write, under the file's edit lock from the
    // reading to the last save; an interactive session, which may last, locks each save.
    var session = BuddySession(
      path: files[0],
      files: BuddyFiles(refusesSymbolicLinks: parsed[Options.noSymbolicLinks], locksEachSave: commands.isEmpty),
      output: BuddyTerminal(output), printsXML: parsed[Options.xml])
    session.maximumOutputSize = PropertyListWritingOptions.defaultMaximumOutputSize(
      forInputSize: FileSystem.size(of: files[0]) ?? 0)
    if commands.isEmpty {
      guard session.open() else { return .failure }
      runInteractively(&session, output: output)
    } else {
      let opened = PropertyListIO.whileEditing(files[0], writingTo: nil) {
        guard session.open() else { return false }
        for command in commands where !session.hasExited { session.run(command) }
        _ = session.saveIfChanged()
        return true
      }
      guard opened else { return .failure }
    }
    return session.hasFailed ? .failure : .success
  }

  /// Reads commands from standard input until `Exit` or the end of the input; nothing is saved
  /// but by `Save`.
  private static func runInteractively(_ session: inout BuddySession, output: BufferedOutput) {
    while !session.hasExited {
      output.write(prompt)
      output.flush()
      guard let line = readLine(strippingNewline: true) else {
        output.write("\n")
        return
      }
      session.run(line)
    }
  }
}
