extension PropertyList {
  /// The value at `path`.
  ///
  /// - Throws: ``PropertyListError`` of kind ``PropertyListError/Kind/keyPath`` naming the
  ///   first component that does not lead anywhere.
  public func value(at path: PropertyListKeyPath) throws(PropertyListError) -> PropertyList {
    var current = self
    for (depth, component) in path.components.enumerated() {
      current = try current.child(component, path: path.prefix(depth + 1))
    }
    return current
  }

  /// Sets the value at `path`, replacing what is there or adding the last component when it is
  /// missing (like `plutil -replace`). An index may name the end of an array to append.
  public mutating func setValue(_ newValue: PropertyList, at path: PropertyListKeyPath) throws(PropertyListError) {
    guard !path.components.isEmpty else {
      self = newValue
      return
    }
    try modifyParent(of: path) { (parent, last) throws(PropertyListError) in
      switch parent {
      case .dictionary(var dictionary):
        parent = .boolean(false)
        dictionary[last] = newValue
        parent = .dictionary(dictionary)
      case .array(var array):
        let index = try Self.arrayIndex(last, count: array.count, orEnd: true, path: path)
        parent = .boolean(false)
        if index == array.count { array.append(newValue) } else { array[index] = newValue }
        parent = .array(array)
      default:
        throw Self.notContainerError(parent, path: path)
      }
    }
  }

  /// Inserts a value at `path` (like `plutil -insert`): the key must not exist yet in a
  /// dictionary; in an array the value goes before the given index (the count appends).
  /// With `append`, `path` names an array and the value goes at its end.
  public mutating func insertValue(
    _ newValue: PropertyList, at path: PropertyListKeyPath, append: Bool = false
  ) throws(PropertyListError) {
    if append {
      try modify(at: path) { (target) throws(PropertyListError) in
        guard case .array(var array) = target else {
          throw PropertyListError(
            .keyPath, at: .keyPath(path.description), "expected an array to append to, found \(target.kind.rawValue)")
        }
        target = .boolean(false)
        array.append(newValue)
        target = .array(array)
      }
      return
    }
    guard !path.components.isEmpty else {
      throw PropertyListError(.keyPath, at: .keyPath(""), "cannot insert at the root: it already exists")
    }
    try modifyParent(of: path) { (parent, last) throws(PropertyListError) in
      switch parent {
      case .dictionary(var dictionary):
        guard dictionary.position(of: last) == nil else {
          throw PropertyListError(.keyPath, at: .keyPath(path.description), "the key already exists")
        }
        parent = .boolean(false)
        dictionary[last] = newValue
        parent = .dictionary(dictionary)
      case .array(var array):
        let index = try Self.arrayIndex(last, count: array.count, orEnd: true, path: path)
        parent = .boolean(false)
        array.insert(newValue, at: index)
        parent = .array(array)
      default:
        throw Self.notContainerError(parent, path: path)
      }
    }
  }

  /// Removes the value at `path` and returns it.
  @discardableResult
  public mutating func removeValue(at path: PropertyListKeyPath) throws(PropertyListError) -> PropertyList {
    guard !path.components.isEmpty else {
      throw PropertyListError(.keyPath, at: .keyPath(""), "cannot remove the root")
    }
    var removed = PropertyList.boolean(false)
    try modifyParent(of: path) { (parent, last) throws(PropertyListError) in
      switch parent {
      case .dictionary(var dictionary):
        parent = .boolean(false)
        defer { parent = .dictionary(dictionary) }
        guard let old = dictionary.removeValue(forKey: last) else {
          throw PropertyListError(.keyPath, at: .keyPath(path.description), "no such key")
        }
        removed = old
      case .array(var array):
        let index = try Self.arrayIndex(last, count: array.count, path: path)
        parent = .boolean(false)
        removed = array.remove(at: index)
        parent = .array(array)
      default:
        throw Self.notContainerError(parent, path: path)
      }
    }
    return removed
  }

  // MARK: - Walking

  private func child(_ component: String, path: PropertyListKeyPath) throws(PropertyListError) -> PropertyList {
    switch self {
    case .dictionary(let dictionary):
      guard let value = dictionary[component] else {
        throw PropertyListError(.keyPath, at: .keyPath(path.description), "no such key")
      }
      return value
    case .array(let array):
      let index = try Self.arrayIndex(component, count: array.count, path: path)
      return array[index]
    default:
      throw Self.notContainerError(self, path: path)
    }
  }

  /// Runs `body` on the value at `path`, in place (no copy of the containers on the way).
  private mutating func modify(
    at path: PropertyListKeyPath, depth: Int = 0,
    _ body: (inout PropertyList) throws(PropertyListError) -> Void
  ) throws(PropertyListError) {
    guard depth < path.components.count else {
      try body(&self)
      return
    }
    let component = path.components[depth]
    let here = path.prefix(depth + 1)
    switch self {
    case .dictionary(var dictionary):
      guard let position = dictionary.position(of: component) else {
        throw PropertyListError(.keyPath, at: .keyPath(here.description), "no such key")
      }
      self = .boolean(false)
      defer { self = .dictionary(dictionary) }
      var element = dictionary.values[position]
      dictionary.setValue(.boolean(false), atPosition: position)
      defer { dictionary.setValue(element, atPosition: position) }
      try element.modify(at: path, depth: depth + 1, body)
    case .array(var array):
      let index = try Self.arrayIndex(component, count: array.count, path: here)
      self = .boolean(false)
      defer { self = .array(array) }
      try array[index].modify(at: path, depth: depth + 1, body)
    default:
      throw Self.notContainerError(self, path: here)
    }
  }

  private mutating func modifyParent(
    of path: PropertyListKeyPath, _ body: (inout PropertyList, String) throws(PropertyListError) -> Void
  ) throws(PropertyListError) {
    let parentPath = path.prefix(path.components.count - 1)
    let last = path.components[path.components.count - 1]
    try modify(at: parentPath) { (parent) throws(PropertyListError) in try body(&parent, last) }
  }

  /// The index `component` names in an array of `count` elements; with `orEnd`, `count` itself
  /// (the end, to append at) is one too.
  static func arrayIndex(
    _ component: String, count: Int, orEnd: Bool = false, path: PropertyListKeyPath
  ) throws(PropertyListError) -> Int {
    guard let index = PropertyListKeyPath.index(component), index < count || (orEnd && index == count) else {
      throw indexError(component, count: count, path: path)
    }
    return index
  }

  static func indexError(_ component: String, count: Int, path: PropertyListKeyPath) -> PropertyListError {
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
