extension PropertyList {
  /// Every value `pattern` names, in document order, each with its concrete key path (a
  /// wildcard replaced by the key or index it matched, a negative index by its position).
  ///
  /// Up to the first wildcard the pattern must lead somewhere, and a failure there is the error
  /// ``value(at:)`` gives; below a wildcard, a key, index or container that is missing in one
  /// match only drops that match.
  ///
  /// ```swift
  /// let names = try presidents.matches(of: "Presidents.*.Name")  // 43 matches
  /// let last = try names.last!.path  // Presidents.42.Name
  /// ```
  ///
  /// A value read from a binary plist may share one container from many places, and a
  /// wildcard names it at each: the matches are counted first, each shared container once
  /// for each position of the pattern it is reached at, and too many are refused before any
  /// is collected, as the writers refuse to write such a value out in full (see
  /// ``PropertyListWritingOptions/maximumWrittenValueCount``). Each match counts as its value
  /// and the components of its key path, so at most `limit` divided by one more than the
  /// pattern's components match. Branches that name nothing are not walked.
  ///
  /// - Throws: ``PropertyListError`` of kind ``PropertyListError/Kind/keyPath`` when the path
  ///   before the first wildcard leads nowhere, or when nothing matches; of kind
  ///   ``PropertyListError/Kind/limitExceeded`` when too many values match.
  public func matches(
    of pattern: PropertyListKeyPattern, limit: Int = PropertyListLimits.default.maximumObjectCount
  ) throws(PropertyListError) -> [(path: PropertyListKeyPath, value: PropertyList)] {
    let most = limit / (pattern.components.count + 1)
    var counter = PatternMatchCounter(pattern, limit: most)
    guard counter.count(self, from: 0) <= most else {
      throw PropertyListError(
        .limitExceeded, at: .keyPath(pattern.description),
        "the key path matches more than \(most) values once shared arrays and dictionaries are counted at every "
          + "place they occur (the written value limit, \(limit), over the values and their key paths' components)")
    }
    var found: [(path: PropertyListKeyPath, value: PropertyList)] = []
    var trail: [String] = []
    try collectMatches(of: pattern.components[...], strict: true, trail: &trail, into: &found, counter: &counter)
    guard !found.isEmpty else {
      throw PropertyListError(.keyPath, at: .keyPath(pattern.description), "no value matches this key path")
    }
    return found
  }

  /// The concrete key path `pattern` names when it names one value (no wildcard): a negative
  /// index becomes its position.
  ///
  /// - Throws: ``PropertyListError`` of kind ``PropertyListError/Kind/keyPath`` when the pattern
  ///   has a wildcard or leads nowhere.
  public func resolvedKeyPath(_ pattern: PropertyListKeyPattern) throws(PropertyListError) -> PropertyListKeyPath {
    guard !pattern.hasWildcard else {
      throw PropertyListError(.keyPath, at: .keyPath(pattern.description), "a wildcard names more than one value")
    }
    return try matches(of: pattern)[0].path
  }

  /// Collects the matches below `self`; under a wildcard, a branch `counter` finds no match
  /// in is skipped, so that the walk visits only the places that lead to matches.
  private func collectMatches(
    of pattern: ArraySlice<PropertyListKeyPattern.Component>, strict: Bool, trail: inout [String],
    into found: inout [(path: PropertyListKeyPath, value: PropertyList)], counter: inout PatternMatchCounter
  ) throws(PropertyListError) {
    guard let component = pattern.first else {
      found.append((PropertyListKeyPath(components: trail), self))
      return
    }
    let rest = pattern.dropFirst()
    switch (component, self) {
    case (.any, .dictionary(let dictionary)), (.glob, .dictionary(let dictionary)):
      for (key, element) in dictionary where component.matches(key) {
        guard counter.count(element, from: rest.startIndex) > 0 else { continue }
        trail.append(key)
        defer { trail.removeLast() }
        try element.collectMatches(of: rest, strict: false, trail: &trail, into: &found, counter: &counter)
      }
    case (.any, .array(let array)), (.glob, .array(let array)):
      for (index, element) in array.enumerated() where component.matches(String(index)) {
        guard counter.count(element, from: rest.startIndex) > 0 else { continue }
        trail.append(String(index))
        defer { trail.removeLast() }
        try element.collectMatches(of: rest, strict: false, trail: &trail, into: &found, counter: &counter)
      }
    case (.any, _), (.glob, _):
      if strict {
        let here = PropertyListKeyPath(components: trail).description
        let text = component.patternText
        throw PropertyListError(
          .keyPath, at: .keyPath(here.isEmpty ? text : here + "." + text),
          "cannot look inside \(withArticle(kind.rawValue)): not an array or dictionary")
      }
    case (.name(let key), .dictionary(let dictionary)):
      guard let element = dictionary[key] else {
        if strict {
          throw PropertyListKeyPattern(components: trail.map(PropertyListKeyPattern.Component.name) + pattern)
            .missingKeyError(at: trail.count, location: Self.path(trail, key)) { dictionary[$0] != nil }
        }
        return
      }
      trail.append(key)
      defer { trail.removeLast() }
      try element.collectMatches(of: rest, strict: strict, trail: &trail, into: &found, counter: &counter)
    case (.name(let name), .array(let array)):
      guard let index = PropertyListKeyPath.index(name, count: array.count), index < array.count else {
        if strict {
          throw Self.indexError(name, count: array.count, path: PropertyListKeyPath(components: trail + [name]))
        }
        return
      }
      trail.append(String(index))
      defer { trail.removeLast() }
      try array[index].collectMatches(of: rest, strict: strict, trail: &trail, into: &found, counter: &counter)
    case (.name(let name), _):
      if strict { throw Self.notContainerError(self, path: PropertyListKeyPath(components: trail + [name])) }
    }
  }

  private static func path(_ trail: [String], _ last: String) -> String {
    PropertyListKeyPath(components: trail + [last]).description
  }
}

extension PropertyList {
  /// Removes every value `pattern` names (see ``matches(of:limit:)``) and returns their key paths,
  /// in document order. Nothing changes when the pattern matches nothing.
  ///
  /// - Throws: ``PropertyListError`` of kind ``PropertyListError/Kind/keyPath`` as
  ///   ``matches(of:limit:)`` does, or when the pattern names the root.
  @discardableResult
  public mutating func removeValues(
    matching pattern: PropertyListKeyPattern
  ) throws(PropertyListError) -> [PropertyListKeyPath] {
    let paths = try matches(of: pattern).map(\.path)
    var copy = self
    // The last match first: every earlier key path still names what it named.
    for path in paths.reversed() { try copy.removeValue(at: path) }
    self = copy
    return paths
  }
}
