/// A place where an XML document breaks a DTD (or is not well-formed XML).
public struct DTDValidationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The line, from 1 (0 when libxml2 gives none).
  public var line: Int
  /// libxml2's message: what the DTD expected and what was found.
  public var message: String

  /// Makes an error.
  public init(line: Int, message: String) {
    self.line = line
    self.message = message
  }

  /// `LINE: message`.
  public var description: String { "\(line): \(message)" }
}
