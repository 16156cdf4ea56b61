import PlistKit

extension EncodingArena {
  /// Reports the value of `node` to `sink` as a reader reports a document, dictionary keys in
  /// the order they were encoded or, with `sortsKeys`, in Swift's string order: so that a
  /// stream writer writes the encoding without a `PropertyList` tree in between.
  ///
  /// A key encoded twice is reported twice (the stream writers stop there, and the caller
  /// writes the tree, which keeps the key once).
  func report<Sink: PropertyListEventSink>(
    _ node: Int32, sortsKeys: Bool, to sink: inout Sink
  ) throws(PropertyListError) {
    var order = KeyOrder()
    try report(node, sortsKeys: sortsKeys, order: &order, to: &sink)
  }

  private func report<Sink: PropertyListEventSink>(
    _ node: Int32, sortsKeys: Bool, order: inout KeyOrder, to sink: inout Sink
  ) throws(PropertyListError) {
    let value = nodes[Int(node)]
    switch value.kind {
    case .string:
      try Self.withUTF8(of: strings[Int(value.payload)]) { (utf8) throws(PropertyListError) in try sink.string(utf8) }
    case .null: try Self.withUTF8(of: DecodingMap.null) { (utf8) throws(PropertyListError) in try sink.string(utf8) }
    case .integer: try sink.scalar(.integer(Int64(bitPattern: value.payload)))
    case .largeInteger: try sink.scalar(.integer(value.payload))
    case .real: try sink.scalar(.real(Double(bitPattern: value.payload)))
    case .boolean: try sink.scalar(.boolean(value.payload != 0))
    case .date: try sink.scalar(.date(PropertyListDate(secondsSinceReferenceDate: Double(bitPattern: value.payload))))
    case .data: try sink.scalar(.data(data[Int(value.payload)]))
    case .uid: try sink.scalar(.uid(value.payload))
    case .shared, .shadowed: preconditionFailure("an encoding shares and repeats nothing")
    case .array:
      try sink.beginArray()
      var child = value.first
      while child >= 0 {
        try report(child, sortsKeys: sortsKeys, order: &order, to: &sink)
        child = nodes[Int(child)].next
      }
      try sink.endArray()
    case .dictionary:
      try sink.beginDictionary()
      var children = self.children(of: node)
      if sortsKeys { order.sort(&children, in: self) }
      for child in children {
        try Self.withUTF8(of: key(of: child)) { (utf8) throws(PropertyListError) in try sink.key(utf8) }
        try report(child, sortsKeys: sortsKeys, order: &order, to: &sink)
      }
      try sink.endDictionary()
    }
  }

  /// Calls `body` with the UTF-8 of `string`, without a copy when the string is native.
  @inline(__always)
  private static func withUTF8(
    of string: String, _ body: (UnsafeBufferPointer<UInt8>) throws(PropertyListError) -> Void
  ) throws(PropertyListError) {
    do {
      if try string.utf8.withContiguousStorageIfAvailable(body) != nil { return }
      var copy = string
      try copy.withUTF8(body)
    } catch {
      // `body` throws nothing else.
      throw error as! PropertyListError
    }
  }
}
