import PlistKit

/// What a PlistBuddy session reads and writes files with. The command line supplies the real
/// file system (atomic writes that keep each file's format and layout); tests supply files in
/// memory.
public protocol BuddyFileAccess {
  /// True when something exists at `path`.
  func fileExists(_ path: String) -> Bool
  /// The property list in the file at `path`.
  func readPropertyList(_ path: String) throws(BuddyFileError) -> PropertyList
  /// The bytes of the file at `path` (`Import`).
  func readBytes(_ path: String) throws(BuddyFileError) -> [UInt8]
  /// Writes `value` to `path`: in the file's own format when it exists, else as XML.
  func save(_ value: PropertyList, to path: String) throws(BuddyFileError)
}

/// Why a file could not be read or written.
public struct BuddyFileError: Error, Equatable, Sendable {
  /// What went wrong.
  public enum Kind: Sendable, Equatable {
    /// The file could not be opened or read (missing, unreadable, a symbolic link under `-l`).
    case cannotOpen
    /// The file was read but is not a valid property list.
    case invalid
    /// The file could not be written.
    case cannotWrite
  }

  /// What went wrong.
  public var kind: Kind
  /// The reason in words, with its location for an invalid file.
  public var reason: String

  /// Makes an error.
  public init(_ kind: Kind, _ reason: String) {
    self.kind = kind
    self.reason = reason
  }
}

/// Where a session's output goes.
public enum BuddyStream: Sendable {
  case standardOutput, standardError
}

/// Receives what a session prints, in order.
public protocol BuddyOutput: AnyObject {
  /// Writes `bytes` to `stream`.
  func write(_ bytes: [UInt8], to stream: BuddyStream)
}
