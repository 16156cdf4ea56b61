#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few file-system questions the commands ask.
enum FileSystem {
  /// True when something exists at `path` (a dangling link counts).
  static func exists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }

  /// The size of a regular file, or nil.
  static func size(of path: String) -> Int? {
    var status = stat()
    guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Int(status.st_size)
  }

  /// True when `path` and `other` name the same existing file (symbolic links followed).
  static func isSameFile(_ path: String, _ other: String) -> Bool {
    var first = stat()
    var second = stat()
    guard stat(path, &first) == 0, stat(other, &second) == 0 else { return false }
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino
  }

  /// `dir/name.plist` → `dir/name.json`; a name without an extension gets one.
  static func replacingExtension(of path: String, with newExtension: String) -> String {
    let trimmed = newExtension.hasPrefix(".") ? String(newExtension.dropFirst()) : newExtension
    let nameStart = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    let name = path[nameStart...]
    if let dot = name.lastIndex(of: "."), dot != name.startIndex {
      return String(path[..<dot]) + "." + trimmed
    }
    return path + "." + trimmed
  }
}
