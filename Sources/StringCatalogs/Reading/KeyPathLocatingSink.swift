import PlistKit

/// Finds where the value at one key path starts in a JSON text, and stops there.
struct KeyPathLocatingSink: PropertyListEventSink {
  /// The key path to find.
  let target: [String]
  /// Where the value at ``target`` starts, once found.
  private(set) var location: PropertyListError.Location?

  private var locator = PropertyListLocator.none
  /// The path to the value whose event comes next: a key for each open dictionary (nil before
  /// its first key), an index for each open array.
  private var path: [Component] = []

  private enum Component: Equatable {
    case key(String?)
    case index(Int)
  }

  /// Thrown to stop the read once the value is found.
  private static let found = PropertyListError(.io, "found")

  init(target: [String]) {
    self.target = target
  }

  mutating func start(locator: PropertyListLocator) {
    self.locator = locator
  }

  /// Called as a value begins: the value is the target's when every component matches.
  private mutating func value() throws(PropertyListError) {
    if path.count == target.count,
      zip(path, target).allSatisfy({ component, key in
        if case .key(let name?) = component { return name.utf8.elementsEqual(key.utf8) }
        if case .index(let index) = component { return String(index) == key }
        return false
      })
    {
      location = locator.location(of: locator.position)
      throw Self.found
    }
  }

  /// Called after a value ends: the next one in an array is the next index.
  private mutating func advance() {
    if case .index(let index) = path.last { path[path.count - 1] = .index(index + 1) }
  }

  mutating func beginArray() throws(PropertyListError) {
    try value()
    path.append(.index(0))
  }

  mutating func beginDictionary() throws(PropertyListError) {
    try value()
    path.append(.key(nil))
  }

  mutating func key(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
    // Only keys along the target's path are worth a string.
    let depth = path.count
    if depth <= target.count {
      path[depth - 1] = .key(String(decoding: utf8, as: UTF8.self))
    } else {
      path[depth - 1] = .key("")
    }
  }

  mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
    try value()
    advance()
  }

  mutating func scalar(_ value: PropertyList) throws(PropertyListError) {
    try self.value()
    advance()
  }

  mutating func endArray() throws(PropertyListError) {
    path.removeLast()
    advance()
  }

  mutating func endDictionary() throws(PropertyListError) {
    path.removeLast()
    advance()
  }
}
