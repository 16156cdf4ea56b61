import KeyedArchive
import PlistKit

/// Writing into a slot: a field, an array element, a dictionary entry or `$top`.
extension ArchiveEditor {
  mutating func store(_ content: PropertyList, in slot: Slot) throws(PropertyListError) {
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

  mutating func modifyList(
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
}
