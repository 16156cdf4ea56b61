/// A scanner that finds the nodes of a document its format's reader has accepted: it follows
/// the grammar without checking it, so each format's scanner is only its grammar, and how a
/// scan starts is here once.
protocol SyntaxScanner {
  /// About how many bytes of text one node takes, to reserve the tree's storage up front.
  static var bytesPerNode: Int { get }
  /// A scanner at the start of `text`.
  init(text: UnsafeBufferPointer<UInt8>)
  /// The nodes found so far.
  var tree: SyntaxTree { get set }
  /// Scans the whole document into ``tree``.
  mutating func scanDocument()
}

extension SyntaxScanner {
  /// The nodes of `text`, which the format's reader has accepted.
  static func scan(_ text: [UInt8]) -> SyntaxTree {
    text.withUnsafeBufferPointer { buffer in
      var scanner = Self(text: buffer)
      scanner.tree.reserve(text.count / bytesPerNode)
      scanner.scanDocument()
      return scanner.tree
    }
  }
}
