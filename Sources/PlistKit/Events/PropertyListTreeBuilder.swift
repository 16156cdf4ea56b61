/// Builds the ``PropertyList`` value of a document from a reader's events: the sink behind
/// every reader's `read(_:)` (the typed JSON form has its own, ``JSONTypedTreeBuilder``).
///
/// Nesting lives in an explicit stack, so no document can make it recurse. A repeated key in a
/// dictionary keeps its first position and takes the last value, as
/// ``PropertyListDictionary`` assignment does. A container that a binary plist shares is built
/// once and shared by the value at every place (values are copy-on-write), so a "sharing bomb"
/// costs what its file costs; so is a long string or data object that occurs again, so that a
/// file referencing one 4 MB string 2,000 times does not cost 8 GB.
package struct PropertyListTreeBuilder: PropertyListEventSink {
  /// An open array or dictionary and what it has collected so far.
  private struct Container {
    let isDictionary: Bool
    /// The binary object number of a container that may be shared, else -1.
    let identity: Int
    /// The elements of an array, the values of a dictionary.
    var values: [PropertyList] = []
    /// The keys of a dictionary, in order.
    var keys: [String] = []
  }

  package static var takesSharedContainers: Bool { true }

  private var containers: [Container] = []
  private var keys = PropertyListKeyInterner()
  /// The identity named for the container that opens next.
  private var pendingIdentity = -1
  /// Finished containers that may be referenced again, by object number.
  private var shared: [Int: PropertyList] = [:]
  /// Long strings and data met again, by object number, shared at every later place.
  private var repeatedScalars: [Int: PropertyList] = [:]
  /// Shorter strings and data are copied at each place: sharing them would save little.
  private static let sharedScalarSize = 64
  /// The repeated object whose string or data comes next, to be kept for its later places.
  private var pendingScalar = -1
  /// The finished top-level value.
  package private(set) var root: PropertyList?

  /// Makes a builder with nothing built yet.
  package init() {}

  package mutating func identifyContainer(_ object: Int) { pendingIdentity = object }

  package mutating func beginArray() { open(isDictionary: false) }

  package mutating func beginDictionary() { open(isDictionary: true) }

  package mutating func key(_ utf8: UnsafeBufferPointer<UInt8>) {
    containers[containers.count - 1].keys.append(keys.key(utf8))
  }

  package mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) {
    let value = PropertyList.string(String(decoding: utf8, as: UTF8.self))
    if pendingScalar >= 0 { keepRepeated(value) }
    deliver(value)
  }

  package mutating func scalar(_ value: PropertyList) {
    if pendingScalar >= 0 { keepRepeated(value) }
    deliver(value)
  }

  package mutating func endArray() {
    let container = containers.removeLast()
    finish(.array(container.values), identity: container.identity)
  }

  package mutating func endDictionary() {
    let container = containers.removeLast()
    finish(
      .dictionary(PropertyListDictionary(keys: container.keys, values: container.values)), identity: container.identity)
  }

  package mutating func repeatContainer(_ object: Int) { deliver(shared[object]!) }

  package mutating func repeatString(_ object: Int, length: Int) -> Bool { repeatScalar(object, length: length) }

  package mutating func repeatData(_ object: Int, length: Int) -> Bool { repeatScalar(object, length: length) }

  /// Delivers the kept copy of a long string or data object met again; on its first repeat,
  /// asks for it once more and keeps what comes.
  private mutating func repeatScalar(_ object: Int, length: Int) -> Bool {
    guard length >= Self.sharedScalarSize else { return false }
    if let value = repeatedScalars[object] {
      deliver(value)
      return true
    }
    pendingScalar = object
    return false
  }

  private mutating func keepRepeated(_ value: PropertyList) {
    repeatedScalars[pendingScalar] = value
    pendingScalar = -1
  }

  private mutating func open(isDictionary: Bool) {
    containers.append(Container(isDictionary: isDictionary, identity: pendingIdentity))
    pendingIdentity = -1
  }

  private mutating func finish(_ value: PropertyList, identity: Int) {
    if identity >= 0 { shared[identity] = value }
    deliver(value)
  }

  /// Takes a value whole in place of its events (see ``PropertyList/report(to:)``).
  package mutating func deliverWhole(_ value: PropertyList) {
    if pendingScalar >= 0 { keepRepeated(value) }
    deliver(value)
  }

  /// Adds a finished value to the open container, or makes it the top-level value.
  @inline(__always)
  private mutating func deliver(_ value: PropertyList) {
    guard !containers.isEmpty else {
      root = value
      return
    }
    containers[containers.count - 1].values.append(value)
  }
}

extension PropertyListTreeBuilder {
  /// The value `read` reports into a builder (a reader's `read(_:into:)`).
  package static func value(
    of read: (inout PropertyListTreeBuilder) throws(PropertyListError) -> Void
  ) throws(PropertyListError) -> PropertyList {
    var builder = PropertyListTreeBuilder()
    try read(&builder)
    return builder.root!
  }
}
