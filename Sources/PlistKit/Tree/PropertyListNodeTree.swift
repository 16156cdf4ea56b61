/// A value laid out as nodes in one buffer, which the XML and binary value writers walk: the
/// writers' one input, made from a ``PropertyList`` (see ``init(_:sortedKeys:)``) or built
/// directly by another module of the package (the Codable encoder's arena), so that both are
/// written by the same code.
///
/// Each container links its children in order (``PropertyListNode/first`` and
/// ``PropertyListNode/next``), and a dictionary's children carry the index of their key in
/// ``keys``. The tree borrows its nodes: whoever made it keeps them alive while it is written.
package struct PropertyListNodeTree {
  /// The nodes; a writer starts at the root it is given.
  package let nodes: UnsafePointer<PropertyListNode>
  package let nodeCount: Int
  /// The strings that ``PropertyListNode/Kind/string`` nodes index.
  package let strings: [String]
  /// The dictionary keys that nodes index with ``PropertyListNode/key``: the same index for
  /// the same key lets a writer keep what it made of a key (its object, its `<key>` line).
  package let keys: [String]
  /// How many data values there are and the bytes of them all (for the writers' guess at
  /// their output's size).
  package let dataCount: Int
  package let dataByteCount: Int
  /// Calls its second argument with the bytes of the data value at an index: the maker keeps
  /// data in its own form (the encoder keeps the `Data` it was given, uncopied).
  package let withData: (Int, (UnsafeRawBufferPointer) -> Void) -> Void
  /// How many nodes are marked ``PropertyListNode/uniquingScope``.
  package let uniquingScopeCount: Int
  /// True when the binary writer shares equal booleans, as Foundation's encoder does;
  /// CoreFoundation's writer, and so PlistKit's for a value, writes one at each place.
  package let sharesBooleans: Bool
  /// True when no dictionary repeats a key (a ``PropertyListDictionary`` never does), which
  /// spares the writers the check.
  package let keysAreUnique: Bool

  /// A tree over nodes that the caller keeps alive while the tree is in use.
  package init(
    nodes: UnsafePointer<PropertyListNode>, nodeCount: Int, strings: [String], keys: [String], dataCount: Int,
    dataByteCount: Int, withData: @escaping (Int, (UnsafeRawBufferPointer) -> Void) -> Void,
    uniquingScopeCount: Int = 0, sharesBooleans: Bool, keysAreUnique: Bool
  ) {
    self.nodes = nodes
    self.nodeCount = nodeCount
    self.strings = strings
    self.keys = keys
    self.dataCount = dataCount
    self.dataByteCount = dataByteCount
    self.withData = withData
    self.uniquingScopeCount = uniquingScopeCount
    self.sharesBooleans = sharesBooleans
    self.keysAreUnique = keysAreUnique
  }

  /// The key of a dictionary's child.
  @inline(__always)
  func key(of node: Int32) -> String { keys[Int(nodes[Int(node)].key)] }
}

/// One value of a ``PropertyListNodeTree``: 24 bytes, as most of the memory an encoding touches
/// is its nodes.
package struct PropertyListNode: BitwiseCopyable {
  /// What a node is. The order is the order of kinds in the keyed-archive encoder's sort of
  /// set elements, which must not change from run to run.
  ///
  /// The payload of each: a string's index in ``PropertyListNodeTree/strings``; an integer's
  /// `Int64` bits, or a `UInt64` above `Int64.max` for `largeInteger`; a real's bits; 0 or 1;
  /// a date's seconds since 2001-01-01 as `Double` bits; the index of data (for
  /// ``PropertyListNodeTree/withData``); the UID; a container's children (``first``, ``last``).
  package enum Kind: UInt8, BitwiseCopyable {
    case string, integer, largeInteger, real, boolean, date, data, uid, array, dictionary
    /// The array or dictionary node `payload` again: one container in several places of a
    /// value (copies share storage), which binary writes once and text at every place.
    case repeated
    /// `nil` in a container, which a plist writes as the string `$null` (shared apart from any
    /// string `$null`) and an archive as the null reference.
    case null
  }

  /// A scalar's bits, or the index of its string or data; a container's first and last child
  /// (``first`` and ``last``).
  package var payload: UInt64
  /// The index of the key in ``PropertyListNodeTree/keys`` when the node is in a dictionary,
  /// or -1.
  package var key: Int32 = -1
  /// The next child of the same container, or -1.
  package var next: Int32 = -1
  /// A container's number of children; a scalar's width in binary when it is not the usual
  /// (``floatWidth``, ``unsignedWidth``).
  package var count: Int32 = 0
  package var kind: Kind
  /// The maker's own mark (the encoder marks what an archive writes a node as), except for
  /// ``uniquingScope``, which the binary writer reads, and ``repeatedLater``.
  package var form: UInt8 = 0

  /// A node of `kind` with `payload`.
  @inlinable
  package init(_ kind: Kind, payload: UInt64 = 0) {
    self.kind = kind
    self.payload = payload
  }

  // The constants are computed rather than stored: a stored static is reached through its
  // accessor from another module.

  /// The payload of a container without children.
  @inlinable package static var noChildren: UInt64 { UInt64.max }

  /// ``count`` of a real encoded from a `Float`, which Foundation's binary writer writes in
  /// 4 bytes (a scalar has no children to count).
  @inlinable package static var floatWidth: Int32 { 4 }
  /// ``count`` of an integer encoded from a `UInt` or `UInt64`, which Foundation's binary
  /// writer writes in 16 bytes whatever its value.
  @inlinable package static var unsignedWidth: Int32 { 16 }

  /// ``form`` of a node that begins a new uniquing scope: Foundation's binary encoder shares
  /// equal values only among those one encoder encoded, and the encoder `superEncoder()`
  /// returns is a new one, so the binary writer shares nothing between the node and what is
  /// outside it.
  @inlinable package static var uniquingScope: UInt8 { 0xFF }
  /// ``form`` of a container that a ``Kind/repeated`` node names later, whose object number
  /// the binary writer keeps.
  @inlinable package static var repeatedLater: UInt8 { 0xFE }

  /// A container's first child, or -1: the low half of the payload.
  @inlinable
  package var first: Int32 {
    get { Int32(truncatingIfNeeded: payload) }
    set { payload = payload & 0xFFFF_FFFF_0000_0000 | UInt64(UInt32(bitPattern: newValue)) }
  }

  /// A container's last child, or -1: the high half of the payload.
  @inlinable
  package var last: Int32 {
    get { Int32(truncatingIfNeeded: payload >> 32) }
    set { payload = payload & 0xFFFF_FFFF | UInt64(UInt32(bitPattern: newValue)) << 32 }
  }
}
