import Foundation

/// Seeded random graphs of Foundation objects that have class views (attributed strings,
/// `NSValue`s, index sets, time zones, locales), in arrays and dictionaries, each new object
/// free to hold earlier ones: as a member, or as an attribute's value, so that objects are
/// shared. The same seed gives the same graph, so a failure names its seed and replays.
struct ClassViewGraphs {
  private var state: UInt64

  init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1 }

  /// A number below `bound` (a 64-bit linear congruential step; quality is not the point).
  private mutating func below(_ bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(bound))
  }

  /// An array of a dozen objects, later ones holding earlier ones.
  mutating func graph() -> NSArray {
    var pool: [AnyObject] = []
    for _ in 0..<12 { pool.append(object(from: pool)) }
    return NSArray(array: pool)
  }

  private mutating func object(from pool: [AnyObject]) -> AnyObject {
    let number = Double(below(2000)) / 8 - 100
    switch below(pool.isEmpty ? 6 : 8) {
    case 0: return attributedString(from: pool)
    case 1: return NSValue(rect: NSRect(x: number, y: 1.5, width: Double(below(500)), height: 0.25))
    case 2:
      return [
        NSValue(range: NSRange(location: below(100), length: below(100))), NSValue(point: NSPoint(x: number, y: -2)),
        NSValue(size: NSSize(width: number, height: 3)),
      ][below(3)]
    case 3:
      let indexes = NSMutableIndexSet()
      for _ in 0..<below(5) { indexes.add(in: NSRange(location: below(1_000_000), length: 1 + below(300))) }
      return indexes
    case 4: return [NSTimeZone(name: "Europe/Paris")!, NSTimeZone(name: "Asia/Tokyo")!][below(2)]
    case 5: return NSLocale(localeIdentifier: ["fr_FR", "ja_JP", "en_US_POSIX"][below(3)])
    case 6: return NSArray(array: (0..<below(4)).map { _ in pool[below(pool.count)] })
    default:
      let keys = (0..<below(4)).map { NSString(string: "k\($0)") }
      return NSDictionary(objects: keys.map { _ in pool[below(pool.count)] }, forKeys: keys)
    }
  }

  /// A string of mixed widths in UTF-16 with a few attribute runs, their values numbers or
  /// earlier objects.
  private mutating func attributedString(from pool: [AnyObject]) -> NSAttributedString {
    let text = NSMutableAttributedString(string: ["", "a", "héllo wörld", "😀 x 😀", "plain text here"][below(5)])
    let length = text.length
    for attribute in 0..<(length == 0 ? 0 : below(4)) {
      let start = below(length)
      let range = NSRange(location: start, length: 1 + below(length - start))
      let value: AnyObject = pool.isEmpty || below(2) == 0 ? NSNumber(value: below(10)) : pool[below(pool.count)]
      text.addAttribute(NSAttributedString.Key("a\(attribute)"), value: value, range: range)
    }
    return text
  }
}
