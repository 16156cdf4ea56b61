#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The entry point: picks plutil mode, PlistBuddy mode or a subcommand, parses, runs, reports,
/// and returns the exit status.
enum CommandLineTool {
  /// Runs the tool with the process's arguments (`arguments[0]` is the program path).
  static func main(_ arguments: [String]) -> ExitStatus {
    // A closed pipe is an error a write returns (`EPIPE`), not a signal that kills the process
    // before it can say how it ended.
    signal(SIGPIPE, SIG_IGN)
    let output = BufferedOutput(descriptor: 1)
    return output.finish(dispatch(arguments, output: output))
  }

  /// Picks plutil mode, the overview, or a subcommand, and runs it.
  private static func dispatch(_ arguments: [String], output: BufferedOutput) -> ExitStatus {
    let program = arguments.first.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? "plistkit"
    var words = Array(arguments.dropFirst())
    do {
      try InputLimit.check()
    } catch {
      StandardError.writeLine("plistkit: \(error.message ?? "")")
      return .usage
    }
    if program == "plutil" { return PlutilMode.run(words, output: output) }
    if program == "PlistBuddy" { return BuddyMode.run(words, output: output) }

    var quiet = false
    while let first = words.first, first == "-q" || first == "--quiet" {
      quiet = true
      words.removeFirst()
    }
    guard let name = words.first else {
      StandardError.writeLine(HelpRenderer.overview(CommandRegistry.all))
      return .usage
    }
    switch name {
    case "--help", "-h":
      output.write(HelpRenderer.overview(CommandRegistry.all))
      return .success
    case "--version":
      output.writeLine("plistkit \(ToolVersion.current)")
      return .success
    case "plutil":
      return PlutilMode.run(Array(words.dropFirst()), output: output)
    case "buddy":
      return BuddyMode.run(Array(words.dropFirst()), output: output)
    default: break
    }
    guard let command = CommandRegistry.command(named: name) else {
      let hint = Suggestion.hint(for: name, among: CommandRegistry.all.map(\.name))
      let kind = name.hasPrefix("-") ? "unknown option" : "unknown command"
      StandardError.writeLine("plistkit: \(kind) '\(name)'\(hint)")
      StandardError.writeLine("plistkit: run 'plistkit --help' for the list of commands")
      return .usage
    }
    var rest = Array(words.dropFirst())
    if quiet { rest.append("--quiet") }
    return run(command, rest, output: output)
  }

  /// Parses and runs one subcommand.
  static func run(_ command: CommandSpec, _ words: [String], output: BufferedOutput) -> ExitStatus {
    let parsed: ParsedArguments
    do {
      parsed = try ArgumentParser(command: command).parse(words)
    } catch {
      return report(error, command: command, output: output)
    }
    if parsed[CommandSpec.helpOption] {
      output.write(HelpRenderer.command(command))
      return .success
    }
    let context = CommandContext(command: command, arguments: parsed, output: output)
    do {
      return try command.run(context)
    } catch let error as CommandError {
      return report(error, command: command, output: output)
    } catch {
      output.flush()
      StandardError.writeLine("plistkit: \(command.name): \(error)")
      return .failure
    }
  }

  private static func report(_ error: CommandError, command: CommandSpec, output: BufferedOutput) -> ExitStatus {
    output.flush()
    guard var message = error.message else { return error.status }
    if case .usage = error { message = "\(command.name): \(message) (see 'plistkit help \(command.name)')" }
    StandardError.writeLine("plistkit: \(message)")
    return error.status
  }
}
