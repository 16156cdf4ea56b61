import PlistKit

extension ObjectGraph {
  /// Copies the object `id` and everything it reaches into new nodes of this graph and
  /// returns the id of the copy.
  ///
  /// The copy keeps the identity structure: what was shared among the copied objects is
  /// shared within the copy, cycles are copied as cycles, and no node of the copy is a node of
  /// the original (editing one never shows in the other). The null object stays the null
  /// object. (Copying the whole graph needs no method: ``ObjectGraph`` is a value.)
  ///
  /// Iterative and linear in the number of nodes reached.
  public mutating func deepCopyObject(_ id: Int) -> Int {
    guard id != Self.nullID else { return Self.nullID }
    var copyID: [Int: Int] = [:]
    var order: [Int] = []
    var stack = [id]
    while let node = stack.popLast() {
      guard copyID[node] == nil, node != Self.nullID else { continue }
      copyID[node] = count + order.count
      order.append(node)
      if case .instance(let instance) = objects[node] {
        var references: [Int] = []
        for value in instance.fields.values { ArchiveNumbering.collectReferences(value, into: &references) }
        stack.append(contentsOf: references.reversed())
      }
    }
    func remap(_ value: PropertyList) -> PropertyList {
      switch value {
      case .uid(let uid): .uid(UInt64(copyID[Int(uid)] ?? Self.nullID))
      case .array(let elements): .array(elements.map(remap))
      case .dictionary(let dictionary):
        .dictionary(PropertyListDictionary(dictionary.map { ($0.key, remap($0.value)) }))
      default: value
      }
    }
    for node in order {
      switch objects[node] {
      case .instance(var instance):
        instance.fields = PropertyListDictionary(instance.fields.map { ($0.key, remap($0.value)) })
        add(.instance(instance))
      case let other:
        add(other)
      }
    }
    return copyID[id]!
  }
}
