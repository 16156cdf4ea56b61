import PlistKit

/// Why a command stopped. The driver prints it as one line on standard error,
/// `plistkit: FILE:LINE:COL: message`, and exits with its ``status``.
enum CommandError: Error {
  /// The command line was wrong; exits 2 and points at the help.
  case usage(String)
  /// A property list problem in a file (`-` for standard input), with its location.
  case file(String, PropertyListError)
  /// Any other failure, already in words; exits 1.
  case failure(String)
  /// The command has already reported its errors; exit with this status.
  case reported(ExitStatus)

  /// The exit status this error ends the process with.
  var status: ExitStatus {
    switch self {
    case .usage: .usage
    case .file, .failure: .failure
    case .reported(let status): status
    }
  }

  /// The line printed after `plistkit: `, or nil when it was already reported.
  var message: String? { message(in: .plistkit) }

  /// The line printed, naming the options of `dialect`'s command line.
  func message(in dialect: ArgumentDialect) -> String? {
    switch self {
    case .usage(let text), .failure(let text): text
    case .file(let path, let error): Diagnostic.line(path: path, error: error, dialect: dialect)
    case .reported: nil
    }
  }
}
