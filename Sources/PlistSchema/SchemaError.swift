import PlistKit

/// Why a schema cannot be used: it is malformed, or a reference cannot be resolved.
///
/// The CLI exits with status 2 on these, as opposed to 1 for an instance that fails a usable
/// schema.
public struct SchemaError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Where in the schema: a URI with a JSON Pointer fragment (`#/properties/Name/type` for the
  /// main document, `file:///path/other.json#/$defs/year` for another one), or a file path
  /// when the file itself cannot be read.
  public var location: String
  /// What is wrong, saying what was expected and what was found.
  public var message: String

  /// Makes an error.
  public init(at location: String, _ message: String) {
    self.location = location
    self.message = message
  }

  /// `LOCATION: message`.
  public var description: String { "\(location): \(message)" }
}

/// One way an instance fails a schema.
public struct SchemaValidationError: Sendable, Equatable, CustomStringConvertible {
  /// Where in the instance, as a key path (empty for the root).
  public var instancePath: PropertyListKeyPath
  /// The keyword that failed, as a URI with a JSON Pointer fragment
  /// (`#/properties/Presidents/items/properties/FromYear/pattern`); locations in the main
  /// schema document start with `#`.
  public var schemaLocation: String
  /// What was expected and what was found.
  public var message: String

  /// Makes an error.
  public init(instancePath: PropertyListKeyPath, schemaLocation: String, message: String) {
    self.instancePath = instancePath
    self.schemaLocation = schemaLocation
    self.message = message
  }

  /// `at PATH: MESSAGE (schema LOCATION)`, the root path shown as `(root)`.
  public var description: String {
    let path = instancePath.components.isEmpty ? "(root)" : instancePath.description
    return "at \(path): \(message) (schema \(schemaLocation))"
  }
}
