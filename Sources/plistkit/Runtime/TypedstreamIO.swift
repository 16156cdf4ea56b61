import PlistKit
import Typedstream

/// NSArchiver typedstreams for `unarchive`, `print` and `convert`: a file that starts with a
/// typedstream header is shown as its plain view; errors in the CLI's one-line form,
/// `FILE: byte N: message`.
enum TypedstreamIO {
  /// The plain view of the typedstream in `input`, or nil when `input` does not start like one
  /// (any other file is left to the property-list readers).
  static func plainView(
    of input: InputBuffer, path: String, includesClassNames: Bool = true
  ) throws(CommandError) -> PropertyList? {
    let result = input.withBytes { (bytes) -> Result<PropertyList, TypedstreamError>? in
      guard TypedstreamHeader.matches(bytes) else { return nil }
      do throws(TypedstreamError) {
        let archive = try TypedstreamArchive(buffer: bytes)
        return .success(
          try archive.plainView(options: PlainViewOptions(includesClassNames: includesClassNames)))
      } catch {
        return .failure(error)
      }
    }
    switch result {
    case nil: return nil
    case .success(let value)?: return value
    case .failure(let error)?: throw fileError(path, error)
    }
  }

  /// The plain view of the file at `path` when it is a typedstream (`-` is standard input),
  /// with the input read, so that a caller that finds none reads it as a property list
  /// without reading it again.
  static func read(_ path: String) throws(CommandError) -> (input: InputBuffer, typedstream: PropertyList?) {
    let input = try PropertyListIO.readBytes(path)
    return (input, try plainView(of: input, path: path))
  }

  /// The typedstream error as a file error at its byte offset.
  static func fileError(_ path: String, _ error: TypedstreamError) -> CommandError {
    // The view's own limits are past the reading: they have no byte to name.
    let location: PropertyListError.Location =
      error.kind == .limitExceeded && error.offset == 0 ? .none : .byteOffset(error.offset)
    let kind: PropertyListError.Kind =
      switch error.kind {
      case .truncated: .unexpectedEnd
      case .limitExceeded: .limitExceeded
      default: .invalidValue
      }
    return .file(path, PropertyListError(kind, at: location, error.message))
  }

  /// The value of the file at `path`: the plain view of a typedstream when `format` is nil
  /// and the file is one, else the property list it holds.
  static func readValue(
    _ path: String, format: PropertyListFormat?, options: PropertyListReadingOptions
  ) throws(CommandError) -> PropertyList {
    let input = try PropertyListIO.readBytes(path)
    if format == nil, let plain = try plainView(of: input, path: path) { return plain }
    return try PropertyListIO.parse(input, path: path, format: format, options: options).value
  }
}
