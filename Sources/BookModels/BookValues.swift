import PlistKit

/// Checks on the shapes of the book's files, with errors that name the value at fault.
enum BookValues {
  /// The strings of an array of strings.
  static func strings(_ value: PropertyList, at path: PropertyListKeyPath) throws(PropertyListError) -> [String] {
    guard case .array(let elements) = value else { throw mismatch(path, "an array of strings", value) }
    var strings: [String] = []
    strings.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      guard case .string(let string) = element else {
        throw mismatch(path.appending(index: index), "a string", element)
      }
      strings.append(string)
    }
    return strings
  }

  /// The string under `key` of a dictionary.
  static func string(
    _ key: String, in dictionary: PropertyListDictionary, at path: PropertyListKeyPath
  )
    throws(PropertyListError) -> String
  {
    guard let value = dictionary[key] else {
      throw PropertyListError(.keyPath, at: .keyPath(path.appending(key).description), "missing key '\(key)'")
    }
    guard case .string(let string) = value else { throw mismatch(path.appending(key), "a string", value) }
    return string
  }

  /// "expected X, found KIND" at a path.
  static func mismatch(_ path: PropertyListKeyPath, _ expected: String, _ found: PropertyList) -> PropertyListError {
    PropertyListError(.keyPath, at: .keyPath(path.description), "expected \(expected), found \(found.kind)")
  }
}
