import FoundationEssentials
import PlistKit

extension EncodingArena {
  /// The arena as the tree PlistKit's XML and binary writers walk: its nodes, strings and
  /// keys as they are, its `Data` lent without a copy. Valid while the arena lives.
  var tree: PropertyListNodeTree {
    let data = self.data
    return PropertyListNodeTree(
      nodes: UnsafePointer(nodes), nodeCount: nodeCount, strings: strings, keys: keys, dataCount: data.count,
      dataByteCount: data.reduce(0) { $0 + $1.count },
      withData: { index, body in data[index].withUnsafeBytes(body) }, uniquingScopeCount: uniquingScopeCount,
      sharesBooleans: true, keysAreUnique: false)
  }

  /// The value of `node` in XML, byte for byte as Foundation's `PropertyListEncoder` writes it
  /// (keys in Swift's string order, reals in their shortest form), except where its output would
  /// not read back (see ``PlistEncoder``).
  ///
  /// - Throws: `PropertyListError` when a string or date cannot be written in XML.
  func xml(_ node: Int32, options: PropertyListWritingOptions) throws(PropertyListError) -> [UInt8] {
    try XMLPropertyListWriter.write(
      tree, root: node, realStyle: options.xmlRealStyle, sortsKeys: true, budget: OutputBudget(options, format: .xml))
  }

  /// The value of `node` as a `bplist00` with Foundation's `PropertyListEncoder` layout, so that
  /// the bytes are the same as Foundation's: objects numbered in preorder (a container before its
  /// contents, a dictionary's keys before its values, the root first) and written in that order;
  /// strings, numbers, dates, data and the two booleans shared, containers written at each
  /// occurrence; `Float` as a 4-byte real and `UInt`/`UInt64` as 16-byte integers, as Foundation
  /// writes them; the fewest bytes for references and offsets. Where Foundation shares values
  /// that are not the same, this does not (it shares by encoded bytes: `-0.0` and `0.0`, or a
  /// precomposed and a decomposed "é", stay two objects, and `nil` and the string `$null` two).
  /// A key encoded twice is written once, where it was first encoded, with the value encoded
  /// last, as Foundation writes it.
  func binary(_ node: Int32) -> [UInt8] { BinaryPropertyListWriter.write(tree, root: node) }
}
