import PlistKit

/// The structs `NSValue` holds that have a plain view of their own, by the struct's name:
/// ranges, points, sizes, rectangles and edge insets, in the shapes a keyed archive's plain
/// view gives them (`{"location", "length"}` integers, the others reals).
struct TypedstreamGeometry {
  let plain: PropertyList

  init?(name: String?, fields: [TypedstreamValue]) {
    guard let name else { return nil }
    switch name {
    case "_NSRange", "NSRange", "CFRange":
      guard fields.count == 2, let location = Self.integer(fields[0]), let length = Self.integer(fields[1]) else {
        return nil
      }
      plain = ["location": .integer(location), "length": .integer(length)]
    case "_NSPoint", "NSPoint", "CGPoint":
      guard let reals = Self.reals(fields, count: 2) else { return nil }
      plain = ["x": .real(reals[0]), "y": .real(reals[1])]
    case "_NSSize", "NSSize", "CGSize":
      guard let reals = Self.reals(fields, count: 2) else { return nil }
      plain = ["width": .real(reals[0]), "height": .real(reals[1])]
    case "_NSRect", "NSRect", "CGRect":
      guard fields.count == 2, case .structure(_, let origin) = fields[0], case .structure(_, let size) = fields[1],
        let point = Self.reals(origin, count: 2), let extent = Self.reals(size, count: 2)
      else { return nil }
      plain = [
        "x": .real(point[0]), "y": .real(point[1]), "width": .real(extent[0]), "height": .real(extent[1]),
      ]
    case "NSEdgeInsets", "UIEdgeInsets":
      guard let reals = Self.reals(fields, count: 4) else { return nil }
      plain = ["top": .real(reals[0]), "left": .real(reals[1]), "bottom": .real(reals[2]), "right": .real(reals[3])]
    default:
      return nil
    }
  }

  private static func integer(_ value: TypedstreamValue) -> PropertyListInteger? {
    switch value {
    case .integer(let integer): PropertyListInteger(integer)
    case .unsignedInteger(let integer): PropertyListInteger(integer)
    default: nil
    }
  }

  static func real(_ value: TypedstreamValue) -> Double? {
    switch value {
    case .float(let float): Double(float)
    case .double(let double): double
    default: nil
    }
  }

  private static func reals(_ fields: [TypedstreamValue], count: Int) -> [Double]? {
    guard fields.count == count else { return nil }
    let reals = fields.compactMap(real)
    return reals.count == count ? reals : nil
  }
}
