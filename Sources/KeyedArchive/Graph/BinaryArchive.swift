import PlistKit

/// A keyed archive in a binary plist, checked entry by entry as ``ObjectGraph/init(archive:limits:)``
/// checks it, whose nodes are made from the file only when the plain view reaches them: showing
/// an archive this way holds the file and a few numbers per object, never the archive's value
/// or its graph.
struct BinaryArchive: ArchiveObjectSource {
  private var table: BinaryArchiveTable
  private let reader: ArchiveGraphReader
  private let numbering: ArchiveGraphReader.Numbering
  /// The `$objects` index of each node (0 for the null object).
  private let entryIndices: [Int]
  /// The ids that each node's fields refer to, one node after another, from
  /// `referenceStarts[id]` to `referenceStarts[id + 1]`.
  private let references: [Int]
  private let referenceStarts: [Int]
  /// `$top`, with node ids.
  let top: PropertyListDictionary

  /// Reads and checks the archive in `bytes`, which the binary reader has checked; nil when it
  /// cannot be read this way or is not a valid archive (reading its value then says why).
  init?(_ bytes: UnsafeRawBufferPointer, limits: ArchiveLimits, readingLimits: PropertyListLimits) {
    guard var table = BinaryArchiveTable(bytes, limits: readingLimits) else { return nil }
    let reader = ArchiveGraphReader(limits: limits)
    guard let header = try? reader.readHeader(table.root), let numbering = try? reader.number(&table),
      let top = try? reader.remap(top: header.top, numbering, entryCount: table.count)
    else { return nil }
    var entryIndices = [0]
    var references: [Int] = []
    var referenceStarts = [0, 0]
    entryIndices.reserveCapacity(numbering.nodeCount)
    referenceStarts.reserveCapacity(numbering.nodeCount + 1)
    for index in 1..<table.count where numbering.nodeIDs[index] >= 0 {
      guard let node = try? reader.node(at: index, of: &table, numbering, skeleton: true) else { return nil }
      if case .instance(let instance) = node {
        for value in instance.fields.values { ArchiveNumbering.collectReferences(value, into: &references) }
      }
      entryIndices.append(index)
      referenceStarts.append(references.count)
    }
    self.table = table
    self.reader = reader
    self.numbering = numbering
    self.entryIndices = entryIndices
    self.references = references
    self.referenceStarts = referenceStarts
    self.top = top
  }

  var count: Int { entryIndices.count }

  mutating func object(_ id: Int) throws(KeyedArchiveError) -> ArchivedObject {
    guard id != ObjectGraph.nullID else { return .null }
    return try reader.node(at: entryIndices[id], of: &table, numbering)
  }

  func referenceTable() -> (references: [Int], starts: [Int]) { (references, referenceStarts) }
}
