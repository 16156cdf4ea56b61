import PlistKit

/// Walking a value by PlistBuddy's components: a dictionary reads a component as a key, an
/// array as a zero-based index written in decimal digits.
extension PropertyList {
  /// The value at `path`, or nil when the path leads nowhere.
  func buddyValue(at path: some Collection<String>) -> PropertyList? {
    var current = self
    for component in path {
      switch current {
      case .dictionary(let dictionary):
        guard let child = dictionary[component] else { return nil }
        current = child
      case .array(let elements):
        guard let index = Self.buddyIndex(component), index < elements.count else { return nil }
        current = elements[index]
      default: return nil
      }
    }
    return current
  }

  /// Calls `body` with the value at `path`, changed in place; nil when the path leads nowhere.
  /// With `creating`, a key missing from a dictionary on the way gets an empty dictionary, as
  /// `Add` and `Copy` make the dictionaries above a new entry.
  mutating func withBuddyValue<Result>(
    at path: ArraySlice<String>, creating: Bool, _ body: (inout PropertyList) -> Result
  ) -> Result? {
    guard let component = path.first else { return body(&self) }
    let rest = path.dropFirst()
    // The container is taken out of `self`, and the child out of it, so that the edit below
    // changes the only reference to each (see `withDictionary(_:)`).
    if case .dictionary = self {
      return withDictionary { dictionary -> Result? in
        guard let position = dictionary.position(of: component) else {
          guard creating else { return nil }
          var child = PropertyList.dictionary(PropertyListDictionary())
          let result = child.withBuddyValue(at: rest, creating: true, body)
          _ = dictionary.updateValue(child, forKey: component)
          return result
        }
        var child = dictionary.takeValue(atPosition: position)
        defer { dictionary.setValue(child, atPosition: position) }
        return child.withBuddyValue(at: rest, creating: creating, body)
      } ?? nil
    }
    return withArray { elements -> Result? in
      guard let index = Self.buddyIndex(component), index < elements.count else { return nil }
      return elements[index].withBuddyValue(at: rest, creating: creating, body)
    } ?? nil
  }

  /// A component read as an array index: decimal digits only.
  static func buddyIndex(_ component: String) -> Int? {
    guard !component.isEmpty, component.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    return Int(component)
  }

  /// True for arrays and dictionaries.
  var isBuddyContainer: Bool {
    switch self {
    case .array, .dictionary: true
    default: false
    }
  }
}
