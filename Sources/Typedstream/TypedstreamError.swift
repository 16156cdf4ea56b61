/// Why a typedstream could not be read, and where.
///
/// ``offset`` is the byte offset in the input where the reader found what it did not expect;
/// ``description`` reads `byte N: message`, as the binary plist reader's errors do.
public struct TypedstreamError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, as a category that code can switch on.
  public enum Kind: String, Sendable, Equatable {
    /// The input does not start with a typedstream header.
    case notATypedstream
    /// The input ends inside a value.
    case truncated
    /// A byte or value is not what the format allows at its place.
    case malformed
    /// A reference names nothing read before, or something of another kind.
    case badReference
    /// A configured limit (depth, count, size) was exceeded.
    case limitExceeded
  }

  /// The category.
  public var kind: Kind
  /// The byte offset in the input.
  public var offset: Int
  /// What was expected and what was found, in words.
  public var message: String

  /// Makes an error.
  public init(_ kind: Kind, at offset: Int, _ message: String) {
    self.kind = kind
    self.offset = offset
    self.message = message
  }

  /// `byte N: message`.
  public var description: String { "byte \(offset): \(message)" }
}
