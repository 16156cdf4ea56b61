import PlistKit

/// The views of Foundation's and AppKit's classes: each reads the values the class's
/// `-encodeWithCoder:` writes for NSArchiver and gives the keyed archive's plain shape for the
/// class. A view is nil when the values do not have the class's layout, and the object is
/// then shown as an unknown one, with every value.
extension TypedstreamPlainRenderer {
  mutating func renderKnownClass(
    _ object: TypedstreamObject, chain: [String], depth: Int
  ) throws(TypedstreamError)
    -> PropertyList?
  {
    let values = object.groups.flatMap(\.values)
    for name in chain {
      switch name {
      case "NSString", "NSMutableString":
        guard values.count == 1, case .bytes(let bytes) = values[0] else { return nil }
        return .string(String(decoding: bytes, as: UTF8.self))
      case "NSAttributedString", "NSMutableAttributedString":
        return try attributedString(values, depth: depth)
      case "NSDictionary", "NSMutableDictionary":
        return try dictionary(values, depth: depth)
      case "NSArray", "NSMutableArray", "NSSet", "NSMutableSet":
        guard let count = Self.count(values.first), values.count == count + 1 else { return nil }
        var elements: [PropertyList] = []
        for (position, element) in values.dropFirst().enumerated() {
          elements.append(try render(element, under: String(position), depth: depth + 1))
        }
        return .array(elements)
      case "NSNumber", "NSValue":
        guard values.count == 2, case .cString = values[0] else { return nil }
        return try render(values[1], depth: depth + 1)
      case "NSData", "NSMutableData":
        guard values.count == 2, let count = Self.count(values[0]), case .byteArray(let bytes) = values[1],
          bytes.count == count
        else { return nil }
        return .data(bytes)
      case "NSDate":
        guard values.count == 1, case .double(let seconds) = values[0] else { return nil }
        return .date(PropertyListDate(secondsSinceReferenceDate: seconds))
      case "NSURL":
        return try url(values, depth: depth)
      case "NSColor":
        return try color(values, depth: depth)
      case "NSFont":
        return font(values)
      case "NSParagraphStyle", "NSMutableParagraphStyle":
        return try paragraphStyle(values, depth: depth)
      case "NSTextTab":
        guard values.count == 2, let type = Self.count(values[0]), let location = TypedstreamGeometry.real(values[1])
        else { return nil }
        return ["type": .integer(Int64(type)), "location": .real(location)]
      default:
        continue
      }
    }
    return nil
  }

  /// A count written as `i` or `I`.
  private static func count(_ value: TypedstreamValue?) -> Int? {
    switch value {
    case .integer(let count)?: count >= 0 && count <= Int64(Int32.max) ? Int(count) : nil
    case .unsignedInteger(let count)?: count <= UInt64(Int32.max) ? Int(count) : nil
    default: nil
    }
  }

  /// The string object, then for each run its attribute dictionary's number (1 for the
  /// first dictionary, each new one written right after its number) and its length in UTF-16
  /// code units.
  private mutating func attributedString(
    _ values: [TypedstreamValue], depth: Int
  ) throws(TypedstreamError)
    -> PropertyList?
  {
    guard case .object = values.first,
      case .string(let string) = try render(values[0], under: "string", depth: depth + 1)
    else { return nil }
    var dictionaries: [TypedstreamValue] = []
    var runs: [PropertyList] = []
    var location: Int64 = 0
    var position = 1
    while position < values.count {
      guard position + 1 < values.count, case .integer(let number) = values[position],
        let length = Self.count(values[position + 1])
      else { return nil }
      position += 2
      if number == Int64(dictionaries.count) + 1 {
        guard position < values.count, case .object = values[position] else { return nil }
        dictionaries.append(values[position])
        position += 1
      }
      guard number >= 1, number <= Int64(dictionaries.count) else { return nil }
      let attributes = try render(
        dictionaries[Int(number) - 1], under: ["runs", String(runs.count), "attributes"], depth: depth + 2)
      runs.append([
        "range": ["location": .integer(location), "length": .integer(Int64(length))], "attributes": attributes,
      ])
      location += Int64(length)
    }
    return ["string": .string(string), "runs": .array(runs)]
  }

  /// The count, then each key followed by its value.
  private mutating func dictionary(
    _ values: [TypedstreamValue], depth: Int
  ) throws(TypedstreamError)
    -> PropertyList?
  {
    guard let count = Self.count(values.first), values.count == 2 * count + 1 else { return nil }
    var entries: [(String, PropertyList)] = []
    for pair in 0..<count {
      let key = try render(values[1 + 2 * pair], under: "$key\(pair)", depth: depth + 1)
      guard let text = key.plainViewKeyText else { return nil }
      entries.append((text, try render(values[2 + 2 * pair], under: text, depth: depth + 1)))
    }
    return .dictionary(PropertyListDictionary(entries))
  }

  /// A flag for a base URL, the base when there is one, then the relative string.
  private mutating func url(_ values: [TypedstreamValue], depth: Int) throws(TypedstreamError) -> PropertyList? {
    switch values.count {
    case 2:
      guard case .integer(0) = values[0], case .object = values[1] else { return nil }
      return try render(values[1], depth: depth + 1)
    case 3:
      guard case .integer(1) = values[0], case .object = values[1], case .object = values[2] else { return nil }
      return [
        "base": try render(values[1], under: "base", depth: depth + 1),
        "relative": try render(values[2], under: "relative", depth: depth + 1),
      ]
    default:
      return nil
    }
  }

  /// The colour space's number, then its components as floats, or a catalog's name, the
  /// colour's name and the colour itself.
  private mutating func color(_ values: [TypedstreamValue], depth: Int) throws(TypedstreamError) -> PropertyList? {
    guard case .integer(let space) = values.first else { return nil }
    let components: [String]
    let spaceName: String
    switch space {
    case 1, 2:
      spaceName = space == 1 ? "calibratedRGB" : "deviceRGB"
      components = ["red", "green", "blue", "alpha"]
    case 3, 4:
      spaceName = space == 3 ? "calibratedWhite" : "deviceWhite"
      components = ["white", "alpha"]
    case 5:
      spaceName = "deviceCMYK"
      components = ["cyan", "magenta", "yellow", "black", "alpha"]
    case 6:
      guard values.count == 4, case .object = values[1], case .object = values[2] else { return nil }
      guard case .string(let catalog) = try render(values[1], under: "catalog", depth: depth + 1),
        case .string(let name) = try render(values[2], under: "name", depth: depth + 1)
      else { return nil }
      return [
        "colorSpace": "catalog", "catalog": .string(catalog), "name": .string(name),
        "color": try render(values[3], under: "color", depth: depth + 1),
      ]
    default:
      return nil
    }
    guard values.count == components.count + 1 else { return nil }
    var entries: [(String, PropertyList)] = [("colorSpace", .string(spaceName))]
    for (name, value) in zip(components, values.dropFirst()) {
      guard let real = TypedstreamGeometry.real(value) else { return nil }
      entries.append((name, .real(real)))
    }
    return .dictionary(PropertyListDictionary(entries))
  }

  /// The numbers a paragraph style writes when they are not zero, in the order of their bits
  /// in the mask before them, under the names the keyed archive's view gives them.
  private static let paragraphNumbers = [
    "lineSpacing", "paragraphSpacing", "headIndent", "tailIndent", "firstLineHeadIndent", "minLineHeight",
    "maxLineHeight", "lineHeightMultiple", "paragraphSpacingBefore", "defaultTabInterval", "hyphenationFactor",
    "tighteningFactorForTruncation", "headerLevel",
  ]

  /// What AppKit's paragraph style reads from NSArchiver: the alignment and the line break mode
  /// (`C` each, the alignment as Core Text numbers it: 0 left, 1 right, 2 center, 3 justified,
  /// 4 natural), the tab stops (an array, or nil), a 16-bit mask of the numbers that follow,
  /// then, unless the mask is 0, those numbers as an array of floats in the mask's bit order.
  private mutating func paragraphStyle(
    _ values: [TypedstreamValue], depth: Int
  ) throws(TypedstreamError) -> PropertyList? {
    guard values.count == 4 || values.count == 5, let alignment = Self.count(values[0]),
      let lineBreakMode = Self.count(values[1]), let mask = Self.count(values[3]),
      mask >> Self.paragraphNumbers.count == 0, (mask == 0) == (values.count == 4)
    else { return nil }
    let names = Self.paragraphNumbers.indices.filter { mask & (1 << $0) != 0 }.map { Self.paragraphNumbers[$0] }
    var numbers: [Double] = []
    if values.count == 5 {
      guard case .array(let elements) = values[4] else { return nil }
      numbers = elements.compactMap(TypedstreamGeometry.real)
      guard numbers.count == elements.count else { return nil }
    }
    guard numbers.count == names.count else { return nil }
    var entries: [(String, PropertyList)] = [
      ("alignment", .integer(Int64(alignment))), ("lineBreakMode", .integer(Int64(lineBreakMode))),
    ]
    for (name, number) in zip(names, numbers) { entries.append((name, .real(number))) }
    if case .object = values[2] {
      entries.append(("tabStops", try render(values[2], under: "tabStops", depth: depth + 1)))
    }
    return .dictionary(PropertyListDictionary(entries))
  }

  /// The name as NeXT's serialized property list in a data object, the size, and four flags.
  private func font(_ values: [TypedstreamValue]) -> PropertyList? {
    guard values.count == 7, case .byteArray(let serialized) = values[1],
      let size = TypedstreamGeometry.real(values[2]),
      let name = NeXTSerializedString(serialized)?.string
    else { return nil }
    return ["name": .string(name), "size": .real(size)]
  }
}
