import PlistKit

/// Which containers of a value are one storage at several places.
enum RouteSharing {
  /// The containers of `value` in depth-first order, each as the number of the first place its
  /// storage was met: `[0, 1, 1]` is a root holding one container at two places. A container
  /// met again is not walked again, so a value that shares much takes little time.
  static func shape(of value: PropertyList) -> [Int] {
    var numbers: [ContainerStorage: Int] = [:]
    var shape: [Int] = []
    var pending = [value]
    while let next = pending.popLast() {
      let storage: ContainerStorage?
      let children: [PropertyList]
      switch next {
      case .array(let elements):
        storage = ContainerStorage(elements)
        children = elements
      case .dictionary(let dictionary):
        storage = ContainerStorage(dictionary)
        children = dictionary.values
      default: continue
      }
      guard let storage else { continue }
      if let number = numbers[storage] {
        shape.append(number)
        continue
      }
      numbers[storage] = shape.count
      shape.append(shape.count)
      pending.append(contentsOf: children.reversed())
    }
    return shape
  }
}

/// Values as the Codable routes see them.
enum RouteOrder {
  /// `value` with every dictionary's entries in Swift's string order (canonically equivalent
  /// keys in the order they had): the order the encoder writes XML in, as Foundation does.
  static func swiftSorted(_ value: PropertyList) -> PropertyList {
    switch value {
    case .array(let elements): return .array(elements.map(swiftSorted))
    case .dictionary(let dictionary):
      let keys = dictionary.keys
      let order = keys.indices.sorted { keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1) }
      return .dictionary(
        PropertyListDictionary(keys: order.map { keys[$0] }, values: order.map { swiftSorted(dictionary.values[$0]) }))
    default: return value
    }
  }

  /// True when `value` holds a dictionary that a text form may read as something else: one
  /// entry, `CF$UID` or the name of a typed JSON tag.
  static func holdsLookalike(_ value: PropertyList) -> Bool {
    switch value {
    case .array(let elements): return elements.contains(where: holdsLookalike)
    case .dictionary(let dictionary):
      if dictionary.count == 1, ["CF$UID", "$real", "$date", "$data", "$uid", "$dict"].contains(dictionary.keys[0]) {
        return true
      }
      return dictionary.values.contains(where: holdsLookalike)
    default: return false
    }
  }

  /// What decoding `value`'s kinds from the encoder's OpenStep or plain JSON gives, where
  /// scalars are strings: integers, booleans and data exactly, reals exactly but for NaN (the
  /// text `NaN` is the standard NaN), dates as their ISO 8601 text (whole seconds) parses.
  static func decodedFromText(_ value: PropertyList) -> PropertyList {
    switch value {
    case .real(let real) where real.isNaN: return .real(.nan)
    case .date(let date): return .date(PropertyListDate(iso8601: date.iso8601) ?? date)
    case .array(let elements): return .array(elements.map(decodedFromText))
    case .dictionary(let dictionary): return .dictionary(dictionary.mapValues(decodedFromText))
    default: return value
    }
  }
}

/// Makes a failing value small: the value a failure prints is the smallest one found that still
/// fails, so that a reader sees the edge rather than the haystack around it.
public enum RouteShrinking {
  /// The smallest value found by taking parts of `value` away (an element or entry at a time,
  /// or a container replaced by one of its children) for which `fails` still holds; `fails` is
  /// called at most `budget` times.
  public static func smallest(
    _ value: PropertyList, budget: Int = 300, stillFails fails: (PropertyList) -> Bool
  ) -> PropertyList {
    var current = value
    var calls = 0
    var shrunk = true
    while shrunk, calls < budget {
      shrunk = false
      for candidate in candidates(current) {
        guard calls < budget else { break }
        calls += 1
        if fails(candidate) {
          current = candidate
          shrunk = true
          break
        }
      }
    }
    return current
  }

  /// Smaller values made from `value`, the smallest first.
  static func candidates(_ value: PropertyList) -> [PropertyList] {
    switch value {
    case .array(let elements):
      var smaller = elements
      for index in elements.indices {
        var without = elements
        without.remove(at: index)
        smaller.append(.array(without))
      }
      for index in elements.indices {
        for inner in candidates(elements[index]) {
          var changed = elements
          changed[index] = inner
          smaller.append(.array(changed))
        }
      }
      return smaller
    case .dictionary(let dictionary):
      var smaller = dictionary.values
      for index in 0..<dictionary.count {
        var keys = dictionary.keys
        var values = dictionary.values
        keys.remove(at: index)
        values.remove(at: index)
        smaller.append(.dictionary(PropertyListDictionary(keys: keys, values: values)))
      }
      for index in 0..<dictionary.count {
        for inner in candidates(dictionary.values[index]) {
          var values = dictionary.values
          values[index] = inner
          smaller.append(.dictionary(PropertyListDictionary(keys: dictionary.keys, values: values)))
        }
      }
      return smaller
    default:
      return []
    }
  }
}
