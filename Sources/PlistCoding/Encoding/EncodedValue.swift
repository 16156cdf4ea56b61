import PlistKit

/// A value being encoded. Containers are boxes, because Codable hands out a container and
/// lets the caller fill it later (a nested container can be filled after its parent goes on).
enum EncodedValue {
  case value(PropertyList)
  case array(EncodedArray)
  case dictionary(EncodedDictionary)
}

/// An array being encoded.
final class EncodedArray {
  var elements: [EncodedValue] = []
}

/// A dictionary being encoded, keys in the order they were encoded.
final class EncodedDictionary {
  var keys: [String] = []
  var values: [EncodedValue] = []

  func append(_ value: EncodedValue, forKey key: String) {
    keys.append(key)
    values.append(value)
  }

  /// The container already encoded under `key`, for a request of a nested container there
  /// (Foundation hands back the same one).
  func existing(forKey key: String) -> EncodedValue? {
    keys.lastIndex { $0.exactlyEquals(key) }.map { values[$0] }
  }
}

extension EncodedValue {
  /// The property list, dictionary keys in their encoded order or, with `sortsKeys`, in
  /// Swift's string order (as Foundation's XML encoder writes them). A key encoded twice keeps
  /// its first place and its last value.
  func propertyList(sortsKeys: Bool) -> PropertyList {
    switch self {
    case .value(let value): return value
    case .array(let array): return .array(array.elements.map { $0.propertyList(sortsKeys: sortsKeys) })
    case .dictionary(let dictionary):
      var keys = dictionary.keys
      var values = dictionary.values.map { $0.propertyList(sortsKeys: sortsKeys) }
      if sortsKeys && !Self.isSorted(keys) {
        let order = keys.indices.sorted { keys[$0] < keys[$1] }
        keys = order.map { keys[$0] }
        values = order.map { values[$0] }
      }
      return .dictionary(PropertyListDictionary(keys: keys, values: values))
    }
  }

  private static func isSorted(_ keys: [String]) -> Bool {
    var previous: String?
    for key in keys {
      if let previous, !(previous < key) { return false }
      previous = key
    }
    return true
  }
}
