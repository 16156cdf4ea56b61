import PlistKit

/// Where schema documents come from when a `$ref` or `$schema` names another document.
///
/// Schema loading never touches the network. A URI resolves, in order, to: a document added
/// with ``add(_:uri:)``; a JSON Schema draft 2020-12 meta-schema (built in); a file under a
/// directory mapped with ``map(prefix:toDirectory:)`` (so `http://localhost:1234/` can be a
/// folder on disk); a `file:` URI's own file when ``readsFileURIs`` is true. Anything else
/// fails with an error that names the URI.
public struct SchemaRegistry: Sendable {
  private var documents: [String: PropertyList] = [:]
  private var directories: [(prefix: String, directory: String)] = []
  /// Whether `file:` URIs (schemas loaded from disk and their relative references) are read
  /// from the file system. True by default.
  public var readsFileURIs = true
  /// Limits for reading schema files. A schema is read as the JSON it is, whatever these say:
  /// typed JSON's tags are not detected (a `{"$data": …}` in a schema stays an object), and
  /// `null` reads (see ``JSONSchema/init(json:baseURI:registry:options:)``).
  public var readingOptions = PropertyListReadingOptions.default

  /// Makes a registry that knows only the built-in meta-schemas.
  public init() {}

  /// Registers a schema document under `uri` (a fragment, if any, is ignored).
  public mutating func add(_ document: PropertyList, uri: String) {
    documents[SchemaURI(uri).withoutFragment.description] = document
  }

  /// Maps every URI that starts with `prefix` to a file under `directory`: the rest of the
  /// URI is the file's path relative to `directory`.
  public mutating func map(prefix: String, toDirectory directory: String) {
    directories.append((prefix, directory))
  }

  /// The `file:` URI for a path (made absolute against `currentDirectory` when relative).
  public static func fileURI(path: String, currentDirectory: String) -> String {
    let absolute = path.hasPrefix("/") ? path : currentDirectory + "/" + path
    // Resolving against a base removes `.` and `..` segments.
    return SchemaURI("file:///").resolving(SchemaURI("file://" + percentEncodedPath(absolute[...]))).description
  }

  private static func percentEncodedPath(_ path: Substring) -> String {
    var encoded = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "%"), UInt8(ascii: "#"), UInt8(ascii: "?"):
        encoded += "%" + String(byte, radix: 16, uppercase: true)
      default:
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      }
    }
    return encoded
  }

  /// Reads a schema file (JSON) from disk.
  public func readFile(path: String) throws(SchemaError) -> PropertyList {
    let bytes: [UInt8]
    do {
      bytes = try InputBuffer(reading: .file(path), limits: readingOptions.limits).array
    } catch {
      throw SchemaError(at: path, error.message)
    }
    do {
      return try PropertyList(bytes: bytes, format: .json, options: SchemaNull.readingOptions(readingOptions))
    } catch {
      throw SchemaError(at: path, "not a JSON schema: \(error)")
    }
  }

  /// The document for `uri` (fragment ignored).
  func document(for uri: SchemaURI) throws(SchemaError) -> PropertyList {
    let key = uri.withoutFragment.description
    if let document = documents[key] { return document }
    if let text = MetaSchemas.documents[key] {
      do {
        return try PropertyList(
          bytes: Array(text.utf8), format: .json, options: SchemaNull.readingOptions(readingOptions))
      } catch {
        throw SchemaError(at: key, "the built-in meta-schema cannot be read: \(error)")
      }
    }
    for (prefix, directory) in directories where key.hasPrefix(prefix) {
      guard let decoded = JSONPointer.percentDecoded(String(key.dropFirst(prefix.count))) else {
        throw SchemaError(at: key, "malformed percent escape in the schema URI")
      }
      guard !decoded.split(separator: "/").contains("..") else {
        throw SchemaError(at: key, "a mapped schema URI may not climb out of its directory with '..'")
      }
      return try readFile(path: directory + "/" + decoded)
    }
    if readsFileURIs, uri.scheme == "file", uri.authority == nil || uri.authority == "" || uri.authority == "localhost"
    {
      guard let path = JSONPointer.percentDecoded(uri.path) else {
        throw SchemaError(at: key, "malformed percent escape in the schema URI")
      }
      return try readFile(path: path)
    }
    throw SchemaError(
      at: key,
      "no local copy of the schema \(key): schemas are never fetched from the network; add the document to the registry or map its URI to a directory"
    )
  }
}
