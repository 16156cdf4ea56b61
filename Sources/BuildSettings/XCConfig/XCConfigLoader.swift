/// Reads an xcconfig file with everything it includes, as the assignments Xcode sees, in order.
public struct XCConfigLoader<Access: XCConfigFileAccess> {
  /// Where the files are read from.
  public var access: Access
  /// How deep includes may nest: a chain of includes longer than this is an error, not a
  /// stack that a file can make as deep as it likes.
  public var maximumIncludeDepth = 64

  /// Makes a loader that reads through `access`.
  public init(access: Access) { self.access = access }

  /// The assignments of the file at `path` and of the files it includes, in the order Xcode
  /// reads them: an include's assignments in the place of the `#include` line. A file included
  /// twice (not through itself) counts twice, as a textual include does.
  ///
  /// - Throws: ``BuildSettingsError`` of kind `io` for a file that cannot be read or a missing
  ///   `#include` (a missing `#include?` is skipped), `syntax` naming the line that does not
  ///   parse, `includeCycle` naming the chain of files, `limitExceeded` for includes nested
  ///   deeper than ``maximumIncludeDepth``.
  public func assignments(ofFile path: String) throws(BuildSettingsError) -> [BuildSettingAssignment] {
    guard let bytes = try access.contents(ofFile: path) else {
      throw BuildSettingsError(.io, "cannot open: no such file", file: path)
    }
    var result: [BuildSettingAssignment] = []
    try load(bytes, path: path, chain: [], into: &result)
    return result
  }

  private func load(
    _ bytes: [UInt8], path: String, chain: [String], into result: inout [BuildSettingAssignment]
  ) throws(BuildSettingsError) {
    let chain = chain + [path]
    let file = try XCConfigFile(parsing: String(decoding: bytes, as: UTF8.self), path: path)
    for directive in file.directives {
      switch directive {
      case .assignment(let assignment):
        result.append(assignment)
      case .include(let included, let optional, let line):
        let target = XCConfigPath.resolve(included, relativeToFileAt: path)
        let normalized = XCConfigPath.standardized(target)
        if let start = chain.firstIndex(where: { XCConfigPath.standardized($0) == normalized }) {
          let cycle = (chain[start...] + [target]).joined(separator: " -> ")
          throw BuildSettingsError(.includeCycle, "include cycle: \(cycle)", file: path, line: line)
        }
        guard chain.count < maximumIncludeDepth else {
          throw BuildSettingsError(
            .limitExceeded, "includes nested more than \(maximumIncludeDepth) deep", file: path, line: line)
        }
        guard let bytes = try access.contents(ofFile: target) else {
          if optional { continue }
          throw BuildSettingsError(
            .io, "cannot include \"\(included)\": no such file (\(target))", file: path, line: line)
        }
        try load(bytes, path: target, chain: chain, into: &result)
      }
    }
  }
}

extension XCConfigLoader where Access == XCConfigFileSystem {
  /// Makes a loader that reads the file system.
  public init() { self.init(access: XCConfigFileSystem()) }
}

/// Paths of included files, worked out by their text alone (no file system calls).
enum XCConfigPath {
  /// `included` as a path from where the including file's path starts: an absolute path as it
  /// is, a relative one in the including file's folder.
  static func resolve(_ included: String, relativeToFileAt including: String) -> String {
    if included.hasPrefix("/") { return included }
    guard let slash = including.lastIndex(of: "/") else { return included }
    return String(including[...slash]) + included
  }

  /// The path without `.` components, empty components and `..` after a named component, so
  /// that `a/./b.xcconfig` and `a/c/../b.xcconfig` are known as one file.
  static func standardized(_ path: String) -> String {
    var components: [Substring] = []
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
      if component == "." { continue }
      if component == "..", let last = components.last, last != ".." {
        components.removeLast()
        continue
      }
      components.append(component)
    }
    return (path.hasPrefix("/") ? "/" : "") + components.joined(separator: "/")
  }
}
