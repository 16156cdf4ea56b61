import PlistKit

/// What a running command can reach: its parsed arguments, standard output, and the
/// helpers every command needs to read inputs and write results. A value: nothing in it
/// changes while the command runs, and the one stream it writes to is shared by reference.
struct CommandContext {
  /// The command being run.
  let command: CommandSpec
  /// Its parsed command line.
  let arguments: ParsedArguments
  /// Standard output, buffered.
  let output: BufferedOutput

  /// True under `--quiet`: print nothing on success.
  var isQuiet: Bool { self[CommandSpec.quietOption] }

  /// The name to show for a path in messages (`<stdin>` for `-`).
  static func displayName(of path: String) -> String { path == "-" ? "<stdin>" : path }

  /// Reports an error on standard error as `plistkit: message`, after flushing standard
  /// output so the two streams stay in order on a terminal.
  func report(_ message: String) {
    output.flush()
    StandardError.writeLine("plistkit: \(message)")
  }

  /// Runs `body` for a command whose failure status has its own meaning (`diff`'s "the files
  /// differ", `merge`'s "conflicts"): any error it throws is trouble, reported here, and exits
  /// with the usage status, as diff(1)'s trouble does, so that the failure status stays unambiguous.
  func reportingTroubleAsUsage(_ body: () throws(CommandError) -> ExitStatus) throws(CommandError) -> ExitStatus {
    do throws(CommandError) {
      return try body()
    } catch {
      if let message = error.message { report(message) }
      throw CommandError.reported(.usage)
    }
  }

  /// Reports a property list error in a file: `plistkit: FILE:LINE:COL: message`.
  func report(_ error: PropertyListError, in path: String) {
    report(Diagnostic.line(path: path, error: error))
  }
}
