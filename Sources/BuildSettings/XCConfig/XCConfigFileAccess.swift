import PlistKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where ``XCConfigLoader`` reads xcconfig files from: the file system, or anything a caller
/// supplies (files in memory, in tests).
public protocol XCConfigFileAccess {
  /// The bytes of the file at `path`, or nil when there is no such file (an optional include
  /// of it is then skipped).
  ///
  /// - Throws: ``BuildSettingsError/Kind/io`` when the file exists but cannot be read.
  func contents(ofFile path: String) throws(BuildSettingsError) -> [UInt8]?
}

/// The file system, read through PlistKit's input (within its default input limit).
public struct XCConfigFileSystem: XCConfigFileAccess {
  /// Makes the accessor.
  public init() {}

  /// The file's bytes, or nil when it does not exist (nor does a folder on its path).
  public func contents(ofFile path: String) throws(BuildSettingsError) -> [UInt8]? {
    var status = stat()
    if stat(path, &status) != 0, errno == ENOENT || errno == ENOTDIR { return nil }
    do {
      return try OpenedInput(.file(path)).readWhole(limits: .default).array
    } catch {
      throw BuildSettingsError(.io, error.message, file: path)
    }
  }
}
