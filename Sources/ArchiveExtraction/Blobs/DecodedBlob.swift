import KeyedArchive
import PlistKit

/// What one blob decoded to: its kind, and its plain value or why it did not decode.
public struct DecodedBlob: Sendable, Equatable {
  /// What the blob holds (for a failure, what it started like).
  public var kind: BlobKind
  /// The plain value (a keyed archive's plain view, a typedstream's plain view, a plist as it
  /// is), or why the blob did not decode.
  public var result: Result<PropertyList, BlobDecodingFailure>
  /// With ``BlobDecodingOptions/nestedPlists`` set: the data inside the value that looked like a
  /// plist and stayed data, and why.
  public var notes: [NestedPlistNote]

  /// Makes a decoded blob.
  public init(kind: BlobKind, result: Result<PropertyList, BlobDecodingFailure>, notes: [NestedPlistNote] = []) {
    self.kind = kind
    self.result = result
    self.notes = notes
  }
}
