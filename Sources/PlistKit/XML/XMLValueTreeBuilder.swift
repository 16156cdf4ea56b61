/// Builds the `PropertyList` value of an XML document from the parser's reports: the
/// consumer behind ``XMLPropertyListReader``.
///
/// Nesting lives in an explicit stack, so no document can make it recurse. A repeated key in
/// a dictionary keeps its first position and takes the last value, as
/// ``PropertyListDictionary`` assignment does.
struct XMLValueTreeBuilder: PropertyListEventConsumer {
  /// An open `<array>` or `<dict>` and what it has collected so far.
  private struct Container {
    /// True for `<dict>`, false for `<array>`.
    let isDictionary: Bool
    /// The elements of an array.
    var elements: [PropertyList] = []
    /// The entries of a dictionary.
    var dictionary = PropertyListDictionary()
    /// The key read last in a dictionary, waiting for its value.
    var pendingKey: String?
  }

  private var containers: [Container] = []
  private var keys = XMLKeyInterner()
  /// The finished top-level value.
  private(set) var root: PropertyList?

  mutating func beginArray() { containers.append(Container(isDictionary: false)) }

  mutating func beginDictionary() { containers.append(Container(isDictionary: true)) }

  mutating func key(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    containers[containers.count - 1].pendingKey = keys.key(utf8)
    return true
  }

  mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) { deliver(.string(String(decoding: utf8, as: UTF8.self))) }

  mutating func scalar(_ value: PropertyList) { deliver(value) }

  mutating func endArray() { deliver(.array(containers.removeLast().elements)) }

  mutating func endDictionary() { deliver(.dictionary(containers.removeLast().dictionary)) }

  /// Adds a finished value to the open container, or makes it the top-level value.
  private mutating func deliver(_ value: PropertyList) {
    guard !containers.isEmpty else {
      root = value
      return
    }
    let top = containers.count - 1
    if containers[top].isDictionary {
      let key = containers[top].pendingKey!
      containers[top].pendingKey = nil
      containers[top].dictionary[key] = value
    } else {
      containers[top].elements.append(value)
    }
  }
}
