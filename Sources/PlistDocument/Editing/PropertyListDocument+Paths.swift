import PlistKit

/// Finding nodes by key path, failing exactly as ``PropertyList/value(at:)`` and the edits of
/// a value fail (the same kind, key path and message).
extension PropertyListDocument {
  /// The value node at `path`.
  func node(at path: PropertyListKeyPath) throws(PropertyListError) -> Int {
    try node(at: path, length: path.components.count)
  }

  /// The value node at the first `length` components of `path`. A missing key's error sees the
  /// whole path, as the value's does, to tell when the rest of it names a key with dots in it.
  func node(at path: PropertyListKeyPath, length: Int) throws(PropertyListError) -> Int {
    var node = 0
    for depth in 0..<length {
      node = try child(of: node, path: path, at: depth)
    }
    return node
  }

  /// The value node that the component of `path` at `depth` leads to from `node`.
  private func child(of node: Int, path: PropertyListKeyPath, at depth: Int) throws(PropertyListError) -> Int {
    let component = path.components[depth]
    switch tree.kind(node) {
    case .dictionary:
      guard let entry = entryPositions(in: node, key: component).last else {
        throw path.missingKeyError(at: depth) { !entryPositions(in: node, key: $0).isEmpty }
      }
      return tree.entries(node)[entry].value
    case .array:
      let elements = tree.children(node)
      let index = try PropertyList.arrayIndex(component, count: elements.count, path: prefix(path, depth + 1))
      return elements[index]
    default:
      throw notContainerError(node, path: prefix(path, depth + 1))
    }
  }

  /// The element count of the array node at `path`; nil when the path leads nowhere or to
  /// another kind of value.
  func arrayCount(at path: PropertyListKeyPath) -> Int? {
    guard let node = try? node(at: path), tree.kind(node) == .array else { return nil }
    return tree.children(node).count
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

  func notContainerError(_ node: Int, path: PropertyListKeyPath) -> PropertyListError {
    let kind = tree.kind(node).valueKind?.rawValue ?? "key"
    return PropertyListError(
      .keyPath, at: .keyPath(path.description), "cannot look inside \(withArticle(kind)): not an array or dictionary")
  }

  func kindName(_ node: Int) -> String { tree.kind(node).valueKind?.rawValue ?? "key" }
}
