import PlistKit

/// What an archived `NSValue` holds, for the geometry and range values Foundation, AppKit and
/// UIKit archive by name (`NS.rangeval.*`, `NS.rectval`, `NS.cgpointval`, …); an `NSValue` of
/// another type is left as a generic object.
public enum ArchivedValue: Sendable, Hashable {
  /// `NSRange`.
  case range(ArchivedRange)
  /// `NSPoint` or `CGPoint`.
  case point(ArchivedPoint)
  /// `NSSize` or `CGSize`.
  case size(ArchivedSize)
  /// `NSRect` or `CGRect`.
  case rect(ArchivedRect)
  /// `UIEdgeInsets` or `NSEdgeInsets`.
  case edgeInsets(ArchivedEdgeInsets)

  /// Reads the value from an `NSValue`'s fields; nil for another kind or a malformed one.
  static func read<Objects: ArchiveObjectSource>(
    _ fields: ClassFields<Objects>, in objects: inout Objects
  ) throws(KeyedArchiveError)
    -> ArchivedValue?
  {
    if fields.has("NS.rangeval.location") || fields.has("NS.rangeval.length") {
      guard let location = try fields.integer("NS.rangeval.location", in: &objects),
        let length = try fields.integer("NS.rangeval.length", in: &objects)
      else { return nil }
      return .range(ArchivedRange(location: location, length: length))
    }
    for key in ["NS.pointval", "NS.cgpointval"] where fields.has(key) {
      guard let (x, y) = try fields.string(key, in: &objects).flatMap(GeometryText.pair) else { return nil }
      return .point(ArchivedPoint(x: x, y: y))
    }
    for key in ["NS.sizeval", "NS.cgsizeval"] where fields.has(key) {
      guard let (width, height) = try fields.string(key, in: &objects).flatMap(GeometryText.pair) else { return nil }
      return .size(ArchivedSize(width: width, height: height))
    }
    for key in ["NS.rectval", "NS.cgrectval"] where fields.has(key) {
      guard let rect = try fields.string(key, in: &objects).flatMap(GeometryText.rect) else { return nil }
      return .rect(rect)
    }
    for key in ["NS.uiedgeinsetsval", "NS.edgeinsetsval"] where fields.has(key) {
      guard let insets = try fields.string(key, in: &objects).flatMap(GeometryText.insets) else { return nil }
      return .edgeInsets(insets)
    }
    return nil
  }

  /// The plain form: a dictionary named by its members (`location`/`length`, `x`/`y`,
  /// `width`/`height`, `x`/`y`/`width`/`height`, `top`/`left`/`bottom`/`right`).
  public var plainValue: PropertyList {
    switch self {
    case .range(let range): range.plainValue
    case .point(let point): ["x": .real(point.x), "y": .real(point.y)]
    case .size(let size): ["width": .real(size.width), "height": .real(size.height)]
    case .rect(let rect):
      [
        "x": .real(rect.origin.x), "y": .real(rect.origin.y), "width": .real(rect.size.width),
        "height": .real(rect.size.height),
      ]
    case .edgeInsets(let insets):
      [
        "top": .real(insets.top), "left": .real(insets.left), "bottom": .real(insets.bottom),
        "right": .real(insets.right),
      ]
    }
  }
}

extension ArchivedRange {
  /// The plain form, `{"location": L, "length": N}`, the same in attribute runs, index sets
  /// and `NSValue`s.
  public var plainValue: PropertyList {
    ["location": .integer(PropertyListInteger(location)), "length": .integer(PropertyListInteger(length))]
  }
}
