@_spi(PropertyListMap) import PlistKit

extension EncodingArena {
  /// The value of `node` as a property list, dictionary keys in the order they were encoded.
  /// A key encoded twice keeps its first place and its last value.
  func propertyList(_ node: Int32) -> PropertyList {
    let value = nodes[Int(node)]
    switch value.kind {
    case .string: return .string(strings[Int(value.payload)])
    case .null: return .string(PropertyListMap.null)
    case .integer: return .integer(Int64(bitPattern: value.payload))
    case .largeInteger: return .integer(value.payload)
    case .real: return .real(Double(bitPattern: value.payload))
    case .boolean: return .boolean(value.payload != 0)
    case .date: return .date(PropertyListDate(secondsSinceReferenceDate: Double(bitPattern: value.payload)))
    case .data: return .data([UInt8](data[Int(value.payload)]))
    case .uid: return .uid(value.payload)
    case .repeated: preconditionFailure("an encoding repeats nothing")
    case .array:
      var elements: [PropertyList] = []
      elements.reserveCapacity(Int(value.count))
      var child = value.first
      while child >= 0 {
        elements.append(propertyList(child))
        child = nodes[Int(child)].next
      }
      return .array(elements)
    case .dictionary:
      let children = self.children(of: node)
      var keys: [String] = []
      var values: [PropertyList] = []
      keys.reserveCapacity(children.count)
      values.reserveCapacity(children.count)
      for child in children {
        keys.append(key(of: child))
        values.append(propertyList(child))
      }
      return .dictionary(PropertyListDictionary(keys: keys, values: values))
    }
  }
}
