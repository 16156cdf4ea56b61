/// Why one blob that looked like a property list, an archive or a typedstream did not decode.
/// Extraction reports it in the blob's record and goes on with the next blob.
public struct BlobDecodingFailure: Error, Sendable, Equatable, CustomStringConvertible {
  /// The reason, in words, from the reader that refused the blob (with its place in the blob:
  /// a byte offset, a line and column or a key path).
  public var message: String

  /// Makes a failure.
  public init(_ message: String) { self.message = message }

  /// The reason.
  public var description: String { message }
}
