import PlistBuddy
import PlistDocument
import PlistKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real files of a PlistBuddy session, read and written as every editing command does: a
/// save writes atomically, in the file's own format; a text file is changed through its
/// source-preserving document (only the changed entries' bytes change), a binary file written
/// whole; a new file is XML.
struct BuddyFiles: BuddyFileAccess {
  /// `-l`: a path that is a symbolic link is not followed.
  let refusesSymbolicLinks: Bool
  /// Each save takes the file's edit lock (see ``FileEditLock``); false when the caller holds it
  /// for the whole session already.
  var locksEachSave = false

  func fileExists(_ path: String) -> Bool { FileSystem.exists(path) }

  func readBytes(_ path: String) throws(BuddyFileError) -> [UInt8] {
    try checkOpenable(path)
    do {
      return try PropertyListIO.readBytes(path).array
    } catch {
      throw BuddyFileError(.cannotOpen, Self.reason(error))
    }
  }

  func readPropertyList(_ path: String) throws(BuddyFileError) -> PropertyList {
    let bytes = try readBytes(path)
    do {
      return try bytes.withRawBytes { (buffer) throws(PropertyListError) in
        try PropertyList.read(bytes: buffer, format: nil, fileName: path, options: .default).value
      }
    } catch {
      throw BuddyFileError(.invalid, Diagnostic.line(path: path, error: error))
    }
  }

  func save(_ value: PropertyList, to path: String) throws(BuddyFileError) {
    guard locksEachSave else { return try saveUnlocked(value, to: path) }
    try PropertyListIO.whileEditing(path, writingTo: nil) { () throws(BuddyFileError) in
      try saveUnlocked(value, to: path)
    }
  }

  private func saveUnlocked(_ value: PropertyList, to path: String) throws(BuddyFileError) {
    do {
      let bytes: [UInt8]
      if FileSystem.exists(path) {
        bytes = try DocumentEditing.edit(
          path, editor: PropertyListFileEditor(),
          document: { (document) throws(PropertyListError) in try document.update(to: value) },
          value: { (old) throws(PropertyListError) in old = value })
      } else {
        bytes = try PropertyListIO.serialize(value, as: .xml, options: .default, path: path)
      }
      try PropertyListIO.writeFile(bytes, to: path)
    } catch {
      throw BuddyFileError(.cannotWrite, Self.reason(error))
    }
  }

  /// Refuses a missing file, and under `-l` a symbolic link, with the system's words.
  private func checkOpenable(_ path: String) throws(BuddyFileError) {
    var status = stat()
    guard lstat(path, &status) == 0 else { throw BuddyFileError(.cannotOpen, String(cString: strerror(errno))) }
    if refusesSymbolicLinks, (status.st_mode & S_IFMT) == S_IFLNK {
      throw BuddyFileError(.cannotOpen, String(cString: strerror(ELOOP)))
    }
  }

  private static func reason(_ error: CommandError) -> String {
    if case .file(_, let error) = error { return error.message }
    return error.message ?? "unknown error"
  }
}
