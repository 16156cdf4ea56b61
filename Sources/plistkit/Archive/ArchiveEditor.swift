import KeyedArchive
import PlistKit

/// Key paths through a keyed archive's object graph, for `--archive`: the path names what
/// the archive means, not how it is stored. `Presidents.0.Name` walks from the `$top` key
/// `Presidents` through the NSArray's elements to the President's `Name` field, following
/// references; NSDictionary entries are found by key. (When `$top` has the single key `root`,
/// paths start inside the root object, as in the plain view.)
struct ArchiveEditor {
  /// The graph being read or changed.
  var graph: ObjectGraph

  /// Where a key path ends: the slot that holds the value (a reference or an inline value).
  enum Slot: Equatable {
    /// A `$top` entry.
    case top(String)
    /// A field of an object.
    case field(id: Int, key: String)
    /// An element of an NSArray or NSSet (`NS.objects`).
    case element(id: Int, index: Int)
    /// The value of an NSDictionary entry, at its position in `NS.keys`/`NS.objects`.
    case entry(id: Int, index: Int)
    /// A new NSDictionary entry (for set).
    case newEntry(id: Int, key: String)
  }

  /// Reads the archive of a property list.
  init(archive: PropertyList) throws(PropertyListError) {
    do {
      graph = try ObjectGraph(archive: archive)
    } catch {
      throw Self.error(error)
    }
  }

  /// The plain view of the archive (Foundation containers as arrays and dictionaries, other
  /// objects as dictionaries with `$class`), for `print` and `get`.
  func plainView() throws(PropertyListError) -> PropertyList {
    do {
      return try graph.plainView()
    } catch {
      throw Self.error(error)
    }
  }

  /// The archive after the edits, as a property list.
  func archive() throws(PropertyListError) -> PropertyList {
    do {
      return try graph.archivedPropertyList()
    } catch {
      throw Self.error(error)
    }
  }

  /// Sets the value at `path`: strings, numbers, booleans and data become new objects (the old
  /// one stays for whoever else refers to it); a number or boolean stored inline stays inline.
  mutating func setValue(_ value: PropertyList, at path: PropertyListKeyPath) throws(PropertyListError) {
    switch value {
    case .string, .integer, .real, .boolean, .data: break
    default:
      throw PropertyListError(
        .notRepresentable, at: .keyPath(path.description),
        "only strings, numbers, booleans and data can be set inside an archive, not \(TypeName.withArticle(value))")
    }
    let slot = try self.slot(at: path, creating: true)
    // Foundation stores numbers and booleans encoded with encodeInt/encodeBool inline, and
    // objects (strings, data, NSNumber) as references: keep whichever the field used.
    if case .field(let id, let key) = slot, let old = graph[id].instance?.fields[key], old.uidValue == nil,
      value.kind != .string, value.kind != .data
    {
      try store(value, in: slot)
      return
    }
    let node = graph.add(.value(value))
    try store(.uid(UInt64(node)), in: slot)
  }

  /// Removes the value at `path` from its object, array, dictionary or `$top`.
  mutating func removeValue(at path: PropertyListKeyPath) throws(PropertyListError) {
    let slot = try self.slot(at: path, creating: false)
    switch slot {
    case .top(let key): graph.top.removeValue(forKey: key)
    case .field(let id, let key):
      var instance = graph[id].instance!
      instance.fields.removeValue(forKey: key)
      graph[id] = .instance(instance)
    case .element(let id, let index):
      try modifyList("NS.objects", of: id) { $0.remove(at: index) }
    case .entry(let id, let index):
      try modifyList("NS.keys", of: id) { $0.remove(at: index) }
      try modifyList("NS.objects", of: id) { $0.remove(at: index) }
    case .newEntry:
      throw PropertyListError(.keyPath, at: .keyPath(path.description), "no such key")
    }
  }
}
