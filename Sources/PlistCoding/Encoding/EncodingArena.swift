import FoundationEssentials
import PlistKit

/// The value being encoded, as nodes in one buffer: each container links its children in
/// the order they were encoded, and a dictionary's children carry their keys.
///
/// Codable hands out containers that the caller may fill in any order (a nested container
/// can be filled after its parent goes on), so the value cannot be written out as it comes;
/// linking nodes in one buffer keeps that freedom at the cost of 24 bytes a value, with no
/// allocation per container.
final class EncodingArena {
  /// One value: PlistKit's node, which its XML and binary writers walk (see ``tree``).
  typealias Node = PropertyListNode

  /// The nodes, in a buffer of their own: they are written many times each, and a pointer
  /// costs no uniqueness or exclusivity check per write.
  @exclusivity(unchecked) private(set) var nodes: UnsafeMutablePointer<Node>
  @exclusivity(unchecked) private(set) var nodeCount = 0
  @exclusivity(unchecked) private var capacity: Int
  @exclusivity(unchecked) private(set) var strings: [String] = []
  /// The dictionary keys, apart from the strings, each stored once while it is recent (see
  /// ``EncodingKeyTable``): the writers keep what they make of a key (its object, its XML
  /// line) by its index, and those are few.
  @exclusivity(unchecked) private var keyTable = EncodingKeyTable()
  /// The data values, as they were given: a `Data` encoded is kept, not copied.
  @exclusivity(unchecked) private(set) var data: [Data] = []
  /// The class chains of archived objects, by node.
  @exclusivity(unchecked) private var classChains: [Int32: [String]] = [:]

  /// The keys, by index.
  var keys: [String] { keyTable.keys }

  init() {
    capacity = 256
    nodes = PlainMemory.allocate(Node.self, capacity: capacity)
  }

  deinit {
    // Nodes are plain values: nothing to deinitialize.
    PlainMemory.release(nodes)
  }

  /// A node as the writers' type makes it, copied from one made once: PlistKit's initializer
  /// is not inlined into this module, and a call per value cost 1% of an encoding.
  private let template = Node(.null)

  @inline(__always)
  private func makeNode(_ kind: Node.Kind, payload: UInt64 = 0) -> Node {
    var node = template
    node.kind = kind
    node.payload = payload
    return node
  }

  /// The most nodes an arena holds (an `Int32` index).
  static let maximumNodeCount = Int(Int32.max)

  private func add(_ node: Node) -> Int32 {
    if nodeCount == capacity { grow() }
    (nodes + nodeCount).initialize(to: node)
    nodeCount += 1
    return Int32(truncatingIfNeeded: nodeCount - 1)
  }

  private func grow() {
    precondition(capacity < Self.maximumNodeCount, "more values than an encoding holds")
    capacity = Swift.min(capacity * 2, Self.maximumNodeCount)
    nodes = PlainMemory.reallocate(nodes, capacity: capacity)
  }

  func add(string: String) -> Int32 {
    strings.append(string)
    return add(makeNode(.string, payload: UInt64(strings.count - 1)))
  }

  /// `nil` in a container, which a plist writes as the string `$null` and an archive as the
  /// null reference.
  func addNull() -> Int32 { add(makeNode(.null)) }

  func add(integer: Int64) -> Int32 { add(makeNode(.integer, payload: UInt64(bitPattern: integer))) }

  func add(unsigned: UInt64) -> Int32 {
    unsigned > UInt64(Int64.max) ? add(makeNode(.largeInteger, payload: unsigned)) : add(integer: Int64(unsigned))
  }

  /// An integer encoded from a `UInt` or `UInt64` (see ``Node/unsignedWidth``).
  func add(unsigned64 value: UInt64) -> Int32 {
    var node = makeNode(value > UInt64(Int64.max) ? .largeInteger : .integer, payload: value)
    node.count = Node.unsignedWidth
    return add(node)
  }

  func add(real: Double) -> Int32 { add(makeNode(.real, payload: real.bitPattern)) }

  /// A real encoded from a `Float` (see ``Node/floatWidth``).
  func add(float: Float) -> Int32 {
    var node = makeNode(.real, payload: Double(float).bitPattern)
    node.count = Node.floatWidth
    return add(node)
  }

  func add(boolean: Bool) -> Int32 { add(makeNode(.boolean, payload: boolean ? 1 : 0)) }

  func add(date seconds: Double) -> Int32 { add(makeNode(.date, payload: seconds.bitPattern)) }

  func add(data bytes: Data) -> Int32 {
    data.append(bytes)
    return add(makeNode(.data, payload: UInt64(data.count - 1)))
  }

  func addArray() -> Int32 { add(makeNode(.array, payload: .max)) }

  func addDictionary() -> Int32 { add(makeNode(.dictionary, payload: .max)) }

  /// Links `child` as the last child of the container `parent`, under `key` in a dictionary.
  func append(_ child: Int32, to parent: Int32, key: String? = nil) {
    if let key { nodes[Int(child)].key = keyTable.index(of: key) }
    // The payload's halves are the first and last child (see `PropertyListNode.first`), set
    // here rather than through the node's accessors, which are not inlined into this module.
    let payload = nodes[Int(parent)].payload
    if payload == .max {
      nodes[Int(parent)].payload = UInt64(UInt32(bitPattern: child)) << 32 | UInt64(UInt32(bitPattern: child))
    } else {
      nodes[Int(Int32(truncatingIfNeeded: payload >> 32))].next = child
      nodes[Int(parent)].payload = UInt64(UInt32(bitPattern: child)) << 32 | payload & 0xFFFF_FFFF
    }
    nodes[Int(parent)].count += 1
  }

  /// Makes `slot` (a child of some container) hold the value of `node` instead, keeping its
  /// place and key.
  func replace(_ slot: Int32, with node: Int32) {
    var value = nodes[Int(node)]
    value.key = nodes[Int(slot)].key
    value.next = nodes[Int(slot)].next
    if nodes[Int(slot)].form == Node.uniquingScope { value.form = Node.uniquingScope }
    nodes[Int(slot)] = value
    if let classChain = classChains[node] { classChains[slot] = classChain }
  }

  /// Turns the empty dictionary `node` into an empty array.
  func makeArray(_ node: Int32) {
    nodes[Int(node)].kind = .array
  }

  /// Marks `node`, in a plain encoding, as the place of a new encoder (see
  /// ``Node/uniquingScope``).
  func markUniquingScope(_ node: Int32) {
    nodes[Int(node)].form = Node.uniquingScope
    uniquingScopeCount += 1
  }

  /// How many nodes ``markUniquingScope(_:)`` marked.
  private(set) var uniquingScopeCount = 0

  /// Marks `node` as archived in `form`, with a class chain for an object.
  func mark(_ node: Int32, as form: ArchivedForm, classChain: [String]? = nil) {
    nodes[Int(node)].form = form.rawValue
    if let classChain { classChains[node] = classChain }
  }

  /// The class chain of the archived object `node`.
  func classChain(of node: Int32) -> [String] { classChains[node] ?? [] }

  /// The child of dictionary `node` under `key`, the last one when it was encoded twice.
  func child(of node: Int32, forKey key: String) -> Int32? {
    var found: Int32?
    var child = nodes[Int(node)].first
    while child >= 0 {
      if keyTable.keys[Int(nodes[Int(child)].key)].exactlyEquals(key) { found = child }
      child = nodes[Int(child)].next
    }
    return found
  }

  /// The children of `node`, in order.
  func children(of node: Int32) -> [Int32] {
    var result: [Int32] = []
    result.reserveCapacity(Int(nodes[Int(node)].count))
    var child = nodes[Int(node)].first
    while child >= 0 {
      result.append(child)
      child = nodes[Int(child)].next
    }
    return result
  }

  /// The key of a dictionary's child.
  func key(of node: Int32) -> String { keyTable.keys[Int(nodes[Int(node)].key)] }
}

/// What a node of an archive stands for, beyond its plain value.
enum ArchivedForm: UInt8 {
  case plain = 0
  /// A `KeyedArchivable` object: the payload indexes its class chain.
  case object
  /// An `NSSet` (from a Swift `Set`).
  case set
  /// An `NSDictionary` from the key, value, key, value… that a Swift dictionary with keys
  /// other than strings and integers encodes.
  case dictionaryOfPairs
  /// A Swift dictionary with string keys: an `NSDictionary`.
  case dictionary
  /// A Swift dictionary with `Int` keys: an `NSDictionary` whose keys are numbers.
  case integerKeyed
  /// An `NSUUID`: data of 16 bytes.
  case uuid
  /// An `NSURL`: a dictionary with `relative` and maybe `base`.
  case url
}
