extension PropertyListMap {
  /// Lays out a value. An array or dictionary whose storage occurs in several places (a
  /// value read from a binary plist that shares it, or one copied into several places) is
  /// laid out once, so that a value that would expand exponentially stays small.
  public init(value root: PropertyList, limits: PropertyListLimits) throws(PropertyListError) {
    var builder = PropertyListMapBuilder(limits: limits)
    /// An open container and how far through it the walk is.
    struct Frame {
      let elements: [PropertyList]
      let dictionary: PropertyListDictionary?
      var next = 0
    }
    var stack: [Frame] = []
    var laidOut: [StorageAddress: Int] = [:]

    func visit(_ value: PropertyList) throws(PropertyListError) {
      switch value {
      case .array(let elements):
        let address = StorageAddress(elements)
        if let address, let entry = laidOut[address] { return try builder.shared(entry) }
        if let address { laidOut[address] = builder.entryCount }
        try builder.beginArray()
        stack.append(Frame(elements: elements, dictionary: nil))
      case .dictionary(let dictionary):
        let address = StorageAddress(dictionary.values, keys: dictionary.keys)
        if let address, let entry = laidOut[address] { return try builder.shared(entry) }
        if let address { laidOut[address] = builder.entryCount }
        try builder.beginDictionary()
        stack.append(Frame(elements: dictionary.values, dictionary: dictionary))
      default:
        try builder.scalar(value)
      }
    }

    try visit(root)
    while let top = stack.last {
      guard top.next < top.elements.count else {
        stack.removeLast()
        try builder.end()
        continue
      }
      stack[stack.count - 1].next += 1
      if let dictionary = top.dictionary { try builder.key(dictionary.keys[top.next]) }
      try visit(top.elements[top.next])
    }
    self = builder.map
  }
}

/// The address of a container's element buffer: the same for every copy of one value, so a
/// value shared in several places is recognised without comparing it. Addresses are compared
/// only while the root value keeps every buffer alive.
private struct StorageAddress: Hashable {
  let elements: UInt
  /// A dictionary's key buffer; 0 for an array.
  let keys: UInt

  init?(_ elements: [PropertyList]) {
    guard !elements.isEmpty, let base = elements.withUnsafeBufferPointer({ $0.baseAddress }) else { return nil }
    self.elements = UInt(bitPattern: base)
    keys = 0
  }

  init?(_ values: [PropertyList], keys: [String]) {
    guard !values.isEmpty, let base = values.withUnsafeBufferPointer({ $0.baseAddress }),
      let keyBase = keys.withUnsafeBufferPointer({ $0.baseAddress })
    else { return nil }
    elements = UInt(bitPattern: base)
    self.keys = UInt(bitPattern: keyBase)
  }
}
