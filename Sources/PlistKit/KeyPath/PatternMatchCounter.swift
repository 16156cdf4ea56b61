/// How many values a key pattern names below each place, counted once per shared container
/// and pattern position.
///
/// A binary plist can reference one container from many places, and its reader shares that
/// container's storage: thirty-two levels of an array holding its child twice are 33 objects
/// in memory and 2^32 places for `*.*.…`. Walking the places one by one would take as long as
/// writing them out; this counts each distinct container once for each position of the
/// pattern it is reached at and reuses the count, so ``PropertyList/matches(of:limit:)`` can
/// refuse a pattern that names too many values before it collects any, and skip the branches
/// that name none.
struct PatternMatchCounter {
  private let pattern: [PropertyListKeyPattern.Component]
  /// Counts above this are not told apart.
  private let limit: Int
  /// The counts so far, in a box of their own: the recursion below keeps `self` borrowed
  /// across calls, and a dictionary stored in the struct itself was copied whole at each new
  /// count (quadratic in the places).
  private let counted = Counts()

  private final class Counts {
    var byPlace: [Place: Int] = [:]
  }

  private struct Place: Hashable {
    let storage: ContainerStorage
    let position: Int
  }

  /// How many (container, position) places were counted: the work done.
  var placesCounted: Int { counted.byPlace.count }

  init(_ pattern: PropertyListKeyPattern, limit: Int) {
    self.pattern = pattern.components
    self.limit = limit
  }

  /// How many values the pattern's components from `position` on name below `value`, or
  /// `limit + 1` when there are more than `limit`.
  mutating func count(_ value: PropertyList, from position: Int) -> Int {
    guard position < pattern.count else { return 1 }
    let storage: ContainerStorage?
    switch value {
    case .array(let elements): storage = ContainerStorage(elements)
    case .dictionary(let dictionary): storage = ContainerStorage(dictionary)
    default: return 0
    }
    // An empty container names nothing below it.
    guard let storage else { return 0 }
    let place = Place(storage: storage, position: position)
    if let known = counted.byPlace[place] { return known }
    var total = 0
    let component = pattern[position]
    switch (component, value) {
    case (.name(let key), .dictionary(let dictionary)):
      if let element = dictionary[key] { total = count(element, from: position + 1) }
    case (.name(let name), .array(let elements)):
      if let index = PropertyListKeyPath.index(name, count: elements.count), index < elements.count {
        total = count(elements[index], from: position + 1)
      }
    case (_, .dictionary(let dictionary)):
      for (key, element) in dictionary where component.matches(key) {
        total = add(total, count(element, from: position + 1))
        if total > limit { break }
      }
    case (_, .array(let elements)):
      for (index, element) in elements.enumerated() where component.matches(String(index)) {
        total = add(total, count(element, from: position + 1))
        if total > limit { break }
      }
    default:
      break
    }
    counted.byPlace[place] = total
    return total
  }

  /// `a + b`, or `limit + 1` when that is more than `limit` (and never an overflow).
  private func add(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow || sum > limit ? (limit == Int.max ? Int.max : limit + 1) : sum
  }
}
