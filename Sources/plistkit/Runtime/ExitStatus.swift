/// The exit codes of `plistkit`, the same for every command.
enum ExitStatus: Int32, Sendable {
  /// Everything worked; every check passed.
  case success = 0
  /// Invalid data, a failed check, no match, or a file that could not be read or written.
  case failure = 1
  /// The command line was wrong (unknown command or option, missing argument).
  case usage = 2
  /// Part of the work failed, each failure reported on standard error, and the rest was done
  /// (`extract`: some blobs did not decode, the others were printed).
  case partial = 3
}
