import PlistKit

/// The entries of an archive's `$objects`, one at a time: an array of values read whole, or
/// a binary plist's object table read entry by entry (``BinaryArchiveTable``), so that the
/// one reading of an archive serves both.
protocol ArchiveObjectTable {
  /// The number of entries.
  var count: Int { get }
  /// Entry `index`, `0 ..< count`, as a value.
  mutating func entry(_ index: Int) throws(KeyedArchiveError) -> PropertyList
  /// Entry `index`, or its skeleton: the entry with any of its strings, reals, dates and data
  /// replaced by a stand-in (`false`), which tells as well what the entry is and what it refers
  /// to, for a table that can make it for less.
  mutating func skeleton(_ index: Int) throws(KeyedArchiveError) -> PropertyList
  /// Entry `index`, or its outline: a dictionary with its keys and stand-in values, anything
  /// else a stand-in of its kind, which tells as well what the entry is.
  mutating func outline(_ index: Int) throws(KeyedArchiveError) -> PropertyList
}

extension Array: ArchiveObjectTable where Element == PropertyList {
  func entry(_ index: Int) -> PropertyList { self[index] }
  func skeleton(_ index: Int) -> PropertyList { self[index] }
  func outline(_ index: Int) -> PropertyList { self[index] }
}

/// The nodes of an object graph, by id, for the plain view: a graph's own array, or entries
/// of a binary archive made into nodes when they are reached.
protocol ArchiveObjectSource {
  /// The number of nodes, the null object included.
  var count: Int { get }
  /// The node with id `id`.
  mutating func object(_ id: Int) throws(KeyedArchiveError) -> ArchivedObject
  /// The ids that the fields of each node refer to, in the order of its fields, one node after
  /// another: node `id`'s from `starts[id]` to `starts[id + 1]`.
  mutating func referenceTable() throws(KeyedArchiveError) -> (references: [Int], starts: [Int])
}

extension ObjectGraph: ArchiveObjectSource {
  func object(_ id: Int) -> ArchivedObject { objects[id] }

  func referenceTable() -> (references: [Int], starts: [Int]) {
    var references: [Int] = []
    var starts = [0]
    starts.reserveCapacity(objects.count + 1)
    for object in objects {
      if case .instance(let instance) = object {
        for value in instance.fields.values { ArchiveNumbering.collectReferences(value, into: &references) }
      }
      starts.append(references.count)
    }
    return (references, starts)
  }
}
