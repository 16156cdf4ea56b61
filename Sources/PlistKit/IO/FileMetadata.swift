#if os(Linux)
  import CSystemCalls
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What an atomic replace carries over from the file it replaces to the new file that takes
/// its name: the owner and group, the mode bits (set-user-ID, set-group-ID and sticky
/// included) and the extended attributes (`user.*`, the access ACL `system.posix_acl_access`,
/// and any other the process may read and set).
///
/// The system decides what a process may keep: the owner only for root (or when it is the
/// process's own user), the group for root or a member of it, `trusted.*` and `security.*`
/// attributes under the system's rules. What it refuses is left as the new file has it (the
/// editing user, its group) rather than failing the edit; the mode is always kept, except
/// that the system clears set-group-ID for a process outside the file's group, as `chmod`
/// would.
struct FileMetadata {
  var owner: uid_t
  var group: gid_t
  var mode: mode_t
  /// Extended attributes, name and value.
  var attributes: [(name: [CChar], value: [UInt8])]

  /// The metadata of the file at `path` (symbolic links followed); nil when it cannot be read.
  init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    self.init(status: status, attributes: Self.attributes(of: .path(path)))
  }

  /// The metadata of the open file `descriptor`; nil when it cannot be read.
  init?(descriptor: Int32) {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    self.init(status: status, attributes: Self.attributes(of: .descriptor(descriptor)))
  }

  private init(status: stat, attributes: [(name: [CChar], value: [UInt8])]) {
    owner = status.st_uid
    group = status.st_gid
    mode = status.st_mode & 0o7777
    self.attributes = attributes
  }

  /// Gives the open file `descriptor` this metadata. Only a mode that cannot be set fails.
  func apply(to descriptor: Int32, path: String) throws(PropertyListError) {
    // Owner first: a change of owner clears the set-ID bits, which the mode then restores.
    if fchown(descriptor, owner, group) != 0 { _ = fchown(descriptor, uid_t.max, group) }
    #if os(Linux)
      for attribute in attributes {
        _ = attribute.value.withUnsafeBytes { value in
          fsetxattr(descriptor, attribute.name, value.baseAddress, value.count, 0)
        }
      }
    #endif
    // After the ACL, whose mask the mode's group bits are.
    guard fchmod(descriptor, mode) == 0 else {
      throw PropertyListFile.ioError("cannot set permissions of", path: path)
    }
  }

  private enum Source {
    case path(String)
    case descriptor(Int32)
  }

  /// The extended attributes of a file; none where the system has none or refuses the list.
  private static func attributes(of source: Source) -> [(name: [CChar], value: [UInt8])] {
    #if os(Linux)
      func list(_ buffer: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int {
        switch source {
        case .path(let path): listxattr(path, buffer, size)
        case .descriptor(let descriptor): flistxattr(descriptor, buffer, size)
        }
      }
      func get(_ name: [CChar], _ buffer: UnsafeMutableRawPointer?, _ size: Int) -> Int {
        switch source {
        case .path(let path): getxattr(path, name, buffer, size)
        case .descriptor(let descriptor): fgetxattr(descriptor, name, buffer, size)
        }
      }
      // The list and the values can grow between asking their size and reading them: ask again.
      var names: [CChar] = []
      for _ in 0..<4 {
        let size = list(nil, 0)
        guard size > 0 else { return [] }
        names = [CChar](repeating: 0, count: size)
        let count = names.withUnsafeMutableBufferPointer { list($0.baseAddress, size) }
        if count >= 0 {
          names.removeLast(names.count - count)
          break
        }
        guard errno == ERANGE else { return [] }
        names = []
      }
      var attributes: [(name: [CChar], value: [UInt8])] = []
      for name in names.split(separator: 0, omittingEmptySubsequences: true) {
        let name = Array(name) + [0]
        for _ in 0..<4 {
          let size = get(name, nil, 0)
          guard size >= 0 else { break }
          var value = [UInt8](repeating: 0, count: size)
          let count = value.withUnsafeMutableBytes { get(name, $0.baseAddress, size) }
          if count >= 0 {
            value.removeLast(value.count - count)
            attributes.append((name, value))
            break
          }
          guard errno == ERANGE else { break }
        }
      }
      return attributes
    #else
      return []
    #endif
  }
}
