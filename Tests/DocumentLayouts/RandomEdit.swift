import PlistDocument
import PlistKit

/// One edit by key path, made on a document and on a value alike.
public enum RandomEdit: Sendable, CustomStringConvertible {
  case set(PropertyListKeyPath, PropertyList)
  case insert(PropertyListKeyPath, PropertyList, append: Bool)
  case remove(PropertyListKeyPath)
  case move(PropertyListKeyPath, PropertyListKeyPath)
  /// A move to another key of the same dictionary that keeps the entry's place
  /// (`moveValue(from:to:keepingPosition:)`).
  case rename(PropertyListKeyPath, PropertyListKeyPath)

  public var description: String {
    switch self {
    case .set(let path, let value): "set \(path) \(value.kind)"
    case .insert(let path, let value, let append): "insert \(path) \(value.kind)\(append ? " (append)" : "")"
    case .remove(let path): "remove \(path)"
    case .move(let source, let destination): "move \(source) → \(destination)"
    case .rename(let source, let destination): "rename \(source) → \(destination)"
    }
  }

  public func apply(to value: inout PropertyList) throws(PropertyListError) {
    switch self {
    case .set(let path, let new): try value.setValue(new, at: path)
    case .insert(let path, let new, let append): try value.insertValue(new, at: path, append: append)
    case .remove(let path): try value.removeValue(at: path)
    case .move(let source, let destination): try value.moveValue(from: source, to: destination)
    case .rename(let source, let destination):
      try value.moveValue(from: source, to: destination, keepingPosition: true)
    }
  }

  public func apply(to document: inout PropertyListDocument) throws(PropertyListError) {
    switch self {
    case .set(let path, let new): try document.setValue(new, at: path)
    case .insert(let path, let new, let append): try document.insertValue(new, at: path, append: append)
    case .remove(let path): try document.removeValue(at: path)
    case .move(let source, let destination): try document.moveValue(from: source, to: destination)
    case .rename(let source, let destination):
      try document.moveValue(from: source, to: destination, keepingPosition: true)
    }
  }

  /// Every path in `value`, the root first, in document order.
  public static func paths(in value: PropertyList) -> [(path: PropertyListKeyPath, value: PropertyList)] {
    var result: [(PropertyListKeyPath, PropertyList)] = []
    var pending: [(PropertyListKeyPath, PropertyList)] = [(PropertyListKeyPath(components: []), value)]
    while let (path, current) = pending.popLast() {
      result.append((path, current))
      switch current {
      case .array(let elements):
        for (index, element) in elements.enumerated().reversed() {
          pending.append((path.appending(index: index), element))
        }
      case .dictionary(let dictionary):
        for (key, element) in dictionary.reversed() { pending.append((path.appending(key), element)) }
      default: break
      }
    }
    return result
  }

  /// A random edit of `value`: mostly valid, sometimes with a path that leads nowhere, so that
  /// errors are compared too. `scalars` adds values other than strings, data and containers.
  public static func random(
    for value: PropertyList, scalars: Bool, data: Bool = true, using rng: inout some RandomNumberGenerator
  ) -> RandomEdit {
    let all = paths(in: value)
    let containers = all.filter { $0.value.kind == .array || $0.value.kind == .dictionary }
    let nonRoot = Array(all.dropFirst())
    let new = randomValue(scalars: scalars, data: data, using: &rng)
    func newChild(of container: (path: PropertyListKeyPath, value: PropertyList)) -> PropertyListKeyPath {
      if case .array(let elements) = container.value {
        return container.path.appending(
          index: Int.random(in: 0...(elements.count + (Int.random(in: 0..<10, using: &rng) == 0 ? 1 : 0)), using: &rng))
      }
      let keys = container.value.dictionaryValue?.keys ?? []
      if !keys.isEmpty, Int.random(in: 0..<8, using: &rng) == 0 {
        return container.path.appending(keys.randomElement(using: &rng)!)
      }
      return container.path.appending(randomKey(using: &rng))
    }
    switch Int.random(in: 0..<10, using: &rng) {
    case 0..<3:
      if Int.random(in: 0..<6, using: &rng) == 0, let container = containers.randomElement(using: &rng) {
        return .set(newChild(of: container), new)
      }
      return .set((nonRoot.randomElement(using: &rng) ?? all[0]).path, new)
    case 3..<6:
      let container = containers.randomElement(using: &rng) ?? all[0]
      if container.value.kind == .array, Bool.random(using: &rng) { return .insert(container.path, new, append: true) }
      return .insert(newChild(of: container), new, append: false)
    case 6..<8:
      guard var path = nonRoot.randomElement(using: &rng)?.path else { return .remove("missing") }
      if Int.random(in: 0..<10, using: &rng) == 0 { path = path.appending("missing") }
      return .remove(path)
    default:
      guard let source = nonRoot.randomElement(using: &rng)?.path, let container = containers.randomElement(using: &rng)
      else { return .remove("missing") }
      return .move(source, newChild(of: container))
    }
  }

  public static let words = [
    "plain", "two words", "naïve café", "東京", "emoji 🎉", "quote \"this\"", "back\\slash", "line\nbreak", "tab\there",
    "com.example.app", "a-b:c", "", "1234", "true", "$(inherited)", "path/to/file.swift", "a//b", "x___y", "<group>",
  ]

  public static func randomKey(using rng: inout some RandomNumberGenerator) -> String {
    ["new", "New Key", "ключ", "k.dotted", "NEW_SETTING", "zz", "AA", "mid", "\u{E9}", "e\u{301}"].randomElement(
      using: &rng)! + String(Int.random(in: 0..<100, using: &rng))
  }

  public static func randomValue(
    scalars: Bool, data: Bool = true, depth: Int = 0, using rng: inout some RandomNumberGenerator
  ) -> PropertyList {
    let choice = Int.random(in: 0..<(scalars ? 10 : 7), using: &rng)
    switch choice {
    case 0, 1, 2: return .string(words.randomElement(using: &rng)!)
    case 3 where data:
      return .data((0..<Int.random(in: 0..<9, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) })
    case 4 where depth < 2:
      return .array(
        (0..<Int.random(in: 0..<3, using: &rng)).map { _ in
          randomValue(scalars: scalars, data: data, depth: depth + 1, using: &rng)
        })
    case 5 where depth < 2:
      var dictionary = PropertyListDictionary()
      for _ in 0..<Int.random(in: 0..<3, using: &rng) {
        dictionary[randomKey(using: &rng)] = randomValue(scalars: scalars, data: data, depth: depth + 1, using: &rng)
      }
      return .dictionary(dictionary)
    case 7: return .integer(Int64.random(in: -1000...1000, using: &rng))
    case 8: return .boolean(Bool.random(using: &rng))
    case 9: return .real(Double(Int.random(in: -100...100, using: &rng)) / 8)
    default: return .string(words.randomElement(using: &rng)!)
    }
  }
}
