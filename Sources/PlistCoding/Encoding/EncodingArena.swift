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
  /// One value.
  struct Node {
    /// A scalar's bits, or the index of its string or data; a container's first and last
    /// child (``first`` and ``last``): a node is 24 bytes rather than 32, and an encoding's
    /// nodes are most of the memory it touches.
    var payload: UInt64
    /// The index of the key in ``keys`` when the node is in a dictionary, or -1.
    var key: Int32 = -1
    /// The next child of the same container, or -1.
    var next: Int32 = -1
    var count: Int32 = 0
    var kind: DecodingMap.Kind
    /// What an archive writes the node as (``ArchivedForm``); 0 for a plain value.
    var form: UInt8 = 0

    init(_ kind: DecodingMap.Kind, payload: UInt64 = 0) {
      self.kind = kind
      self.payload = payload
    }

    /// The payload of a container without children.
    static let noChildren = UInt64.max

    /// ``count`` of a real encoded from a `Float`, which Foundation's binary writer writes in
    /// 4 bytes (a scalar has no children to count).
    static let floatWidth: Int32 = 4
    /// ``count`` of an integer encoded from a `UInt` or `UInt64`, which Foundation's binary
    /// writer writes in 16 bytes whatever its value.
    static let unsignedWidth: Int32 = 16

    /// ``form`` of a plain encoding's node that a `superEncoder()` encoded: Foundation's
    /// binary encoder shares equal values only among those one encoder encoded, and the
    /// encoder `superEncoder()` returns is a new one, so the binary writer shares nothing
    /// between the node and what is outside it.
    static let uniquingScope: UInt8 = 0xFF

    /// A container's first child, or -1: the low half of the payload.
    var first: Int32 {
      get { Int32(truncatingIfNeeded: payload) }
      set { payload = payload & 0xFFFF_FFFF_0000_0000 | UInt64(UInt32(bitPattern: newValue)) }
    }

    /// A container's last child, or -1: the high half of the payload.
    var last: Int32 {
      get { Int32(truncatingIfNeeded: payload >> 32) }
      set { payload = payload & 0xFFFF_FFFF | UInt64(UInt32(bitPattern: newValue)) << 32 }
    }
  }

  /// The nodes, in a buffer of their own: they are written many times each, and a pointer
  /// costs no uniqueness or exclusivity check per write.
  @exclusivity(unchecked) private(set) var nodes: UnsafeMutablePointer<Node>
  @exclusivity(unchecked) private(set) var nodeCount = 0
  @exclusivity(unchecked) private var capacity: Int
  @exclusivity(unchecked) private(set) var strings: [String] = []
  /// The dictionary keys, apart from the strings: the writers keep what they make of a key
  /// (its object, its XML line) by its index here, and those are few.
  @exclusivity(unchecked) private(set) var keys: [String] = []
  /// The data values, as they were given: a `Data` encoded is kept, not copied.
  @exclusivity(unchecked) private(set) var data: [Data] = []
  /// The class chains of archived objects, by node.
  @exclusivity(unchecked) private var classChains: [Int32: [String]] = [:]

  /// The keys stored last, by the bits of their `String`: a type's keys are the same strings
  /// (literals) in every record, so each is stored once rather than once per record (16 bytes
  /// a key, as much as the values of a record of small fields), and has the same index in
  /// every record, by which the writers keep what they make of it. A string that is still
  /// stored cannot have its bits taken by another, so equal bits are the same string.
  ///
  /// Four ways to a set, so that two keys of a type whose bits fall in the same set do not
  /// push each other out (and get stored again for every record).
  private let recentKeys: UnsafeMutablePointer<RecentKey>
  private static let recentKeySets = 64
  private static let recentKeyWays = 4
  /// Which way of a full set a missing key goes in next.
  @exclusivity(unchecked) private var nextWay = 0

  private struct RecentKey {
    var bits: (UInt64, UInt64)
    var index: Int32
  }

  init() {
    capacity = 256
    nodes = PlainMemory.allocate(Node.self, capacity: capacity)
    let count = Self.recentKeySets * Self.recentKeyWays
    recentKeys = PlainMemory.allocate(RecentKey.self, capacity: count)
    recentKeys.initialize(repeating: RecentKey(bits: (0, 0), index: -1), count: count)
  }

  deinit {
    // Nodes are plain values: nothing to deinitialize.
    PlainMemory.release(nodes)
    PlainMemory.release(recentKeys)
  }

  /// The index in ``keys`` of `key`, stored once for as long as it is among the recent keys.
  @inline(__always)
  private func keyIndex(_ key: String) -> Int32 {
    let bits = unsafeBitCast(key, to: (UInt64, UInt64).self)
    let mixed = (bits.0 &* 0x9E37_79B9_7F4A_7C15 ^ bits.1) &* 0xBF58_476D_1CE4_E5B9
    let set = recentKeys + Int(truncatingIfNeeded: mixed >> 58) * Self.recentKeyWays
    var free = -1
    for way in 0..<Self.recentKeyWays {
      let recent = set[way]
      if recent.index < 0 {
        if free < 0 { free = way }
      } else if recent.bits == bits {
        return recent.index
      }
    }
    keys.append(key)
    let index = Int32(truncatingIfNeeded: keys.count - 1)
    if free < 0 {
      free = nextWay
      nextWay = (nextWay + 1) % Self.recentKeyWays
    }
    set[free] = RecentKey(bits: bits, index: index)
    return index
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

  func add(_ value: PropertyList) -> Int32 {
    switch value {
    case .string(let string): return add(string: string)
    case .integer(let integer):
      if let signed = integer.int64Value { return add(Node(.integer, payload: UInt64(bitPattern: signed))) }
      return add(Node(.largeInteger, payload: integer.bitPattern))
    case .real(let real): return add(Node(.real, payload: real.bitPattern))
    case .boolean(let boolean): return add(Node(.boolean, payload: boolean ? 1 : 0))
    case .date(let date): return add(Node(.date, payload: date.secondsSinceReferenceDate.bitPattern))
    case .data(let bytes): return add(data: bytes)
    case .uid(let uid): return add(Node(.uid, payload: uid))
    case .array, .dictionary: preconditionFailure("containers are added with addArray and addDictionary")
    }
  }

  func add(string: String) -> Int32 {
    strings.append(string)
    return add(Node(.string, payload: UInt64(strings.count - 1)))
  }

  /// `nil` in a container, which a plist writes as the string `$null` and an archive as the
  /// null reference.
  func addNull() -> Int32 { add(Node(.null)) }

  func add(integer: Int64) -> Int32 { add(Node(.integer, payload: UInt64(bitPattern: integer))) }

  func add(unsigned: UInt64) -> Int32 {
    unsigned > UInt64(Int64.max) ? add(Node(.largeInteger, payload: unsigned)) : add(integer: Int64(unsigned))
  }

  /// An integer encoded from a `UInt` or `UInt64` (see ``Node/unsignedWidth``).
  func add(unsigned64 value: UInt64) -> Int32 {
    var node = Node(value > UInt64(Int64.max) ? .largeInteger : .integer, payload: value)
    node.count = Node.unsignedWidth
    return add(node)
  }

  func add(real: Double) -> Int32 { add(Node(.real, payload: real.bitPattern)) }

  /// A real encoded from a `Float` (see ``Node/floatWidth``).
  func add(float: Float) -> Int32 {
    var node = Node(.real, payload: Double(float).bitPattern)
    node.count = Node.floatWidth
    return add(node)
  }

  func add(boolean: Bool) -> Int32 { add(Node(.boolean, payload: boolean ? 1 : 0)) }

  func add(date seconds: Double) -> Int32 { add(Node(.date, payload: seconds.bitPattern)) }

  func add(data bytes: [UInt8]) -> Int32 { add(data: Data(bytes)) }

  func add(data bytes: Data) -> Int32 {
    data.append(bytes)
    return add(Node(.data, payload: UInt64(data.count - 1)))
  }

  func addArray() -> Int32 { add(Node(.array, payload: Node.noChildren)) }

  func addDictionary() -> Int32 { add(Node(.dictionary, payload: Node.noChildren)) }

  /// Links `child` as the last child of the container `parent`, under `key` in a dictionary.
  func append(_ child: Int32, to parent: Int32, key: String? = nil) {
    if let key { nodes[Int(child)].key = keyIndex(key) }
    let last = nodes[Int(parent)].last
    if last < 0 {
      nodes[Int(parent)].first = child
    } else {
      nodes[Int(last)].next = child
    }
    nodes[Int(parent)].last = child
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
      if keys[Int(nodes[Int(child)].key)].exactlyEquals(key) { found = child }
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
  func key(of node: Int32) -> String { keys[Int(nodes[Int(node)].key)] }
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
