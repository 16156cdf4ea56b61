import PlistKit

/// A coding path as a chain from the innermost key to the root, so that going one level down
/// costs one small allocation and no array copy; the path as an array is made only when asked
/// for (an error, or a type that reads `codingPath`).
indirect enum CodingPathNode {
  case root
  case key(any CodingKey, CodingPathNode)
  case index(Int, CodingPathNode)

  /// This path and one key more.
  func appending(_ key: some CodingKey) -> CodingPathNode {
    .key(key, self)
  }

  /// This path and an array index more.
  func appending(index: Int) -> CodingPathNode { .index(index, self) }

  /// The keys from the root down.
  var path: [any CodingKey] {
    var keys: [any CodingKey] = []
    var node = self
    while true {
      switch node {
      case .root: return keys.reversed()
      case .key(let key, let parent):
        keys.append(key)
        node = parent
      case .index(let index, let parent):
        keys.append(PlistCodingKey(index: index))
        node = parent
      }
    }
  }

  /// The path with `key` appended, as an array.
  func path(appending key: (any CodingKey)?) -> [any CodingKey] {
    guard let key else { return path }
    return path + [key]
  }
}

/// A coding key made by the coders: an array index (`Index 3`, as Foundation names them), a
/// dictionary key found in the input, or `super`.
struct PlistCodingKey: CodingKey, Sendable {
  let stringValue: String
  let intValue: Int?
  /// True for an array index, which a key path writes as its number.
  let isIndex: Bool

  init(stringValue: String) {
    self.stringValue = stringValue
    intValue = nil
    isIndex = false
  }

  init(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
    isIndex = false
  }

  init(index: Int) {
    stringValue = "Index \(index)"
    intValue = index
    isIndex = true
  }

  /// The key `super`, as Foundation's coders use it for `superDecoder()` and `superEncoder()`.
  static let `super` = PlistCodingKey(stringValue: "super")
}

extension Array where Element == any CodingKey {
  /// The path as PlistKit writes key paths: `Records.3.Name` (indices as numbers).
  var keyPathDescription: String {
    let components = map { key -> String in
      if let key = key as? PlistCodingKey, key.isIndex { return String(key.intValue!) }
      if key.stringValue.hasPrefix("Index "), let index = key.intValue, key.stringValue == "Index \(index)" {
        return String(index)
      }
      return key.stringValue
    }
    let text = PropertyListKeyPath(components: components).description
    return text.isEmpty ? "(root)" : text
  }
}
