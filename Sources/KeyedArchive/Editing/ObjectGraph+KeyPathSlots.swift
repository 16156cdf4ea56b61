import PlistKit

/// Where a key path ends: the place that holds the value (a reference or an inline value).
enum ArchiveSlot: Hashable {
  /// A `$top` entry.
  case top(String)
  /// A field of an object.
  case field(id: Int, key: String)
  /// An element of an NSArray or NSSet (`NS.objects`).
  case element(id: Int, index: Int)
  /// The value of an NSDictionary entry, at its position in `NS.keys`/`NS.objects`.
  case entry(id: Int, index: Int)
  /// A new NSDictionary entry (for a set or an insert).
  case newEntry(id: Int, key: String)
  /// A new NSArray element before `index` (for an insert; the count appends).
  case newElement(id: Int, index: Int)
}

/// Finding the slot a key path names, following references through the self.
extension ObjectGraph {
  /// The reference or inline value in a slot.
  func content(of slot: ArchiveSlot) -> PropertyList? {
    switch slot {
    case .top(let key): return self.top[key]
    case .field(let id, let key): return self[id].instance?.fields[key]
    case .element(let id, let index): return self[id].instance?.fields["NS.objects"]?.arrayValue?[index]
    case .entry(let id, let index): return self[id].instance?.fields["NS.objects"]?.arrayValue?[index]
    case .newEntry, .newElement: return nil
    }
  }

  /// Where an insert at `path` goes: a place that holds nothing yet. With `append`, `path`
  /// names an NSArray and the place is after its last element.
  func insertionSlot(at path: PropertyListKeyPath, append: Bool) throws(KeyedArchiveError) -> ArchiveSlot {
    if append {
      let slot = try self.slot(at: path, creating: false)
      let target = content(of: slot) ?? .string("")
      guard let id = target.uidValue.map(Int.init), id < count, let instance = self[id].instance,
        instance.fields["NS.keys"] == nil, let objects = instance.fields["NS.objects"]?.arrayValue
      else {
        throw KeyedArchiveError(
          .keyPath, at: path.description, "expected an array to append to, found \(withArticle(describe(target)))")
      }
      return .newElement(id: id, index: objects.count)
    }
    guard !path.components.isEmpty else {
      throw KeyedArchiveError(.keyPath, at: "", "cannot replace the root object")
    }
    let slot = try self.slot(at: path, creating: true)
    switch slot {
    case .newEntry: return slot
    case .element(let id, let index):
      // Before an existing element (`-1`: the last): that element and the ones after it move up.
      return .newElement(id: id, index: index)
    case .top(let key) where top[key] == nil: return slot
    case .field(let id, let key) where self[id].instance?.fields[key] == nil: return slot
    case .top, .field, .entry:
      throw KeyedArchiveError(.keyPath, at: path.description, "a value is there already; use set to replace it")
    case .newElement:
      return slot
    }
  }

  /// The element count of the NSArray or NSSet at `path` (the root object when the path is
  /// empty); nil when the path leads nowhere or to another kind of value.
  func arrayCount(at path: PropertyListKeyPath) -> Int? {
    let target: PropertyList?
    if path.components.isEmpty {
      target = top.count == 1 && top.keys[0].lowercased() == "root" ? top.values[0] : nil
    } else {
      target = (try? slot(at: path, creating: false)).flatMap(content(of:))
    }
    guard let id = target?.uidValue.map(Int.init), id < count, let instance = self[id].instance,
      instance.fields["NS.keys"] == nil
    else { return nil }
    return instance.fields["NS.objects"]?.arrayValue?.count
  }

  func slot(at path: PropertyListKeyPath, creating: Bool) throws(KeyedArchiveError) -> ArchiveSlot {
    var components = path.components[...]
    var current: PropertyList
    var walked = PropertyListKeyPath(components: [])
    if self.top.count == 1, self.top.keys[0].lowercased() == "root" {
      current = self.top.values[0]
    } else {
      guard let first = components.popFirst() else {
        throw KeyedArchiveError(.keyPath, at: "", "name an entry of the archive")
      }
      walked = walked.appending(first)
      guard components.isEmpty else {
        guard let value = self.top[first] else { throw Self.noSuchKey(walked) }
        current = value
        return try descend(from: current, components, walked: walked, creating: creating)
      }
      guard creating || self.top[first] != nil else { throw Self.noSuchKey(walked) }
      return .top(first)
    }
    guard !components.isEmpty else {
      throw KeyedArchiveError(.keyPath, at: "", "cannot replace the root object")
    }
    return try descend(from: current, components, walked: walked, creating: creating)
  }

  /// Follows `components` from `start` (a reference), returning the slot of the last one.
  func descend(
    from start: PropertyList, _ components: ArraySlice<String>, walked: PropertyListKeyPath, creating: Bool
  ) throws(KeyedArchiveError) -> ArchiveSlot {
    var current = start
    var walked = walked
    var remaining = components
    while let component = remaining.popFirst() {
      walked = walked.appending(component)
      guard let id = current.uidValue.map(Int.init), id < self.count, let instance = self[id].instance else {
        throw KeyedArchiveError(
          .keyPath, at: walked.description, "cannot look inside \(withArticle(describe(current)))")
      }
      let slot = try child(component, of: instance, id: id, walked: walked, creating: creating && remaining.isEmpty)
      if remaining.isEmpty { return slot }
      guard let next = content(of: slot) else { throw Self.noSuchKey(walked) }
      current = next
    }
    throw KeyedArchiveError(.keyPath, at: walked.description, "empty key path")
  }

  func child(
    _ component: String, of instance: ArchivedInstance, id: Int, walked: PropertyListKeyPath, creating: Bool
  ) throws(KeyedArchiveError) -> ArchiveSlot {
    let objects = instance.fields["NS.objects"]?.arrayValue
    if let objects, let keys = instance.fields["NS.keys"]?.arrayValue {
      for (index, key) in keys.enumerated() {
        if let keyID = key.uidValue.map(Int.init), keyID < self.count,
          self[keyID].value?.stringValue?.exactlyEquals(component) == true, index < objects.count
        {
          return .entry(id: id, index: index)
        }
      }
      if creating { return .newEntry(id: id, key: component) }
      throw Self.noSuchKey(walked)
    }
    if let objects {
      if creating, Int(component) == objects.count { return .newElement(id: id, index: objects.count) }
      guard let index = PropertyListKeyPath.index(component, count: objects.count), index < objects.count else {
        throw KeyedArchiveError(
          .keyPath, at: walked.description,
          "'\(component)' is not an index of this \(instance.className) of \(counted(objects.count, "element"))")
      }
      return .element(id: id, index: index)
    }
    guard instance.fields[component] == nil else { return .field(id: id, key: component) }
    guard creating else { throw Self.noSuchKey(walked) }
    var graph = self
    if let viewed = ClassViews.viewedName(of: instance.classChain),
      (try? ClassViews.shape(of: viewed, instance.fields, in: &graph)) != nil
    {
      // The plain view shows this object by what it holds ("red", "runs"), not by its fields: a
      // new field would be stored where no view shows it.
      throw KeyedArchiveError(
        .keyPath, at: walked.description,
        "\(withArticle(viewed)) is shown by its class view, which a key path does not edit; "
          + "set or remove one of its archived fields instead (\(instance.fields.keys.joined(separator: ", ")))")
    }
    return .field(id: id, key: component)
  }

  private static func noSuchKey(_ path: PropertyListKeyPath) -> KeyedArchiveError {
    KeyedArchiveError(.keyPath, at: path.description, "no such key")
  }

  /// What a value in a slot is, for messages: the object's class, or the value's kind.
  func describe(_ value: PropertyList) -> String {
    guard let id = value.uidValue.map(Int.init), id < count else { return value.kind.rawValue }
    switch self[id] {
    case .null: return "nil object"
    case .value(let inner): return inner.kind.rawValue
    case .instance(let instance): return instance.className
    }
  }
}
