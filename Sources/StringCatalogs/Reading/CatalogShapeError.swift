import PlistKit

/// A member of a catalog's JSON that is not what the catalog's format says: found while the
/// value is decoded, before its place in the text is known.
struct CatalogShapeError: Error {
  /// The key path of the member (or of the object that lacks it).
  var path: [String]
  /// What was expected and what was found.
  var message: String

  /// The error as the reader reports it: the path in front of the message, at the line and
  /// column of the member's value, found by reading the text once more. Only a failing read
  /// pays for that pass.
  func located(in bytes: UnsafeRawBufferPointer, options: PropertyListReadingOptions) -> PropertyListError {
    let keyPath = path.isEmpty ? "(root)" : PropertyListKeyPath(components: path).description
    var sink = KeyPathLocatingSink(target: path)
    _ = try? PropertyList.read(bytes: bytes, format: .json, options: options, into: &sink)
    return PropertyListError(.invalidValue, format: .json, at: sink.location ?? .none, "\(keyPath): \(message)")
  }
}
