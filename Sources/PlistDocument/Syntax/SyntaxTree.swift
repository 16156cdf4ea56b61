import PlistKit

/// The concrete syntax of a text property list: one node for every key and every value, in
/// document order, each with the byte span it covers in the text.
///
/// Whatever lies between two nodes' spans (white space, comments, and the punctuation of the
/// format: `=`, `;`, `,`, `:`) is the gap between them, so the spans and the gaps tile the
/// text exactly. Nodes are stored column by column (a kind byte and three 32-bit integers
/// each), so that a 23 MB project file's million nodes take 13 MB.
///
/// A container's children follow it; ``next(_:)`` skips a node's whole subtree. A dictionary's
/// children alternate a key node and a value node.
struct SyntaxTree: Sendable {
  /// What a node is: a container, a key, or a value of one ``PropertyList/Kind``.
  enum Kind: UInt8, Sendable, CaseIterable {
    case dictionary, array, key
    case string, integer, real, boolean, date, data, uid

    /// The kind of value a node holds (nil for a key).
    var valueKind: PropertyList.Kind? {
      switch self {
      case .dictionary: .dictionary
      case .array: .array
      case .key: nil
      case .string: .string
      case .integer: .integer
      case .real: .real
      case .boolean: .boolean
      case .date: .date
      case .data: .data
      case .uid: .uid
      }
    }

    var isContainer: Bool { self == .dictionary || self == .array }
  }

  private(set) var kinds: [Kind] = []
  private(set) var starts: [UInt32] = []
  private(set) var ends: [UInt32] = []
  private(set) var nexts: [UInt32] = []

  /// Dictionaries written inside a wrapper (the typed JSON form's `{"$dict": {…}}`): the
  /// node spans the inner object, which holds the entries; this is the whole wrapper's span,
  /// which a new value replaces.
  var wrapperSpans: [Int: Range<Int>] = [:]

  /// The number of nodes.
  var count: Int { kinds.count }

  func kind(_ node: Int) -> Kind { kinds[node] }

  /// True when a node holds an integer, a real, a boolean or a date (in OpenStep, one of
  /// GNUstep's typed values).
  var holdsScalars: Bool {
    kinds.contains { $0 == .integer || $0 == .real || $0 == .boolean || $0 == .date }
  }
  func start(_ node: Int) -> Int { Int(starts[node]) }
  func end(_ node: Int) -> Int { Int(ends[node]) }
  /// The node after `node`'s subtree.
  func next(_ node: Int) -> Int { Int(nexts[node]) }
  func span(_ node: Int) -> Range<Int> { start(node)..<end(node) }

  /// The span a new value for `node` replaces: its own, or its wrapper's.
  func valueSpan(_ node: Int) -> Range<Int> { wrapperSpans[node] ?? span(node) }

  /// The children of a container, in order (for a dictionary: key, value, key, value…).
  func children(_ node: Int) -> [Int] {
    var result: [Int] = []
    var child = node + 1
    while child < next(node) {
      result.append(child)
      child = next(child)
    }
    return result
  }

  /// The elements of an array, or the (key, value) entries of a dictionary.
  func entries(_ node: Int) -> [(key: Int?, value: Int)] {
    let nodes = children(node)
    guard kind(node) == .dictionary else { return nodes.map { (nil, $0) } }
    return stride(from: 0, to: nodes.count - 1, by: 2).map { (nodes[$0], nodes[$0 + 1]) }
  }

  // MARK: - Building

  /// Appends a leaf node.
  mutating func appendLeaf(_ kind: Kind, _ span: Range<Int>) {
    kinds.append(kind)
    starts.append(UInt32(span.lowerBound))
    ends.append(UInt32(span.upperBound))
    nexts.append(UInt32(kinds.count))
  }

  /// Appends a container whose children follow; returns it, for ``close(_:end:)``.
  mutating func open(_ kind: Kind, at start: Int) -> Int {
    kinds.append(kind)
    starts.append(UInt32(start))
    ends.append(UInt32(start))
    nexts.append(0)
    return kinds.count - 1
  }

  /// Ends a container opened with ``open(_:at:)`` at `end`, after its last child.
  mutating func close(_ node: Int, end: Int) {
    ends[node] = UInt32(end)
    nexts[node] = UInt32(kinds.count)
  }

  /// Reserves room for about `count` nodes.
  mutating func reserve(_ count: Int) {
    kinds.reserveCapacity(count)
    starts.reserveCapacity(count)
    ends.reserveCapacity(count)
    nexts.reserveCapacity(count)
  }
}
