import PlistKit

/// Why a data value that looked like a property list was left as data (or, for a keyed
/// archive that could not be read as one, shown as a plain property list), and where.
public struct NestedPlistNote: Sendable, Equatable, CustomStringConvertible {
  /// What kept the data from being opened.
  public enum Reason: String, Sendable, Equatable {
    /// The data starts like a binary or XML plist but is not a complete, valid one.
    case unreadable
    /// The data is a plist with the keys of a keyed archive, but not a valid archive: it is
    /// shown as the plain property list instead.
    case brokenArchive
    /// The data sits deeper than ``NestedPlistOptions/maximumNestingDepth`` levels.
    case tooDeep
    /// Opening it would pass the total bytes, count or expanded values budget.
    case overBudget
  }

  /// Where the data value is, in the decoded value (through `$value` keys of the markers).
  public var keyPath: PropertyListKeyPath
  /// The category.
  public var reason: Reason
  /// What was found, in words.
  public var message: String

  /// Makes a note.
  public init(at keyPath: PropertyListKeyPath, _ reason: Reason, _ message: String) {
    self.keyPath = keyPath
    self.reason = reason
    self.message = message
  }

  /// `KEYPATH: message`, with `(root)` for the empty path.
  public var description: String {
    "\(keyPath.components.isEmpty ? "(root)" : keyPath.description): \(message)"
  }
}

/// The result of `PropertyList.decodingNestedPlists(options:)`.
public struct NestedPlistDecoding: Sendable, Equatable {
  /// The value with every data value that held a plist or keyed archive replaced by a marker
  /// dictionary holding what it decodes to.
  public var value: PropertyList
  /// Data that looked like a plist and was left as data, in the order met.
  public var notes: [NestedPlistNote]
  /// How many distinct data values were opened.
  public var decodedCount: Int

  /// The notes about data at `keyPath` or inside it, for a caller that shows only that part of
  /// the value.
  public func notes(under keyPath: PropertyListKeyPath) -> [NestedPlistNote] {
    notes.filter { $0.keyPath.components.starts(with: keyPath.components) }
  }
}
