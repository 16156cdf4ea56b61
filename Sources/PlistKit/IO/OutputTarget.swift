#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What an output path names, which decides how it is written: a regular file (or a name not
/// taken yet) is replaced atomically; anything else that exists is written into, never
/// replaced, because renaming over a device or a FIFO would destroy it (as root, `-o /dev/null`
/// would replace the machine's `/dev/null` with a regular file).
enum OutputTarget {
  /// One of the process's own descriptors (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`,
  /// `/proc/self/fd/N`): written where it stands, keeping its mode (an append stays an append).
  case descriptor(Int32)
  /// An existing FIFO, device or socket: opened and written into.
  case special(String)
  /// A regular file (symbolic links followed) or a new name; `existing` is its status.
  case regular(String, existing: stat?)

  init(_ path: String) throws(PropertyListError) {
    if let descriptor = Self.ownDescriptor(path) {
      guard fcntl(descriptor, F_GETFD) != -1 else {
        throw PropertyListFile.ioError("cannot write", path: path)
      }
      self = .descriptor(descriptor)
      return
    }
    var status = stat()
    guard stat(path, &status) == 0 else {
      // A link that leads back to itself names no file: replacing the link would destroy it.
      if errno == ELOOP {
        throw PropertyListError(
          .io, "cannot write: it is a loop of symbolic links (or too many of them in a row)", file: path)
      }
      // A new file, or a symbolic link to one.
      self = .regular(PropertyListFile.resolvedTarget(of: path), existing: nil)
      return
    }
    switch status.st_mode & S_IFMT {
    case S_IFDIR: throw PropertyListError(.io, "cannot write: it is a directory", file: path)
    case S_IFREG: self = .regular(PropertyListFile.resolvedTarget(of: path), existing: status)
    default: self = .special(path)
    }
  }

  /// The descriptor a path names through the system's descriptor links, if it does.
  private static func ownDescriptor(_ path: String) -> Int32? {
    switch path {
    case "/dev/stdout": return 1
    case "/dev/stderr": return 2
    default: break
    }
    for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
      return Int32(path.dropFirst(prefix.count))
    }
    return nil
  }
}
