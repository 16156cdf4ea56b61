/// A value taken as a path by the path operators (`dir`, `file`, `base`, `suffix`,
/// `standardizepath` and their replacements), by its text alone: no file system calls.
struct BuildSettingPath {
  /// Up to and with the last `/`; empty when there is none.
  let directoryPart: Substring
  /// After the last `/`.
  let file: Substring

  /// Splits `string` at its last `/`.
  init(string: String) {
    if let slash = string.lastIndex(of: "/") {
      directoryPart = string[...slash]
      file = string[string.index(after: slash)...]
    } else {
      directoryPart = ""
      file = Substring(string)
    }
  }

  /// `dir`: the folder with its trailing `/`, `./` for a bare file name.
  var directory: String { directoryPart.isEmpty ? "./" : String(directoryPart) }
  /// `file`.
  var fileName: String { String(file) }
  /// `suffix`: from the file's last `.` on, the `.` included; empty when the file has none.
  var suffix: String { file.lastIndex(of: ".").map { String(file[$0...]) } ?? "" }
  /// `base`: the file without its suffix.
  var base: String { String(file.dropLast(suffix.count)) }

  /// `dir=`: `directory` and the file, one `/` between them.
  func replacingDirectory(with directory: String) -> String {
    if directory.isEmpty || directory.hasSuffix("/") { return directory + file }
    return directory + "/" + file
  }

  /// `file=`.
  func replacingFile(with newFile: String) -> String { directoryPart + newFile }

  /// `base=`.
  func replacingBase(with newBase: String) -> String { directoryPart + newBase + suffix }

  /// `suffix=`: a suffix without its `.` gets one.
  func replacingSuffix(with newSuffix: String) -> String {
    directoryPart + base + (newSuffix.isEmpty || newSuffix.hasPrefix(".") ? newSuffix : "." + newSuffix)
  }

  /// `standardizepath`, as Foundation's `standardizingPath` reduces a path by its text: empty
  /// and `.` components go, a trailing `/` goes, and `..` takes the component before it away
  /// in an absolute path only (`/a/./b/../c//d/` → `/a/c/d`, `/../a` → `/a`); a relative path
  /// keeps its `..` (`a/../../b` stays). A `~` is not expanded.
  static func standardized(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    var components: [Substring] = []
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
      if component == "." { continue }
      if absolute, component == ".." {
        if !components.isEmpty { components.removeLast() }
        continue
      }
      components.append(component)
    }
    if absolute { return "/" + components.joined(separator: "/") }
    return components.isEmpty && !path.isEmpty ? "." : components.joined(separator: "/")
  }
}
