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

  // MARK: - Walking

  /// The reference or inline value in a slot.
  private func content(of slot: Slot) -> PropertyList? {
    switch slot {
    case .top(let key): return graph.top[key]
    case .field(let id, let key): return graph[id].instance?.fields[key]
    case .element(let id, let index): return graph[id].instance?.fields["NS.objects"]?.arrayValue?[index]
    case .entry(let id, let index): return graph[id].instance?.fields["NS.objects"]?.arrayValue?[index]
    case .newEntry: return nil
    }
  }

  private func slot(at path: PropertyListKeyPath, creating: Bool) throws(PropertyListError) -> Slot {
    var components = path.components[...]
    var current: PropertyList
    var walked = PropertyListKeyPath(components: [])
    if graph.top.count == 1, graph.top.keys[0].lowercased() == "root" {
      current = graph.top.values[0]
    } else {
      guard let first = components.popFirst() else {
        throw PropertyListError(.keyPath, at: .keyPath(""), "name an entry of the archive")
      }
      walked = walked.appending(first)
      guard components.isEmpty else {
        guard let value = graph.top[first] else { throw Self.noSuchKey(walked) }
        current = value
        return try descend(from: current, components, walked: walked, creating: creating)
      }
      guard creating || graph.top[first] != nil else { throw Self.noSuchKey(walked) }
      return .top(first)
    }
    guard !components.isEmpty else {
      throw PropertyListError(.keyPath, at: .keyPath(""), "cannot replace the root object")
    }
    return try descend(from: current, components, walked: walked, creating: creating)
  }

  /// Follows `components` from `start` (a reference), returning the slot of the last one.
  private func descend(
    from start: PropertyList, _ components: ArraySlice<String>, walked: PropertyListKeyPath, creating: Bool
  ) throws(PropertyListError) -> Slot {
    var current = start
    var walked = walked
    var remaining = components
    while let component = remaining.popFirst() {
      walked = walked.appending(component)
      guard let id = current.uidValue.map(Int.init), id < graph.count, let instance = graph[id].instance else {
        throw PropertyListError(
          .keyPath, at: .keyPath(walked.description), "cannot look inside a \(Self.describe(current, in: graph))")
      }
      let slot = try child(component, of: instance, id: id, walked: walked, creating: creating && remaining.isEmpty)
      if remaining.isEmpty { return slot }
      guard let next = content(of: slot) else { throw Self.noSuchKey(walked) }
      current = next
    }
    throw PropertyListError(.keyPath, at: .keyPath(walked.description), "empty key path")
  }

  private func child(
    _ component: String, of instance: ArchivedInstance, id: Int, walked: PropertyListKeyPath, creating: Bool
  ) throws(PropertyListError) -> Slot {
    let objects = instance.fields["NS.objects"]?.arrayValue
    if let objects, let keys = instance.fields["NS.keys"]?.arrayValue {
      for (index, key) in keys.enumerated() {
        if let keyID = key.uidValue.map(Int.init), keyID < graph.count,
          graph[keyID].value?.stringValue?.exactlyEquals(component) == true, index < objects.count
        {
          return .entry(id: id, index: index)
        }
      }
      if creating { return .newEntry(id: id, key: component) }
      throw Self.noSuchKey(walked)
    }
    if let objects {
      guard let index = Int(component), index >= 0, index < objects.count else {
        throw PropertyListError(
          .keyPath, at: .keyPath(walked.description),
          "'\(component)' is not an index of this \(instance.className) of \(objects.count) elements")
      }
      return .element(id: id, index: index)
    }
    guard creating || instance.fields[component] != nil else { throw Self.noSuchKey(walked) }
    return .field(id: id, key: component)
  }

  // MARK: - Storing

  private mutating func store(_ content: PropertyList, in slot: Slot) throws(PropertyListError) {
    switch slot {
    case .top(let key): graph.top[key] = content
    case .field(let id, let key):
      var instance = graph[id].instance!
      instance.fields[key] = content
      graph[id] = .instance(instance)
    case .element(let id, let index):
      try modifyList("NS.objects", of: id) { $0[index] = content }
    case .entry(let id, let index):
      try modifyList("NS.objects", of: id) { $0[index] = content }
    case .newEntry(let id, let key):
      let keyNode = graph.add(.value(.string(key)))
      try modifyList("NS.keys", of: id) { $0.append(.uid(UInt64(keyNode))) }
      try modifyList("NS.objects", of: id) { $0.append(content) }
    }
  }

  private mutating func modifyList(
    _ field: String, of id: Int, _ change: (inout [PropertyList]) -> Void
  )
    throws(PropertyListError)
  {
    var instance = graph[id].instance!
    var list = instance.fields[field]?.arrayValue ?? []
    change(&list)
    instance.fields[field] = .array(list)
    graph[id] = .instance(instance)
  }

  // MARK: - Errors

  private static func noSuchKey(_ path: PropertyListKeyPath) -> PropertyListError {
    PropertyListError(.keyPath, at: .keyPath(path.description), "no such key")
  }

  private static func describe(_ value: PropertyList, in graph: ObjectGraph) -> String {
    guard let id = value.uidValue.map(Int.init), id < graph.count else { return value.kind.rawValue }
    switch graph[id] {
    case .null: return "nil object"
    case .value(let inner): return inner.kind.rawValue
    case .instance(let instance): return instance.className
    }
  }

  /// An archive error as the CLI reports errors: at its key path.
  static func error(_ error: KeyedArchiveError) -> PropertyListError {
    PropertyListError(.invalidValue, at: .keyPath(error.keyPath), error.message)
  }
}
