import PlistKit

/// A colour as AppKit (`NSColor`) or UIKit (`UIColor`) archives it: the colour space it was made
/// in and its components, read from the ASCII component text (`NSRGB`, `NSWhite`, `NSCMYK`),
/// UIKit's numbers (`UIRed`, …, `UIWhite`) or a catalog's names.
public struct ArchivedColor: Sendable, Hashable {
  /// The components, by the colour space's model.
  public enum Components: Sendable, Hashable {
    /// Red, green and blue, 0…1 (beyond for extended ranges).
    case rgb(red: Double, green: Double, blue: Double)
    /// A grey level, 0 black to 1 white.
    case white(Double)
    /// Cyan, magenta, yellow and black.
    case cmyk(cyan: Double, magenta: Double, yellow: Double, black: Double)
    /// The components of a colour space given by profile (`NSComponents`), alpha last.
    case list([Double])
    /// A colour of a catalog (`System`, `controlColor`) or UIKit's system colours (no catalog).
    case named(catalog: String?, name: String)
    /// A pattern colour, whose image is a field of its own.
    case pattern
  }

  /// The colour space: `calibratedRGB`, `deviceRGB`, `calibratedWhite`, `deviceWhite`,
  /// `deviceCMYK`, `catalog`, `pattern` and `custom` for AppKit's `NSColorSpace` 1 to 7 and 10;
  /// `sRGB`, `gray` and `system` for UIKit's `UIRed`, `UIWhite` and `UISystemColorName` forms.
  public var colorSpace: String
  /// The components.
  public var components: Components
  /// The opacity, 0…1; nil when the archive has none (an opaque colour, or a named one).
  public var alpha: Double?
  /// The field holding an object that goes with the colour: a catalog colour's own fallback
  /// colour (`NSColor`), a pattern's image (`NSImage`).
  var companion: (key: String, value: PropertyList)?

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.colorSpace == rhs.colorSpace && lhs.components == rhs.components && lhs.alpha == rhs.alpha
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(colorSpace)
    hasher.combine(components)
    hasher.combine(alpha)
  }

  /// AppKit's `NSColorSpace` numbers.
  private static let appKitSpaces: [Int64: String] = [
    1: "calibratedRGB", 2: "deviceRGB", 3: "calibratedWhite", 4: "deviceWhite", 5: "deviceCMYK", 6: "catalog",
    7: "pattern", 10: "custom",
  ]

  /// Reads a colour; nil when the fields have neither AppKit's nor UIKit's shape.
  static func read<Objects: ArchiveObjectSource>(
    _ fields: ClassFields<Objects>, in objects: inout Objects
  ) throws(KeyedArchiveError)
    -> ArchivedColor?
  {
    // A UIColor also writes `NSColorSpace` and `NSRGB` for AppKit, the text rounded to three
    // digits; its own numbers are exact (and its system colour's name is only there).
    if let color = try readUIKit(fields, in: &objects) { return color }
    if let number = try fields.integer("NSColorSpace", in: &objects) {
      return try readAppKit(space: number, fields, in: &objects)
    }
    return nil
  }

  private static func readAppKit<Objects: ArchiveObjectSource>(
    space number: Int64, _ fields: ClassFields<Objects>, in objects: inout Objects
  ) throws(KeyedArchiveError) -> ArchivedColor? {
    guard let space = appKitSpaces[number] else { return nil }
    switch number {
    case 1, 2:
      guard let n = try componentText("NSRGB", fields, in: &objects), n.count == 3 || n.count == 4 else { return nil }
      return ArchivedColor(space, .rgb(red: n[0], green: n[1], blue: n[2]), alpha: n.count == 4 ? n[3] : nil)
    case 3, 4:
      guard let n = try componentText("NSWhite", fields, in: &objects), n.count == 1 || n.count == 2 else { return nil }
      return ArchivedColor(space, .white(n[0]), alpha: n.count == 2 ? n[1] : nil)
    case 5:
      guard let n = try componentText("NSCMYK", fields, in: &objects), n.count == 4 || n.count == 5 else { return nil }
      return ArchivedColor(
        space, .cmyk(cyan: n[0], magenta: n[1], yellow: n[2], black: n[3]), alpha: n.count == 5 ? n[4] : nil)
    case 6:
      guard let name = try fields.string("NSColorName", in: &objects) else { return nil }
      var color = ArchivedColor(space, .named(catalog: try fields.string("NSCatalogName", in: &objects), name: name))
      if fields.has("NSColor") { color.companion = ("NSColor", fields.fields["NSColor"]!) }
      return color
    case 7:
      var color = ArchivedColor(space, .pattern)
      if fields.has("NSImage") { color.companion = ("NSImage", fields.fields["NSImage"]!) }
      return color
    default:
      guard let n = try componentText("NSComponents", fields, in: &objects), !n.isEmpty else { return nil }
      return ArchivedColor(space, .list(n))
    }
  }

  private static func readUIKit<Objects: ArchiveObjectSource>(
    _ fields: ClassFields<Objects>, in objects: inout Objects
  ) throws(KeyedArchiveError) -> ArchivedColor? {
    let alpha = try uiComponent("UIAlpha", fields, in: &objects)
    if let name = try fields.string("UISystemColorName", in: &objects) {
      return ArchivedColor("system", .named(catalog: nil, name: name), alpha: alpha)
    }
    if let red = try uiComponent("UIRed", fields, in: &objects) {
      guard let green = try uiComponent("UIGreen", fields, in: &objects),
        let blue = try uiComponent("UIBlue", fields, in: &objects)
      else { return nil }
      return ArchivedColor("sRGB", .rgb(red: red, green: green, blue: blue), alpha: alpha)
    }
    if let white = try uiComponent("UIWhite", fields, in: &objects) {
      return ArchivedColor("gray", .white(white), alpha: alpha)
    }
    return nil
  }

  /// A UIKit component: `UIRed-Double` (iOS 15 and later write it beside `UIRed` where the
  /// 32-bit number is not exact) before `UIRed`.
  private static func uiComponent<Objects: ArchiveObjectSource>(
    _ key: String, _ fields: ClassFields<Objects>, in objects: inout Objects
  ) throws(KeyedArchiveError) -> Double? {
    if let exact = try fields.double(key + "-Double", in: &objects) { return exact }
    return try fields.double(key, in: &objects)
  }

  /// Makes a colour.
  public init(colorSpace: String, components: Components, alpha: Double? = nil) {
    self.colorSpace = colorSpace
    self.components = components
    self.alpha = alpha
  }

  private init(_ colorSpace: String, _ components: Components, alpha: Double? = nil) {
    self.init(colorSpace: colorSpace, components: components, alpha: alpha)
  }

  /// The numbers of AppKit's component text: ASCII decimals separated by spaces, often ended
  /// by a NUL byte (`"0.1 0.2 0.3\0"`).
  private static func componentText<Objects: ArchiveObjectSource>(
    _ key: String, _ fields: ClassFields<Objects>, in objects: inout Objects
  ) throws(KeyedArchiveError) -> [Double]? {
    let text: String
    switch try fields.scalar(key, in: &objects) {
    case .data(let bytes)?: text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    case .string(let string)?: text = string
    default: return nil
    }
    var numbers: [Double] = []
    for word in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
      guard let number = Double(word) else { return nil }
      numbers.append(number)
    }
    return numbers
  }

  /// The plain form: `colorSpace`, the components by name, `alpha`, and the companion object.
  var plainShape: PlainShape {
    var entries: [(String, PropertyList?)] = [("colorSpace", .string(colorSpace))]
    switch components {
    case .rgb(let red, let green, let blue):
      entries += [("red", .real(red)), ("green", .real(green)), ("blue", .real(blue))]
    case .white(let white): entries.append(("white", .real(white)))
    case .cmyk(let cyan, let magenta, let yellow, let black):
      entries += [
        ("cyan", .real(cyan)), ("magenta", .real(magenta)), ("yellow", .real(yellow)), ("black", .real(black)),
      ]
    case .list(let numbers): entries.append(("components", .array(numbers.map { .real($0) })))
    case .named(let catalog, let name): entries += [("catalog", catalog.map { .string($0) }), ("name", .string(name))]
    case .pattern: break
    }
    entries.append(("alpha", alpha.map { .real($0) }))
    guard case .dictionary(var shape) = PlainShape.values(entries) else { return .values(entries) }
    if let (key, value) = companion { shape.append((key == "NSImage" ? "image" : "color", .rendered(value, key: key))) }
    return .dictionary(shape)
  }
}
