/// A point as `NSValue` archives it (`NSPoint`, `CGPoint`).
public struct ArchivedPoint: Sendable, Hashable {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate.
  public var y: Double

  /// Makes a point.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}

/// A size as `NSValue` archives it (`NSSize`, `CGSize`).
public struct ArchivedSize: Sendable, Hashable {
  /// The width.
  public var width: Double
  /// The height.
  public var height: Double

  /// Makes a size.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
}

/// A rectangle as `NSValue` archives it (`NSRect`, `CGRect`): its origin and its size.
public struct ArchivedRect: Sendable, Hashable {
  /// The corner the rectangle starts at.
  public var origin: ArchivedPoint
  /// The extent from the origin.
  public var size: ArchivedSize

  /// Makes a rectangle.
  public init(origin: ArchivedPoint, size: ArchivedSize) {
    self.origin = origin
    self.size = size
  }
}

/// A range of a string or a sequence (`NSRange`): where it starts and how long it is, in the
/// units of its owner (UTF-16 code units for a string).
public struct ArchivedRange: Sendable, Hashable {
  /// The first position.
  public var location: Int64
  /// The number of positions.
  public var length: Int64

  /// Makes a range.
  public init(location: Int64, length: Int64) {
    self.location = location
    self.length = length
  }
}

/// Edge insets as `NSValue` archives them (`UIEdgeInsets`, `NSEdgeInsets`).
public struct ArchivedEdgeInsets: Sendable, Hashable {
  /// The inset from the top edge.
  public var top: Double
  /// The inset from the left edge.
  public var left: Double
  /// The inset from the bottom edge.
  public var bottom: Double
  /// The inset from the right edge.
  public var right: Double

  /// Makes insets.
  public init(top: Double, left: Double, bottom: Double, right: Double) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }
}

/// The text forms Foundation and UIKit write geometry in: `{x, y}`, `{w, h}`,
/// `{{x, y}, {w, h}}` and `{top, left, bottom, right}` (`NSStringFromRect` and its siblings).
enum GeometryText {
  /// The numbers of `text` when its braces and commas have exactly the nesting of `layout`, a
  /// pattern such as `{{n,n},{n,n}}` with `n` for each number; nil otherwise.
  static func numbers(_ text: String, layout: String) -> [Double]? {
    var shape = ""
    var numbers: [Double] = []
    var token = ""
    func flush() -> Bool {
      guard !token.isEmpty else { return true }
      guard let number = Double(token) else { return false }
      numbers.append(number)
      shape.append("n")
      token = ""
      return true
    }
    for character in text {
      switch character {
      case "{", "}", ",":
        guard flush() else { return nil }
        shape.append(character)
      case " ", "\t", "\n":
        guard flush() else { return nil }
      default:
        token.append(character)
      }
    }
    guard flush(), shape == layout else { return nil }
    return numbers
  }

  /// A point or a size's two numbers.
  static func pair(_ text: String) -> (Double, Double)? {
    guard let numbers = numbers(text, layout: "{n,n}") else { return nil }
    return (numbers[0], numbers[1])
  }

  /// A rectangle.
  static func rect(_ text: String) -> ArchivedRect? {
    guard let n = numbers(text, layout: "{{n,n},{n,n}}") else { return nil }
    return ArchivedRect(origin: ArchivedPoint(x: n[0], y: n[1]), size: ArchivedSize(width: n[2], height: n[3]))
  }

  /// Edge insets.
  static func insets(_ text: String) -> ArchivedEdgeInsets? {
    guard let n = numbers(text, layout: "{n,n,n,n}") else { return nil }
    return ArchivedEdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
  }
}
