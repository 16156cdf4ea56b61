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
  var path: [any CodingKey] { path(appending: nil) }

  /// The path with `key` appended, as an array: the keys gathered from here up, then turned
  /// around in place.
  func path(appending key: (any CodingKey)?) -> [any CodingKey] {
    var keys: [any CodingKey] = []
    if let key { keys.append(key) }
    var node = self
    while true {
      switch node {
      case .root:
        keys.reverse()
        return keys
      case .key(let key, let parent):
        keys.append(key)
        node = parent
      case .index(let index, let parent):
        keys.append(PlistCodingKey(index: index))
        node = parent
      }
    }
  }
}

/// A coding key made by the coders: an array index (`Index 3`, as Foundation names them), a
/// dictionary key found in the input, or `super`.
///
/// An index's name is made only when it is read: a path is made into keys for every error,
/// also the errors a type catches and goes on after, and most of its names are never read.
/// It is 24 bytes, so that it fits in an `any CodingKey` without a box of its own.
struct PlistCodingKey: CodingKey, Sendable {
  /// The name, or empty for an array index.
  private let name: String
  /// The integer value, or ``noNumber`` for a name alone; an integer key of `Int.min` keeps
  /// ``minNumber`` (its name tells it from `Int.max`'s).
  private let number: Int
  private static let noNumber = Int.min
  private static let minNumber = Int.max
  private static let minName = String(Int.min)

  init(stringValue: String) {
    name = stringValue
    number = Self.noNumber
  }

  init(intValue: Int) {
    name = String(intValue)
    number = intValue == .min ? Self.minNumber : intValue
  }

  /// The key of the array element at `index` (from 0).
  init(index: Int) {
    name = ""
    number = index
  }

  var intValue: Int? {
    switch number {
    case Self.noNumber: nil
    case Self.minNumber where name == Self.minName: .min
    default: number
    }
  }

  /// True for an array index, which a key path writes as its number.
  var isIndex: Bool { name.isEmpty && number != Self.noNumber }

  var stringValue: String { isIndex ? "Index \(intValue!)" : name }

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

  /// ``keyPathDescription`` for an error's message: a path of more than 24 components shows
  /// its first 8 and its last 8 around the count of those left out (`a.b.….(496 more).….y.z`),
  /// so that an error deep in a value costs no more to describe than one near the top (a type
  /// that tries a container and goes on after the failure makes one at every level).
  var shortKeyPathDescription: String {
    guard count > 24 else { return keyPathDescription }
    return "\(Array(prefix(8)).keyPathDescription).….(\(count - 16) more).….\(Array(suffix(8)).keyPathDescription)"
  }
}
