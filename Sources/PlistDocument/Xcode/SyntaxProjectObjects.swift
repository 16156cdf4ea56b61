import PlistKit
import XcodeProject

/// The objects of an Xcode project document, read from its syntax for Xcode's comment rules
/// without making the project's value: a 60,000-file project has 300,000 objects.
struct SyntaxProjectObjects: XcodeProjectObjects {
  let text: [UInt8]
  let tree: SyntaxTree
  /// The `objects` dictionary's node.
  let objectsNode: Int?
  let rootObject: String?
  let objectVersion: String?
  /// Object IDs by a hash of their bytes, sorted, for lookups by ID.
  private let index: [(hash: UInt64, key: Int32)]

  init(text: [UInt8], tree: SyntaxTree) {
    self.text = text
    self.tree = tree
    let objectsNode = Self.objectsNode(text: text, tree: tree)
    self.objectsNode = objectsNode
    rootObject = Self.topLevelString(Self.rootObjectKey, text: text, tree: tree)
    objectVersion = Self.objectVersion(text: text, tree: tree)
    var index: [(hash: UInt64, key: Int32)] = []
    if let objectsNode {
      for (key, value) in tree.entries(objectsNode) where tree.kind(value) == .dictionary {
        guard let key else { continue }
        index.append((Self.hash(text, tree.span(key)), Int32(key)))
      }
    }
    index.sort { $0.hash < $1.hash }
    self.index = index
  }

  private static let objectsKey = Array("objects".utf8)

  /// The node of the top-level `objects` dictionary, found without indexing the objects.
  static func objectsNode(text: [UInt8], tree: SyntaxTree) -> Int? {
    guard tree.count > 0, tree.kind(0) == .dictionary else { return nil }
    var found: Int?
    for (key, value) in tree.entries(0) where tree.kind(value) == .dictionary {
      if let key, SyntaxText.matches(text, tree.span(key), format: .openStep, utf8: objectsKey) { found = value }
    }
    return found
  }
  private static let rootObjectKey = Array("rootObject".utf8)
  private static let objectVersionKey = Array("objectVersion".utf8)

  /// The project's top-level `objectVersion`, found without indexing the objects.
  static func objectVersion(text: [UInt8], tree: SyntaxTree) -> String? {
    topLevelString(objectVersionKey, text: text, tree: tree)
  }

  /// The string under the top-level key `utf8` (the last one, as the reader keeps).
  private static func topLevelString(_ utf8: [UInt8], text: [UInt8], tree: SyntaxTree) -> String? {
    guard tree.count > 0, tree.kind(0) == .dictionary else { return nil }
    var found: String?
    for (key, value) in tree.entries(0) where tree.kind(value) == .string {
      if let key, SyntaxText.matches(text, tree.span(key), format: .openStep, utf8: utf8) {
        found = SyntaxText.string(text, tree.span(value), format: .openStep)
      }
    }
    return found
  }

  /// FNV-1a over a token's characters (the decoded string for a token with escapes).
  static func hash(_ text: [UInt8], _ span: Range<Int>) -> UInt64 {
    if let raw = SyntaxText.rawContent(text, span, format: .openStep) { return hash(text[raw]) }
    return hash(Array(SyntaxText.string(text, span, format: .openStep).utf8)[...])
  }

  static func hash<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt64 {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return value
  }

  func forEachObject(_ body: (String, Int) -> Void) {
    guard let objectsNode else { return }
    for (key, value) in tree.entries(objectsNode) where tree.kind(value) == .dictionary {
      guard let key else { continue }
      body(SyntaxText.string(text, tree.span(key), format: .openStep), value)
    }
  }

  /// The key node of the object `id`.
  func keyNode(ofObject id: String) -> Int? {
    let utf8 = Array(id.utf8)
    let hash = Self.hash(utf8[...])
    var low = 0
    var high = index.count
    while low < high {
      let middle = (low + high) / 2
      if index[middle].hash < hash { low = middle + 1 } else { high = middle }
    }
    var found: Int?
    while low < index.count, index[low].hash == hash {
      let key = Int(index[low].key)
      if SyntaxText.matches(text, tree.span(key), format: .openStep, utf8: utf8) {
        // A repeated ID: the reader keeps the last one's value.
        if found.map({ key > $0 }) ?? true { found = key }
      }
      low += 1
    }
    return found
  }

  func object(withID id: String) -> Int? { keyNode(ofObject: id).map { $0 + 1 } }

  func value(_ key: String, in object: Int) -> Int? {
    let utf8 = Array(key.utf8)
    var found: Int?
    // The entries in place: a project's objects are many and small.
    var child = object + 1
    while child < tree.next(object) {
      let value = child + 1
      if SyntaxText.matches(text, tree.span(child), format: .openStep, utf8: utf8) { found = value }
      child = tree.next(value)
    }
    return found
  }

  /// True when the string node `node` is exactly `utf8`, without decoding it.
  func stringNode(_ node: Int?, is utf8: [UInt8]) -> Bool {
    guard let node, tree.kind(node) == .string else { return false }
    return SyntaxText.matches(text, tree.span(node), format: .openStep, utf8: utf8)
  }

  /// Calls `body` with the key node and the value node of every object, in file order.
  func forEachObjectNode(_ body: (Int, Int) -> Void) {
    guard let objectsNode else { return }
    var child = objectsNode + 1
    while child < tree.next(objectsNode) {
      let value = child + 1
      if tree.kind(value) == .dictionary { body(child, value) }
      child = tree.next(value)
    }
  }

  func string(_ key: String, in object: Int) -> String? {
    guard let node = value(key, in: object), tree.kind(node) == .string else { return nil }
    return SyntaxText.string(text, tree.span(node), format: .openStep)
  }

  func strings(_ key: String, in object: Int) -> [String] {
    guard let node = value(key, in: object), tree.kind(node) == .array else { return [] }
    return tree.children(node).compactMap {
      tree.kind($0) == .string ? SyntaxText.string(text, tree.span($0), format: .openStep) : nil
    }
  }
}
