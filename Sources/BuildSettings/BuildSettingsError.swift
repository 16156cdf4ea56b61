import PlistKit

/// Why build settings could not be read or a value could not be expanded, and where.
///
/// The ``description`` is one line: `FILE:LINE: message` for a problem in an xcconfig file,
/// `Key.Path: message` for one found while expanding a property list, the message alone
/// otherwise.
public struct BuildSettingsError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, as a category that code can switch on.
  public enum Kind: String, Sendable, Equatable {
    /// A line of an xcconfig file, or an assignment given as text, does not parse.
    case syntax
    /// An xcconfig file could not be read.
    case io
    /// An xcconfig file includes itself, directly or through others.
    case includeCycle
    /// A setting's value refers to itself through other settings.
    case referenceCycle
    /// A strict expansion met a reference to a setting that is not defined.
    case undefined
    /// A strict expansion met an operator Xcode does not know (`$(NAME:frobnicate)`).
    case unknownOperator
    /// Includes or references nested too deep, or an expansion grew too large.
    case limitExceeded
    /// An expanded dictionary key is already a key of the same dictionary.
    case keyConflict
  }

  /// The category.
  public var kind: Kind
  /// What was expected and what was found, in words.
  public var message: String
  /// The xcconfig file the problem is in, when there is one.
  public var file: String?
  /// The line of ``file``, from 1.
  public var line: Int?
  /// The key path of the property-list value being expanded, when there is one.
  public var keyPath: PropertyListKeyPath?

  /// Makes an error.
  public init(
    _ kind: Kind, _ message: String, file: String? = nil, line: Int? = nil, keyPath: PropertyListKeyPath? = nil
  ) {
    self.kind = kind
    self.message = message
    self.file = file
    self.line = line
    self.keyPath = keyPath
  }

  /// `FILE:LINE: message`, `Key.Path: message`, or the message alone.
  public var description: String {
    if let keyPath { return "\(keyPath.components.isEmpty ? "(root)" : keyPath.description): \(message)" }
    guard let file else { return message }
    guard let line else { return "\(file): \(message)" }
    return "\(file):\(line): \(message)"
  }

  /// The error as a property-list error at its key path, for the callers of the file editor,
  /// whose edits throw those.
  package var propertyListError: PropertyListError {
    let kind: PropertyListError.Kind =
      switch self.kind {
      case .io: .io
      case .limitExceeded: .limitExceeded
      case .keyConflict: .keyPath
      default: .invalidValue
      }
    guard let keyPath else { return PropertyListError(kind, description) }
    return PropertyListError(kind, at: .keyPath(keyPath.description), message)
  }
}
