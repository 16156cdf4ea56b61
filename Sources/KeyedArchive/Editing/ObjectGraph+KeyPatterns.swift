import PlistKit

/// Key paths with wildcards and negative indices through an archive's objects: the same walk as
/// ``ObjectGraph/setValue(_:at:)``, where `*` takes every `$top` key, every field of an object,
/// every element of an NSArray or NSSet and every key of an NSDictionary.
extension ObjectGraph {
  /// The concrete key path of every value `pattern` names, in archive order.
  ///
  /// Up to the first wildcard the pattern must lead somewhere, and a failure there is the error
  /// ``removeValue(at:)`` gives; below a wildcard, a match that leads nowhere is dropped.
  ///
  /// - Throws: ``KeyedArchiveError`` of kind ``KeyedArchiveError/Kind/keyPath`` when the path
  ///   before the first wildcard leads nowhere, or when nothing matches.
  public func keyPaths(matching pattern: PropertyListKeyPattern) throws(KeyedArchiveError) -> [PropertyListKeyPath] {
    try matchingSlots(pattern).map(\.path)
  }

  /// Removes every value `pattern` names (see ``keyPaths(matching:)``) and returns how many
  /// places were emptied: a place that several key paths reach through shared objects is
  /// emptied once.
  ///
  /// - Throws: ``KeyedArchiveError`` of kind ``KeyedArchiveError/Kind/keyPath`` as
  ///   ``keyPaths(matching:)`` does; nothing is removed then.
  @discardableResult
  public mutating func removeValues(matching pattern: PropertyListKeyPattern) throws(KeyedArchiveError) -> Int {
    var seen = Set<ArchiveSlot>()
    let slots = try matchingSlots(pattern).map(\.slot).filter { seen.insert($0).inserted }
    // Later positions of a list first, so that every earlier position still means what it did.
    for slot in slots.sorted(by: { Self.position($0) > Self.position($1) }) { remove(slot) }
    return slots.count
  }

  private static func position(_ slot: ArchiveSlot) -> Int {
    switch slot {
    case .element(_, let index), .entry(_, let index): index
    default: -1
    }
  }

  private func matchingSlots(
    _ pattern: PropertyListKeyPattern
  ) throws(KeyedArchiveError) -> [(path: PropertyListKeyPath, slot: ArchiveSlot)] {
    var found: [(path: PropertyListKeyPath, slot: ArchiveSlot)] = []
    var components = pattern.components[...]
    if top.count == 1, top.keys[0].lowercased() == "root" {
      guard !components.isEmpty else { throw KeyedArchiveError(.keyPath, at: "", "name a value inside the root") }
      var trail: [String] = []
      try collect(components, from: top.values[0], strict: true, trail: &trail, into: &found)
    } else {
      guard let first = components.popFirst() else {
        throw KeyedArchiveError(.keyPath, at: "", "name an entry of the archive")
      }
      let keys: [String]
      switch first {
      case .any, .glob: keys = top.keys.filter { first.matches($0) }
      case .name(let key):
        guard top[key] != nil else {
          throw KeyedArchiveError(.keyPath, at: PropertyListKeyPath(components: [key]).description, "no such key")
        }
        keys = [key]
      }
      for key in keys {
        var trail = [key]
        if components.isEmpty {
          found.append((PropertyListKeyPath(components: trail), .top(key)))
        } else {
          try collect(components, from: top[key]!, strict: first.isName, trail: &trail, into: &found)
        }
      }
    }
    guard !found.isEmpty else {
      throw KeyedArchiveError(.keyPath, at: pattern.description, "no value matches this key path")
    }
    return found
  }

  /// Follows `pattern` (not empty) from the value `start`, a reference to the object to look in.
  private func collect(
    _ pattern: ArraySlice<PropertyListKeyPattern.Component>, from start: PropertyList, strict: Bool,
    trail: inout [String], into found: inout [(path: PropertyListKeyPath, slot: ArchiveSlot)]
  ) throws(KeyedArchiveError) {
    let component = pattern.first!
    let rest = pattern.dropFirst()
    guard let id = start.uidValue.map(Int.init), id < count, let instance = self[id].instance else {
      guard strict else { return }
      let here = PropertyListKeyPath(components: trail).description
      let name = PropertyListKeyPattern(components: [component]).description
      throw KeyedArchiveError(
        .keyPath, at: here.isEmpty ? name : here + "." + name, "cannot look inside a \(describe(start))")
    }
    var children: [(component: String, slot: ArchiveSlot)] = []
    switch component {
    case .name(let name):
      do {
        let slot = try child(
          name, of: instance, id: id, walked: PropertyListKeyPath(components: trail + [name]), creating: false)
        switch slot {
        case .element(_, let index): children = [(String(index), slot)]
        default: children = [(name, slot)]
        }
      } catch  where !strict {
        return
      }
    case .any, .glob: children = allChildren(of: instance, id: id).filter { component.matches($0.component) }
    }
    let strictBelow = strict && component.isName
    for (name, slot) in children {
      trail.append(name)
      defer { trail.removeLast() }
      if rest.isEmpty {
        found.append((PropertyListKeyPath(components: trail), slot))
      } else if let next = content(of: slot) {
        try collect(rest, from: next, strict: strictBelow, trail: &trail, into: &found)
      }
    }
  }

  /// Every place one level inside an object, as ``child(_:of:id:walked:creating:)`` names them.
  private func allChildren(of instance: ArchivedInstance, id: Int) -> [(component: String, slot: ArchiveSlot)] {
    guard let objects = instance.fields["NS.objects"]?.arrayValue else {
      return instance.fields.keys.map { ($0, .field(id: id, key: $0)) }
    }
    guard let keys = instance.fields["NS.keys"]?.arrayValue else {
      return objects.indices.map { (String($0), .element(id: id, index: $0)) }
    }
    var children: [(component: String, slot: ArchiveSlot)] = []
    for (index, key) in keys.enumerated() where index < objects.count {
      if let keyID = key.uidValue.map(Int.init), keyID < count, let name = self[keyID].value?.stringValue {
        children.append((name, .entry(id: id, index: index)))
      }
    }
    return children
  }
}

extension PropertyListKeyPattern.Component {
  /// True for a key or index, which names one place (a wildcard or glob may name none).
  fileprivate var isName: Bool {
    if case .name = self { true } else { false }
  }
}
