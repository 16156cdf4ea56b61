import PlistKit

/// Why an archive could not be read, decoded or written, and where.
///
/// The ``keyPath`` names the place in the archive: `$objects.12.NS\.objects.3` for a structural
/// problem (the raw `$objects` table), `Presidents.3.Name` for a decoding problem (the path of
/// keys from `$top` down to the value being decoded).
public struct KeyedArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, as a category that code can switch on.
  public enum Kind: String, Sendable, Equatable {
    /// The input is not a keyed archive at all (no `$archiver`, `$top` or `$objects`).
    case notAnArchive
    /// A required entry is missing or has the wrong type.
    case malformed
    /// A `CF$UID` names no entry of `$objects`.
    case referenceOutOfRange
    /// A `$class` reference does not lead to a class dictionary, or an object reference
    /// leads to one.
    case notAClass
    /// The class is outside the allowed-classes policy; nothing was instantiated.
    case classNotAllowed
    /// No Swift type is registered for the class or any class in its `$classes` chain, and
    /// the policy does not allow generic objects.
    case unknownClass
    /// The value has another type than the one asked for.
    case typeMismatch
    /// An object is reached again while it is still being decoded, and its type cannot be
    /// decoded through a cycle.
    case cycle
    /// A configured limit (object count, depth, output size) was exceeded.
    case limitExceeded
    /// The value cannot be archived (a type with no archived form).
    case notEncodable
    /// A key path through the archive's objects leads nowhere, or to what cannot change.
    case keyPath
    /// The underlying property list could not be read or written.
    case propertyList
  }

  /// The category.
  public var kind: Kind
  /// Where, as a dotted key path (see `PropertyListKeyPath`); empty for the whole archive.
  public var keyPath: String
  /// What was expected and what was found, in words.
  public var message: String

  /// Makes an error.
  public init(_ kind: Kind, at keyPath: String, _ message: String) {
    self.kind = kind
    self.keyPath = keyPath
    self.message = message
  }

  /// Makes an error at a key path given as components.
  public init(_ kind: Kind, at components: [String], _ message: String) {
    self.init(kind, at: PropertyListKeyPath(components: components).description, message)
  }

  /// Wraps a property-list error (a broken file under the archive).
  public init(_ error: PropertyListError) {
    self.init(.propertyList, at: "", error.description)
  }

  /// `KEYPATH: message`, with `(root)` for the empty path.
  public var description: String {
    "\(keyPath.isEmpty ? "(root)" : keyPath): \(message)"
  }
}
