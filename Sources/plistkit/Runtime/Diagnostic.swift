import PlistKit

/// The one-line form of an error in a file, as compilers print them so editors can jump to
/// it: `FILE:LINE:COL: message`, `FILE: byte N: message`, `FILE: Key.Path: message`.
enum Diagnostic {
  /// The line for `error` in the file at `path` (`-` shows as `<stdin>`). A remedy is named as
  /// the command line's own option (`--stringify`), or left out where the dialect has none.
  static func line(path: String, error: PropertyListError, dialect: ArgumentDialect = .plistkit) -> String {
    let name = path == "-" ? "<stdin>" : path
    var error = error
    if let remedy = error.remedy {
      error.remedy = nil
      if let option = remedy.option(in: dialect) { error.message += "; use \(option) to \(remedy.effect)" }
    }
    // A key in the message (`A\nB: index 7 is out of range`) must not start a line of its own.
    if case .text(let line, let column) = error.location {
      return LineSafeText.escaped("\(name):\(line):\(column): \(error.message)")
    }
    return LineSafeText.escaped("\(name): \(error)")
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
