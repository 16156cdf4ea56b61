import PlistKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension LocalizationFolder {
  /// Reads the `.strings` and `.stringsdict` files of every `*.lproj` folder in the folder at
  /// `path` (other files and folders are passed over; the `.lproj` folders are not searched
  /// further down).
  ///
  /// - Throws: `PropertyListError/Kind/io` with the path of a folder or file that cannot be read.
  public static func read(path: String) throws(PropertyListError) -> LocalizationFolder {
    var files: [File] = []
    for folder in try entries(of: path) where folder.hasSuffix(".lproj") && folder.count > ".lproj".count {
      let language = String(folder.dropLast(".lproj".count))
      let folderPath = path + "/" + folder
      guard isDirectory(folderPath) else { continue }
      for name in try entries(of: folderPath) {
        for kind in Kind.allCases where name.hasSuffix("." + kind.rawValue) && name.count > kind.rawValue.count + 1 {
          let filePath = folderPath + "/" + name
          guard !isDirectory(filePath) else { continue }
          let table = String(name.dropLast(kind.rawValue.count + 1))
          files.append(
            File(language: language, table: table, kind: kind, bytes: try PropertyListFile.read(path: filePath)))
        }
      }
    }
    files.sort { ($0.language, $0.table, $0.kind.rawValue) < ($1.language, $1.table, $1.kind.rawValue) }
    return LocalizationFolder(files: files)
  }

  /// Writes every file into the folder at `path`, making it and its `LANGUAGE.lproj` folders as
  /// needed; each file is replaced atomically. Files already there and not among ``files`` stay.
  ///
  /// - Throws: `PropertyListError/Kind/io` with the path of what cannot be made or written.
  public func write(to path: String) throws(PropertyListError) {
    try Self.makeDirectory(path)
    for language in languages { try Self.makeDirectory(path + "/" + language + ".lproj") }
    for file in files { try PropertyListFile.writeAtomically(file.bytes, to: path + "/" + file.relativePath) }
  }

  /// The names in the folder at `path`, sorted, without `.` and `..`.
  private static func entries(of path: String) throws(PropertyListError) -> [String] {
    guard let directory = opendir(path) else { throw failure(path, "cannot read the folder") }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  private static func isDirectory(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }

  private static func makeDirectory(_ path: String) throws(PropertyListError) {
    guard !isDirectory(path) else { return }
    guard mkdir(path, 0o777) == 0 else { throw failure(path, "cannot make the folder") }
  }

  private static func failure(_ path: String, _ message: String) -> PropertyListError {
    let reason = String(cString: strerror(errno))
    return PropertyListError(.io, "\(message): \(reason)", file: path)
  }
}
