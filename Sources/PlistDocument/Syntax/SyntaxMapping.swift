import PlistKit

/// Lines the syntax of an XML or JSON document up with its value, where the two differ: a
/// dictionary that is a value of another kind (XML's `<dict><key>CF$UID</key>…`, a UID; the
/// typed JSON form's `{"$date": …}` and the other tags) becomes a leaf of that kind, and a
/// typed JSON `{"$dict": {…}}` wrapper becomes the inner dictionary.
enum SyntaxMapping {
  private enum Work {
    case visit(node: Int, value: PropertyList?)
    case close(node: Int, end: Int)
  }

  static func map(
    _ tree: SyntaxTree, onto value: PropertyList, text: [UInt8], format: PropertyListFormat, typed: Bool
  ) -> SyntaxTree {
    var output = SyntaxTree()
    output.reserve(tree.count)
    // An explicit stack: a document may nest as deep as the reader's limit allows.
    var work: [Work] = [.visit(node: 0, value: value)]
    while let item = work.popLast() {
      switch item {
      case .close(let node, let end):
        output.close(node, end: end)
      case .visit(let visited, let value):
        var node = visited
        let kind = tree.kind(node)
        guard kind.isContainer else {
          output.appendLeaf(kind, tree.span(node))
          continue
        }
        if let value, value.kind != kind.valueKind, let leaf = leafKind(value.kind) {
          output.appendLeaf(leaf, tree.span(node))
          continue
        }
        let outer = tree.span(node)
        var wrapped = false
        if typed, kind == .dictionary, let inner = wrappedDictionary(tree, node, text: text) {
          node = inner
          wrapped = true
        }
        let opened = output.open(kind, at: tree.start(node))
        if wrapped { output.wrapperSpans[opened] = outer }
        work.append(.close(node: opened, end: tree.end(node)))
        let children = tree.children(node)
        var visits: [Work] = []
        if kind == .dictionary {
          let entries = value?.dictionaryValue
          let keys = stride(from: 0, to: children.count, by: 2).map {
            SyntaxText.string(text, tree.span(children[$0]), format: format)
          }
          var last: [ExactKey: Int] = [:]
          for (position, key) in keys.enumerated() { last[ExactKey(key)] = position }
          for (position, key) in keys.enumerated() {
            visits.append(.visit(node: children[2 * position], value: nil))
            let child = last[ExactKey(key)] == position ? entries?[key] : nil
            visits.append(.visit(node: children[2 * position + 1], value: child))
          }
        } else {
          let elements = value?.arrayValue
          for (position, child) in children.enumerated() {
            visits.append(.visit(node: child, value: elements.flatMap { position < $0.count ? $0[position] : nil }))
          }
        }
        work.append(contentsOf: visits.reversed())
      }
    }
    return output
  }

  /// The leaf kind for a value of `kind` (none for containers).
  private static func leafKind(_ kind: PropertyList.Kind) -> SyntaxTree.Kind? {
    kind == .array || kind == .dictionary ? nil : SyntaxTree.Kind.allCases.first { $0.valueKind == kind }
  }

  /// The inner object of a typed JSON `{"$dict": {…}}`, if `node` is one.
  private static func wrappedDictionary(_ tree: SyntaxTree, _ node: Int, text: [UInt8]) -> Int? {
    let children = tree.children(node)
    guard children.count == 2, tree.kind(children[1]) == .dictionary,
      SyntaxText.matches(text, tree.span(children[0]), format: .json, utf8: Array("$dict".utf8))
    else { return nil }
    return children[1]
  }
}
