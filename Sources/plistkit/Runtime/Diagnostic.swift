import PlistKit

/// The one-line form of an error in a file, as compilers print them so editors can jump to
/// it: `FILE:LINE:COL: message`, `FILE: byte N: message`, `FILE: Key.Path: message`.
enum Diagnostic {
  /// The line for `error` in the file at `path` (`-` shows as `<stdin>`), made from the error's
  /// fields: its own ``PropertyListError/file`` when it names one, its location and message. A
  /// remedy is named as the command line's own option (`--stringify`), or left out where the
  /// dialect has none.
  static func line(path: String, error: PropertyListError, dialect: ArgumentDialect = .plistkit) -> String {
    let name = error.file ?? (path == "-" ? "<stdin>" : path)
    var message = error.message
    if let remedy = error.remedy, let option = remedy.option(in: dialect) {
      message += "; use \(option) to \(remedy.effect)"
    }
    // Compilers join a line and column to the name without a space.
    let separator = if case .text = error.location { ":" } else { ": " }
    // A key in the message (`A\nB: index 7 is out of range`) must not start a line of its own.
    return LineSafeText.escaped("\(name)\(separator)\(error.locationPrefix)\(message)")
  }
}

extension PropertyListError.Remedy {
  /// The option of the command line that does what the library's option does, if it has one.
  func option(in dialect: ArgumentDialect) -> String? {
    switch dialect {
    case .plistkit:
      switch self {
      case .openStepStringifiesScalars: "--\(SharedOptions.stringify.spec.long)"
      case .maximumOutputSize: "--\(OutputLimit.option.spec.long)"
      }
    case .plutil, .plistBuddy: nil
    }
  }
}
