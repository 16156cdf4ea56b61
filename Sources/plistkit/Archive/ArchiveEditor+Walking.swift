import KeyedArchive
import PlistKit

/// Finding the slot a key path names, following references through the graph.
extension ArchiveEditor {
  /// The reference or inline value in a slot.
  func content(of slot: Slot) -> PropertyList? {
    switch slot {
    case .top(let key): return graph.top[key]
    case .field(let id, let key): return graph[id].instance?.fields[key]
    case .element(let id, let index): return graph[id].instance?.fields["NS.objects"]?.arrayValue?[index]
    case .entry(let id, let index): return graph[id].instance?.fields["NS.objects"]?.arrayValue?[index]
    case .newEntry: return nil
    }
  }

  func slot(at path: PropertyListKeyPath, creating: Bool) throws(PropertyListError) -> Slot {
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
  func descend(
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

  func child(
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
}
