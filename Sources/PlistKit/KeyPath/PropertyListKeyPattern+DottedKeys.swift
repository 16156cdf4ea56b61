extension PropertyListKeyPattern {
  /// The error for the key at `depth` that a dictionary lacks, located at `location` (the key
  /// path as far as the missing key).
  ///
  /// A key with dots in its name (`com.apple.security.app-sandbox`) reads as several
  /// components unless its dots are escaped. When the name components from `depth` on, joined
  /// by dots, name a key that `hasKey` finds in the dictionary, the message says so and gives
  /// the path with that key's dots escaped, which ``PropertyListError/intendedKeyPath`` holds.
  package func missingKeyError(
    at depth: Int, location: String, hasKey: (String) -> Bool
  ) -> PropertyListError {
    var error = PropertyListError(.keyPath, at: .keyPath(location), "no such key")
    var names: [String] = []
    for component in components[depth...] {
      guard case .name(let name) = component else { break }
      names.append(name)
    }
    // The longest run first: `a.b.c` is the key `a.b.c` rather than `a.b` when both exist.
    for count in stride(from: names.count, through: 2, by: -1) {
      let key = names[..<count].joined(separator: ".")
      guard hasKey(key) else { continue }
      let intended = PropertyListKeyPattern(
        components: Array(components[..<depth]) + [.name(key)] + components[(depth + count)...]
      ).description
      error.message += "; '\(key)' is one key, whose dots a key path escapes: '\(intended)'"
      error.intendedKeyPath = intended
      break
    }
    return error
  }
}

extension PropertyListKeyPath {
  /// The error for the key at `depth` that a dictionary lacks, as
  /// ``PropertyListKeyPattern/missingKeyError(at:location:hasKey:)`` gives it, located at the
  /// path as far as that key.
  package func missingKeyError(at depth: Int, hasKey: (String) -> Bool) -> PropertyListError {
    PropertyListKeyPattern(self).missingKeyError(
      at: depth, location: prefix(depth + 1).description, hasKey: hasKey)
  }
}
