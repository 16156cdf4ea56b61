import PlistKit

/// The one-line form of an error in a file, as compilers print them so editors can jump to
/// it: `FILE:LINE:COL: message`, `FILE: byte N: message`, `FILE: Key.Path: message`.
enum Diagnostic {
  /// The line for `error` in the file at `path` (`-` shows as `<stdin>`).
  static func line(path: String, error: PropertyListError) -> String {
    let name = path == "-" ? "<stdin>" : path
    if case .text(let line, let column) = error.location { return "\(name):\(line):\(column): \(error.message)" }
    return "\(name): \(error)"
  }
}
