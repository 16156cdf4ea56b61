/// A URI as JSON Schema uses it to name schema resources: parsed into the RFC 3986
/// components, so relative references (`$id`, `$ref`) can be resolved against a base.
///
/// No normalization beyond what resolution needs (dot segments are removed, an empty path on a
/// URI with an authority becomes `/`); two URIs are the same resource when their text
/// without fragment is equal.
struct SchemaURI: Hashable, Sendable, CustomStringConvertible {
  var scheme: String?
  var authority: String?
  var path: String
  var query: String?
  var fragment: String?

  /// Splits `text` into components (RFC 3986 appendix B). Never fails: every string is a
  /// URI reference of some kind.
  init(_ text: String) {
    var rest = Substring(text)
    if let hash = rest.firstIndex(of: "#") {
      fragment = String(rest[rest.index(after: hash)...])
      rest = rest[..<hash]
    }
    if let question = rest.firstIndex(of: "?") {
      query = String(rest[rest.index(after: question)...])
      rest = rest[..<question]
    }
    if let colon = rest.firstIndex(of: ":"), Self.isScheme(rest[..<colon]) {
      scheme = String(rest[..<colon])
      rest = rest[rest.index(after: colon)...]
    }
    if rest.hasPrefix("//") {
      rest = rest.dropFirst(2)
      let end = rest.firstIndex(of: "/") ?? rest.endIndex
      authority = String(rest[..<end])
      rest = rest[end...]
    }
    path = String(rest)
  }

  private init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
    self.scheme = scheme
    self.authority = authority
    self.path = path
    self.query = query
    self.fragment = fragment
  }

  private static func isScheme(_ text: Substring) -> Bool {
    guard let first = text.unicodeScalars.first, first.isASCIILetter else { return false }
    return text.unicodeScalars.allSatisfy {
      $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)
    }
  }

  /// This URI without its fragment: the name of the resource it points into.
  var withoutFragment: SchemaURI {
    SchemaURI(scheme: scheme, authority: authority, path: path, query: query, fragment: nil)
  }

  /// Resolves `reference` against this URI (RFC 3986 section 5.2.2).
  func resolving(_ reference: SchemaURI) -> SchemaURI {
    if reference.scheme != nil {
      return SchemaURI(
        scheme: reference.scheme, authority: reference.authority, path: Self.removeDotSegments(reference.path),
        query: reference.query, fragment: reference.fragment)
    }
    if reference.authority != nil {
      return SchemaURI(
        scheme: scheme, authority: reference.authority, path: Self.removeDotSegments(reference.path),
        query: reference.query, fragment: reference.fragment)
    }
    if reference.path.isEmpty {
      return SchemaURI(
        scheme: scheme, authority: authority, path: path, query: reference.query ?? query,
        fragment: reference.fragment)
    }
    let mergedPath: String
    if reference.path.hasPrefix("/") {
      mergedPath = reference.path
    } else if authority != nil && path.isEmpty {
      mergedPath = "/" + reference.path
    } else if let slash = path.lastIndex(of: "/") {
      mergedPath = path[...slash] + reference.path
    } else {
      mergedPath = reference.path
    }
    return SchemaURI(
      scheme: scheme, authority: authority, path: Self.removeDotSegments(mergedPath), query: reference.query,
      fragment: reference.fragment)
  }

  /// Resolves a reference given as text.
  func resolving(_ reference: String) -> SchemaURI { resolving(SchemaURI(reference)) }

  private static func removeDotSegments(_ path: String) -> String {
    guard path.contains(".") else { return path }
    var output: [Substring] = []
    let segments = path.split(separator: "/", omittingEmptySubsequences: false)
    for (position, segment) in segments.enumerated() {
      let isLast = position == segments.count - 1
      switch segment {
      case ".":
        if isLast { output.append("") }
      case "..":
        if output.count > 1 || (output.count == 1 && !output[0].isEmpty) { output.removeLast() }
        if isLast { output.append("") }
      default:
        output.append(segment)
      }
    }
    var result = output.joined(separator: "/")
    if path.hasPrefix("/") && !result.hasPrefix("/") { result = "/" + result }
    return result
  }

  var description: String {
    var text = ""
    if let scheme { text += scheme + ":" }
    if let authority { text += "//" + authority }
    text += path
    if let query { text += "?" + query }
    if let fragment { text += "#" + fragment }
    return text
  }
}

extension Unicode.Scalar {
  fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
