import PlistKit

/// Writing into a slot: a field, an array element, a dictionary entry or `$top`.
extension ObjectGraph {
  mutating func store(_ content: PropertyList, in slot: ArchiveSlot) {
    switch slot {
    case .top(let key): top[key] = content
    case .field(let id, let key):
      var instance = self[id].instance!
      instance.fields[key] = content
      self[id] = .instance(instance)
    case .element(let id, let index):
      modifyList("NS.objects", of: id) { $0[index] = content }
    case .entry(let id, let index):
      modifyList("NS.objects", of: id) { $0[index] = content }
    case .newElement(let id, let index):
      modifyList("NS.objects", of: id) { $0.insert(content, at: index) }
    case .newEntry(let id, let key):
      let keyNode = add(.value(.string(key)))
      modifyList("NS.keys", of: id) { $0.append(.uid(UInt64(keyNode))) }
      modifyList("NS.objects", of: id) { $0.append(content) }
    }
  }

  /// Changes the list in field `field` of object `id`.
  mutating func modifyList(_ field: String, of id: Int, _ change: (inout [PropertyList]) -> Void) {
    var instance = self[id].instance!
    var list = instance.fields[field]?.arrayValue ?? []
    change(&list)
    instance.fields[field] = .array(list)
    self[id] = .instance(instance)
  }
}
