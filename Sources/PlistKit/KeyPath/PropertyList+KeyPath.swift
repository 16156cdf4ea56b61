extension PropertyList {
  /// The value at `path`. An index may be negative to count from the end of its array: `-1`
  /// is the last element.
  ///
  /// - Throws: ``PropertyListError`` of kind ``PropertyListError/Kind/keyPath`` naming the
  ///   first component that does not lead anywhere.
  public func value(at path: PropertyListKeyPath) throws(PropertyListError) -> PropertyList {
    var current = self
    for depth in path.components.indices {
      current = try current.child(of: path, at: depth)
    }
    return current
  }

  /// Sets the value at `path`, replacing what is there or adding the last component when it is
  /// missing (like `plutil -replace`). An index may name the end of an array to append, or be
  /// negative to count from the end: `-1` replaces the last element.
  public mutating func setValue(_ newValue: PropertyList, at path: PropertyListKeyPath) throws(PropertyListError) {
    try Self.checkNesting(of: newValue, inside: path.components.count, at: path)
    guard !path.components.isEmpty else {
      self = newValue
      return
    }
    try modifyParent(of: path) { (parent, last) throws(PropertyListError) in
      if parent.withDictionary({ $0[last] = newValue }) != nil { return }
      let set: Void? = try parent.withArray { (array) throws(PropertyListError) in
        let index = try Self.arrayIndex(last, count: array.count, orEnd: true, path: path)
        if index == array.count { array.append(newValue) } else { array[index] = newValue }
      }
      if set == nil { throw Self.notContainerError(parent, path: path) }
    }
  }

  /// Inserts a value at `path` (like `plutil -insert`): the key must not exist yet in a
  /// dictionary; in an array the value goes before the element the index names (the count
  /// appends). A negative index counts from the end as everywhere in a key path, so `-1` puts
  /// the value before the last element, as Python's `list.insert` does. With `append`, `path`
  /// names an array and the value goes at its end.
  public mutating func insertValue(
    _ newValue: PropertyList, at path: PropertyListKeyPath, append: Bool = false
  ) throws(PropertyListError) {
    try Self.checkNesting(of: newValue, inside: path.components.count + (append ? 1 : 0), at: path)
    if append {
      try modify(at: path) { (target) throws(PropertyListError) in
        guard target.withArray({ $0.append(newValue) }) != nil else {
          throw PropertyListError(
            .keyPath, at: .keyPath(path.description), "expected an array to append to, found \(target.kind.rawValue)")
        }
      }
      return
    }
    guard !path.components.isEmpty else {
      throw PropertyListError(.keyPath, at: .keyPath(""), "cannot insert at the root: it already exists")
    }
    try modifyParent(of: path) { (parent, last) throws(PropertyListError) in
      var inserted: Void? = try parent.withDictionary { (dictionary) throws(PropertyListError) in
        guard dictionary.position(of: last) == nil else {
          throw PropertyListError(.keyPath, at: .keyPath(path.description), "the key already exists")
        }
        dictionary[last] = newValue
      }
      if inserted == nil {
        inserted = try parent.withArray { (array) throws(PropertyListError) in
          let index = try Self.arrayIndex(last, count: array.count, orEnd: true, path: path)
          array.insert(newValue, at: index)
        }
      }
      if inserted == nil { throw Self.notContainerError(parent, path: path) }
    }
  }

  /// Removes the value at `path` and returns it (`-1`, the last element of an array).
  @discardableResult
  public mutating func removeValue(at path: PropertyListKeyPath) throws(PropertyListError) -> PropertyList {
    guard !path.components.isEmpty else {
      throw PropertyListError(.keyPath, at: .keyPath(""), "cannot remove the root")
    }
    var removed = PropertyList.boolean(false)
    try modifyParent(of: path) { (parent, last) throws(PropertyListError) in
      var taken = try parent.withDictionary { (dictionary) throws(PropertyListError) in
        guard let old = dictionary.removeValue(forKey: last) else {
          throw PropertyListError(.keyPath, at: .keyPath(path.description), "no such key")
        }
        return old
      }
      if taken == nil {
        taken = try parent.withArray { (array) throws(PropertyListError) in
          let index = try Self.arrayIndex(last, count: array.count, path: path)
          return array.remove(at: index)
        }
      }
      guard let taken else { throw Self.notContainerError(parent, path: path) }
      removed = taken
    }
    return removed
  }

  // MARK: - Walking

  /// The child that the component of `path` at `depth` names.
  private func child(of path: PropertyListKeyPath, at depth: Int) throws(PropertyListError) -> PropertyList {
    let component = path.components[depth]
    switch self {
    case .dictionary(let dictionary):
      guard let value = dictionary[component] else {
        throw path.missingKeyError(at: depth) { dictionary[$0] != nil }
      }
      return value
    case .array(let array):
      let index = try Self.arrayIndex(component, count: array.count, path: path.prefix(depth + 1))
      return array[index]
    default:
      throw Self.notContainerError(self, path: path.prefix(depth + 1))
    }
  }

  /// Runs `body` on the value at the first `length` components of `path` (all of them when
  /// nil), in place (no copy of the containers on the way).
  private mutating func modify(
    at path: PropertyListKeyPath, length: Int? = nil, depth: Int = 0,
    _ body: (inout PropertyList) throws(PropertyListError) -> Void
  ) throws(PropertyListError) {
    guard depth < length ?? path.components.count else {
      try body(&self)
      return
    }
    let component = path.components[depth]
    let here = path.prefix(depth + 1)
    var walked: Void? = try withDictionary { (dictionary) throws(PropertyListError) in
      guard let position = dictionary.position(of: component) else {
        throw path.missingKeyError(at: depth) { dictionary.position(of: $0) != nil }
      }
      var element = dictionary.takeValue(atPosition: position)
      defer { dictionary.setValue(element, atPosition: position) }
      try element.modify(at: path, length: length, depth: depth + 1, body)
    }
    if walked == nil {
      walked = try withArray { (array) throws(PropertyListError) in
        let index = try Self.arrayIndex(component, count: array.count, path: here)
        try array[index].modify(at: path, length: length, depth: depth + 1, body)
      }
    }
    if walked == nil { throw Self.notContainerError(self, path: here) }
  }

  /// Runs `body` on the container of the value at `path` and the last component, in place.
  /// The walk there sees the whole path, so that a missing key's error can tell when the rest
  /// of the path names a key with dots in it.
  private mutating func modifyParent(
    of path: PropertyListKeyPath, _ body: (inout PropertyList, String) throws(PropertyListError) -> Void
  ) throws(PropertyListError) {
    let last = path.components[path.components.count - 1]
    try modify(at: path, length: path.components.count - 1) { (parent) throws(PropertyListError) in
      try body(&parent, last)
    }
  }

  /// The position `component` names in an array of `count` elements: decimal digits, or a
  /// minus sign and digits to count from the end (`-1` is the last element). With `orEnd`,
  /// `count` itself (the end, to append at) is one too; a negative index never names it.
  package static func arrayIndex(
    _ component: String, count: Int, orEnd: Bool = false, path: PropertyListKeyPath
  ) throws(PropertyListError) -> Int {
    guard let index = PropertyListKeyPath.index(component, count: count), index < count || (orEnd && index == count)
    else {
      throw indexError(component, count: count, path: path)
    }
    return index
  }

  /// The error for a component that names no element of an array of `count` elements: not an
  /// index at all, or out of range (a negative index as a positive one).
  package static func indexError(_ component: String, count: Int, path: PropertyListKeyPath) -> PropertyListError {
    let digits = component.hasPrefix("-") ? String(component.dropFirst()) : component
    if PropertyListKeyPath.index(digits) == nil || digits.utf8.allSatisfy({ $0 == 0x30 }) && digits != component {
      return PropertyListError(.keyPath, at: .keyPath(path.description), "'\(component)' is not an array index")
    }
    return PropertyListError(
      .keyPath, at: .keyPath(path.description),
      "index \(component) is out of range (the array has \(counted(count, "element")))")
  }

  static func notContainerError(_ value: PropertyList, path: PropertyListKeyPath) -> PropertyListError {
    PropertyListError(
      .keyPath, at: .keyPath(path.description),
      "cannot look inside \(withArticle(value.kind.rawValue)): not an array or dictionary")
  }
}
