extension PropertyListNodeTree {
  /// The nodes of `value`, node 0 its root, for the value writers. With `sortedKeys`, each
  /// dictionary's children are linked in code-point order of their keys. An array or
  /// dictionary met again by its storage (one container copied into several places, as a
  /// binary plist's shared references read back) becomes a ``PropertyListNode/Kind/repeated``
  /// node, so that the tree stays as small as the value however often it is shared.
  ///
  /// The walk keeps its own stack, so a value nested arbitrarily deep cannot overflow the
  /// thread's. The tree keeps its nodes alive through ``withData``.
  init(_ value: PropertyList, sortedKeys: Bool) {
    let storage = ValueNodes(value, sortedKeys: sortedKeys)
    self.init(
      nodes: storage.nodes, nodeCount: storage.count, strings: storage.strings, keys: storage.keys,
      dataCount: storage.data.count, dataByteCount: storage.dataByteCount,
      withData: { index, body in storage.data[index].withUnsafeBytes(body) }, sharesBooleans: false,
      keysAreUnique: true)
  }
}

/// The nodes of a value, owned for as long as a tree made of them is in use.
private final class ValueNodes {
  private(set) var nodes: UnsafeMutablePointer<PropertyListNode>
  private(set) var count = 0
  private var capacity = 256
  private(set) var strings: [String] = []
  /// The keys, each once by its `String`'s bits: a reader interns keys, so the keys of a
  /// document's records are a few strings, each with one index (which the writers keep what
  /// they make of a key by). A stored string's bits are not another's while it is stored.
  private(set) var keys: [String] = []
  private var keyIndices = WordPairTable()
  private(set) var data: [[UInt8]] = []
  private(set) var dataByteCount = 0
  /// The node of each non-empty container met so far, by its storage.
  private var containers = WordPairTable()

  /// A container whose children are being added.
  private struct Frame {
    let node: Int32
    let elements: [PropertyList]
    let dictionary: PropertyListDictionary?
    /// The dictionary's positions in key order, when sorted.
    let order: [Int]?
    let count: Int
    var next = 0
    /// The child added last, or -1.
    var last: Int32 = -1
  }

  init(_ root: PropertyList, sortedKeys: Bool) {
    nodes = PlainMemory.allocate(PropertyListNode.self, capacity: capacity)
    var stack: [Frame] = []
    _ = add(root, to: &stack, sortedKeys: sortedKeys)
    while let top = stack.last {
      guard top.next < top.count else {
        stack.removeLast()
        continue
      }
      let place = stack.count - 1
      stack[place].next += 1
      let child: Int32
      if let dictionary = top.dictionary {
        let position = top.order?[top.next] ?? top.next
        let key = keyIndex(dictionary.keys[position])
        child = add(dictionary.values[position], to: &stack, sortedKeys: sortedKeys)
        nodes[Int(child)].key = key
      } else {
        child = add(top.elements[top.next], to: &stack, sortedKeys: sortedKeys)
      }
      // Linked after the previous child; the container's count was set when it was added.
      if top.last < 0 {
        nodes[Int(top.node)].first = child
      } else {
        nodes[Int(top.last)].next = child
      }
      stack[place].last = child
    }
  }

  deinit {
    PlainMemory.release(nodes)
  }

  /// Adds the node of `value`, and opens a frame for its children when it is a container
  /// met for the first time; returns the node.
  private func add(_ value: PropertyList, to stack: inout [Frame], sortedKeys: Bool) -> Int32 {
    switch value {
    case .string(let string):
      strings.append(string)
      return add(PropertyListNode(.string, payload: UInt64(strings.count - 1)))
    case .integer(let integer):
      if let signed = integer.int64Value { return add(PropertyListNode(.integer, payload: UInt64(bitPattern: signed))) }
      return add(PropertyListNode(.largeInteger, payload: integer.bitPattern))
    case .real(let real): return add(PropertyListNode(.real, payload: real.bitPattern))
    case .boolean(let boolean): return add(PropertyListNode(.boolean, payload: boolean ? 1 : 0))
    case .date(let date): return add(PropertyListNode(.date, payload: date.secondsSinceReferenceDate.bitPattern))
    case .data(let bytes):
      data.append(bytes)
      dataByteCount += bytes.count
      return add(PropertyListNode(.data, payload: UInt64(data.count - 1)))
    case .uid(let uid): return add(PropertyListNode(.uid, payload: uid))
    case .array(let elements):
      return open(.array, ContainerStorage(elements), count: elements.count, on: &stack) { node in
        Frame(node: node, elements: elements, dictionary: nil, order: nil, count: elements.count)
      }
    case .dictionary(let dictionary):
      return open(.dictionary, ContainerStorage(dictionary), count: dictionary.count, on: &stack) { node in
        let keys = dictionary.keys
        let order = sortedKeys ? keys.indices.sorted { keys[$0].utf8.lexicographicallyPrecedes(keys[$1].utf8) } : nil
        return Frame(node: node, elements: [], dictionary: dictionary, order: order, count: dictionary.count)
      }
    }
  }

  /// Adds a container of `count` children: a node that repeats it when its storage was met
  /// before, else its own node, with the frame `frame` makes for its children when it has any.
  private func open(
    _ kind: PropertyListNode.Kind, _ storage: ContainerStorage?, count: Int, on stack: inout [Frame],
    frame: (Int32) -> Frame
  ) -> Int32 {
    if let storage,
      let earlier = containers.existingNumber(
        UInt64(storage.elements), UInt64(storage.keys), orInserting: Int32(truncatingIfNeeded: self.count))
    {
      nodes[Int(earlier)].form = PropertyListNode.repeatedLater
      return add(PropertyListNode(.repeated, payload: UInt64(earlier)))
    }
    var container = PropertyListNode(kind, payload: PropertyListNode.noChildren)
    container.count = Int32(count)
    let node = add(container)
    if count > 0 { stack.append(frame(node)) }
    return node
  }

  private func add(_ node: PropertyListNode) -> Int32 {
    if count == capacity {
      precondition(capacity < Int(Int32.max), "more values than a tree holds")
      capacity = Swift.min(capacity * 2, Int(Int32.max))
      nodes = PlainMemory.reallocate(nodes, capacity: capacity)
    }
    (nodes + count).initialize(to: node)
    count += 1
    return Int32(truncatingIfNeeded: count - 1)
  }

  /// The index of `key` in ``keys``.
  private func keyIndex(_ key: String) -> Int32 {
    let bits = unsafeBitCast(key, to: (UInt64, UInt64).self)
    let index = Int32(truncatingIfNeeded: keys.count)
    if let known = keyIndices.existingNumber(bits.0, bits.1, orInserting: index) { return known }
    keys.append(key)
    return index
  }
}
