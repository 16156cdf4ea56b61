import PlistKit

/// Archives of the classes with a view of their own, written here field by field in the layouts
/// AppKit, UIKit and Core Location write (Foundation on Linux has none of these classes).
enum ClassArchives {
  /// An archive whose root is one object of `chain` with `fields`, and `extra` objects after
  /// it (ids from 3 on; id 2 is the class).
  static func object(_ chain: [String], _ fields: PropertyListDictionary, extra: [PropertyList] = []) -> PropertyList {
    var object = fields
    object.insert(.uid(2), forKey: "$class", at: 0)
    let classes: PropertyList = ["$classname": .string(chain[0]), "$classes": .array(chain.map { .string($0) })]
    return Samples.archive(objects: ["$null", .dictionary(object), classes] + extra)
  }

  /// The bytes of ASCII component text as AppKit writes it, NUL-ended.
  static func componentText(_ text: String) -> PropertyList { .data(Array(text.utf8) + [0]) }

  /// Terminal.app's background colour: calibrated RGB, no alpha.
  static let calibratedRGB = object(
    ["NSColor", "NSObject"], ["NSRGB": componentText("0.1176581159 0.1221527234 0.1597783715"), "NSColorSpace": 1])

  /// A device white with alpha.
  static let deviceWhite = object(["NSColor", "NSObject"], ["NSWhite": componentText("0.5 0.25"), "NSColorSpace": 4])

  /// A catalog colour with its fallback colour (ids 3 to 5).
  static let catalog = object(
    ["NSColor", "NSObject"],
    ["NSCatalogName": .uid(3), "NSColorName": .uid(4), "NSColor": .uid(5), "NSColorSpace": 6],
    extra: [
      "System", "controlColor",
      ["$class": .uid(2), "NSWhite": componentText("0.66666669"), "NSColorSpace": 3],
    ])

  /// A CMYK colour with alpha.
  static let cmyk = object(["NSColor", "NSObject"], ["NSCMYK": componentText("0 0.5 1 0.25 0.75"), "NSColorSpace": 5])

  /// UIKit's RGB form.
  static let uiRGB = object(
    ["UIColor", "NSObject"], ["UIColorComponentCount": 4, "UIRed": 1, "UIGreen": 0.5, "UIBlue": 0.25, "UIAlpha": 1])

  /// A UIColor as iOS 17 archives it (a Core Data attribute in the corpus's meWe database):
  /// AppKit's `NSColorSpace` and `NSRGB`, rounded to three digits, beside UIKit's 32-bit numbers,
  /// and `-Double` numbers where those are not exact (none for green's 0).
  static let uiRGBForAppKitToo = object(
    ["UIColor", "NSObject"],
    [
      "UIColorComponentCount": 4, "NSColorSpace": 2, "NSRGB": componentText("0 0.176 0.51"), "UIRed": 0.0,
      "UIGreen": 0.1764705926179886, "UIGreen-Double": 0.17647058823529413, "UIBlue": 0.5098039507865906,
      "UIBlue-Double": 0.5098039215686274, "UIAlpha": 1,
    ])

  /// A UIKit system colour, with the RGB it had when archived and AppKit's fields.
  static let uiSystem = object(
    ["UIColor", "NSObject"],
    [
      "UISystemColorName": .uid(3), "UIColorComponentCount": 4, "UIRed": 1, "UIGreen": 1, "UIBlue": 1, "UIAlpha": 1,
      "NSRGB": componentText("1 1 1"), "NSColorSpace": 2,
    ], extra: ["systemBackgroundColor"])

  /// UIKit's white form.
  static let uiWhite = object(["UIColor", "NSObject"], ["UIColorComponentCount": 2, "UIWhite": 0.75, "UIAlpha": 0.5])

  /// A font as Terminal.app archives it (ids 3: the name).
  static let font = object(
    ["NSFont", "NSObject"], ["NSSize": 12.0, "NSfFlags": 16, "NSName": .uid(3)], extra: ["SFMono-Regular"])

  /// UIKit's font.
  static let uiFont = object(
    ["UIFont", "NSObject"], ["UIFontName": .uid(3), "UIFontPointSize": 17.0, "UISystemFont": true],
    extra: [".SFUI-Regular"])

  /// A decimal tab stop, as Foundation writes `NSTextTab` for a keyed archive.
  static let textTab = object(["NSTextTab", "NSObject"], ["NSType": 3, "NSLocation": 56.0])

  /// A paragraph style with natural alignment, spacing and no tab stops.
  static let paragraphStyle = object(
    ["NSMutableParagraphStyle", "NSParagraphStyle", "NSObject"],
    ["NSAlignment": 4, "NSTabStops": .uid(0), "NSLineSpacing": 2.5, "NSParagraphSpacing": 6.0, "NSLineBreakMode": 4])

  /// A location with a timestamp of 2020-01-01T00:00:00Z.
  static let location = object(
    ["CLLocation", "NSObject"],
    [
      "kCLLocationCodingKeyCoordinateLatitude": 48.8584, "kCLLocationCodingKeyCoordinateLongitude": 2.2945,
      "kCLLocationCodingKeyAltitude": 35.0, "kCLLocationCodingKeyHorizontalAccuracy": 5.0,
      "kCLLocationCodingKeyVerticalAccuracy": 3.0, "kCLLocationCodingKeySpeed": -1.0,
      "kCLLocationCodingKeySpeedAccuracy": -1.0, "kCLLocationCodingKeyCourse": -1.0, "kCLLocationCodingKeyFloor": 2,
      "kCLLocationCodingKeyTimestamp": 599_616_000.0,
    ])

  /// A predicate that carries its format (id 3).
  static let predicate = object(
    ["NSPredicate", "NSObject"], ["NSPredicateFormat": .uid(3)], extra: ["name == 'x'"])

  /// A comparison predicate without a format string: shown generic.
  static let comparisonPredicate = object(
    ["NSComparisonPredicate", "NSPredicate", "NSObject"], ["NSPredicateOperator": .uid(0), "NSFlags": 0])

  /// An `NSDecimalNumber` with the mantissa's words in `bytes`.
  static func decimal(
    _ bytes: [UInt8], length: Int64, exponent: Int64, negative: Bool, byteOrder: Int64 = 1,
    className: String = "NSDecimalNumber"
  ) -> PropertyList {
    object(
      [className, "NSNumber", "NSValue", "NSObject"],
      [
        "NS.mantissa.bo": .integer(PropertyListInteger(byteOrder)),
        "NS.mantissa": .data(bytes + [UInt8](repeating: 0, count: 16 - bytes.count)),
        "NS.exponent": .integer(PropertyListInteger(exponent)), "NS.length": .integer(PropertyListInteger(length)),
        "NS.negative": .boolean(negative), "NS.compact": true,
      ])
  }

  /// An error with a user-info dictionary (ids 3 to 7).
  static let error = object(
    ["NSError", "NSObject"], ["NSCode": 4, "NSDomain": .uid(3), "NSUserInfo": .uid(4)],
    extra: [
      "NSCocoaErrorDomain", ["$class": .uid(7), "NS.keys": [.uid(5)], "NS.objects": [.uid(6)]],
      "NSLocalizedDescription", "The file doesn’t exist.",
      ["$classname": "NSDictionary", "$classes": ["NSDictionary", "NSObject"]],
    ])

  /// A sort descriptor (ids 3 and 4), with the `NSReverseNullOrder` flag Foundation writes since
  /// macOS 10.15 and iOS 13.
  static let sortDescriptor = object(
    ["NSSortDescriptor", "NSObject"],
    ["NSKey": .uid(3), "NSAscending": false, "NSSelector": .uid(4), "NSReverseNullOrder": true],
    extra: ["name", "localizedStandardCompare:"])

  /// An attributed string whose runs are `(length, dictionary index)` pairs over `dictionaries`
  /// attribute dictionaries of one attribute `bold` each (ids 3 on).
  static func attributedString(_ text: String, runs: [UInt8]) -> PropertyList {
    object(
      ["NSAttributedString", "NSObject"], ["NSString": .uid(3), "NSAttributes": .uid(4), "NSAttributeInfo": .uid(5)],
      extra: [
        .string(text), ["$class": .uid(6), "NS.objects": [.uid(7), .uid(8)]],
        ["$class": .uid(9), "NS.data": .data(runs)],
        ["$classname": "NSArray", "$classes": ["NSArray", "NSObject"]],
        ["$class": .uid(10), "NS.keys": [.uid(11)], "NS.objects": [.uid(12)]],
        ["$class": .uid(10), "NS.keys": [.uid(11)], "NS.objects": [.uid(13)]],
        ["$classname": "NSData", "$classes": ["NSData", "NSObject"]],
        ["$classname": "NSDictionary", "$classes": ["NSDictionary", "NSObject"]],
        "bold", true, false,
      ])
  }

  /// Every hand-written archive with a view, for the tests that run over all of them.
  static var all: [PropertyList] {
    [
      calibratedRGB, deviceWhite, catalog, cmyk, uiRGB, uiWhite, font, uiFont, paragraphStyle, location, predicate,
      comparisonPredicate, error, sortDescriptor, decimal([0x39, 0x30], length: 1, exponent: -2, negative: true),
      attributedString("Hello world", runs: [5, 0, 6, 1]),
    ]
  }
}

extension ClassArchives {
  /// Attributed strings nested `levels` deep, each of two one-unit runs sharing one attribute
  /// dictionary that holds the level below: two objects a level, 2^levels strings as a tree.
  static func attributedStringBomb(levels: Int) -> PropertyList {
    var objects: [PropertyList] = [
      "$null", Samples.classDictionary("NSAttributedString", "NSObject"),
      Samples.classDictionary("NSArray", "NSObject"),
      Samples.classDictionary("NSDictionary", "NSObject"), "ab", .data([1, 0, 1, 0]), "inner",
    ]
    var below: UInt64 = 4  // the innermost value: the string "ab"
    for _ in 0..<levels {
      let base = UInt64(objects.count)
      objects.append(["$class": .uid(3), "NS.keys": [.uid(6)], "NS.objects": [.uid(below)]])
      objects.append(["$class": .uid(2), "NS.objects": [.uid(base)]])
      objects.append([
        "$class": .uid(1), "NSString": .uid(4), "NSAttributes": .uid(base + 1), "NSAttributeInfo": .uid(5),
      ])
      below = base + 2
    }
    return Samples.archive(top: ["root": .uid(below)], objects: objects)
  }
}

extension PropertyList {
  /// This one-object archive (see ``ClassArchives/object(_:_:extra:)``) with its object's class
  /// renamed to `name`.
  func replacingClass(_ name: String) -> PropertyList {
    guard case .dictionary(var archive) = self, case .array(var objects)? = archive["$objects"] else { return self }
    objects[2] = ["$classname": .string(name), "$classes": [.string(name), "NSObject"]]
    _ = archive.updateValue(.array(objects), forKey: "$objects")
    return .dictionary(archive)
  }
}
