/// The key last seen at each place (dictionary depth, key position) and its number: records
/// of one shape repeat their keys in the same order, so comparing a key with the one seen at
/// its place before usually finds its number without hashing it.
///
/// A number found here is the one the writer's own table gave the same bytes, so using it is
/// exact; a miss just falls back to the table.
package struct RecentKeyCache {
  private static let depths = 32
  private static let positions = 16
  private var keys = [[UInt8]](repeating: [], count: depths * positions)
  private var numbers = [Int](repeating: -1, count: depths * positions)

  package init() {}

  /// The slot for a place, or nil for places too deep or too far into a dictionary.
  private static func slot(depth: Int, position: Int) -> Int? {
    guard depth < depths, position < positions else { return nil }
    return depth * positions + position
  }

  /// The number of `utf8` if it is the key last seen at this place.
  package func number(of utf8: UnsafeBufferPointer<UInt8>, depth: Int, position: Int) -> Int? {
    guard let slot = Self.slot(depth: depth, position: position), numbers[slot] >= 0 else { return nil }
    let equal = keys[slot].withUnsafeBufferPointer { cached in
      cached.count == utf8.count
        && (utf8.isEmpty || ShortBytes.equal(cached.baseAddress!, utf8.baseAddress!, count: utf8.count))
    }
    return equal ? numbers[slot] : nil
  }

  /// Remembers `utf8` and its number as the key last seen at this place.
  package mutating func remember(_ utf8: UnsafeBufferPointer<UInt8>, number: Int, depth: Int, position: Int) {
    guard let slot = Self.slot(depth: depth, position: position) else { return }
    keys[slot].removeAll(keepingCapacity: true)
    keys[slot].append(contentsOf: utf8)
    numbers[slot] = number
  }
}
