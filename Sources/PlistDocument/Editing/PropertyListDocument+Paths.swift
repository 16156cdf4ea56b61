import PlistKit

/// Finding nodes by key path, failing exactly as ``PropertyList/value(at:)`` and the edits of
/// a value fail (the same kind, key path and message).
extension PropertyListDocument {
  /// The value node at `path`.
  func node(at path: PropertyListKeyPath) throws(PropertyListError) -> Int {
    var node = 0
    for depth in path.components.indices {
      node = try child(of: node, path.components[depth], path: prefix(path, depth + 1))
    }
    return node
  }

  /// The value node a component leads to from `node`.
  func child(of node: Int, _ component: String, path: PropertyListKeyPath) throws(PropertyListError) -> Int {
    switch tree.kind(node) {
    case .dictionary:
      guard let entry = entryPositions(in: node, key: component).last else {
        throw PropertyListError(.keyPath, at: .keyPath(path.description), "no such key")
      }
      return tree.entries(node)[entry].value
    case .array:
      let elements = tree.children(node)
      guard let index = Self.index(component), index < elements.count else {
        throw Self.indexError(component, count: elements.count, path: path)
      }
      return elements[index]
    default:
      throw notContainerError(node, path: path)
    }
  }

  /// The positions, among a dictionary's entries, of those whose key is `key` (a key may be
  /// repeated in a file; the last one's value is the value).
  func entryPositions(in dictionary: Int, key: String) -> [Int] {
    let utf8 = Array(key.utf8)
    return tree.entries(dictionary).enumerated().compactMap { position, entry in
      SyntaxText.matches(text, tree.span(entry.key!), format: format, utf8: utf8) ? position : nil
    }
  }

  /// The decoded key of a dictionary entry.
  func keyString(_ keyNode: Int) -> String { SyntaxText.string(text, tree.span(keyNode), format: format) }

  func prefix(_ path: PropertyListKeyPath, _ count: Int) -> PropertyListKeyPath {
    PropertyListKeyPath(components: Array(path.components.prefix(count)))
  }

  /// The array index a component names: decimal digits only.
  static func index(_ component: String) -> Int? {
    guard !component.isEmpty, component.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    return Int(component)
  }

  static func indexError(_ component: String, count: Int, path: PropertyListKeyPath) -> PropertyListError {
    if index(component) == nil {
      return PropertyListError(.keyPath, at: .keyPath(path.description), "'\(component)' is not an array index")
    }
    return PropertyListError(
      .keyPath, at: .keyPath(path.description),
      "index \(component) is out of range (the array has \(counted(count, "element")))")
  }

  func notContainerError(_ node: Int, path: PropertyListKeyPath) -> PropertyListError {
    let kind = tree.kind(node).valueKind?.rawValue ?? "key"
    return PropertyListError(
      .keyPath, at: .keyPath(path.description), "cannot look inside \(withArticle(kind)): not an array or dictionary")
  }

  func kindName(_ node: Int) -> String { tree.kind(node).valueKind?.rawValue ?? "key" }
}
