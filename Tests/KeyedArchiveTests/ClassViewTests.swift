import Foundation
import KeyedArchive
import PlistKit
import Testing

/// The plain view of the classes an analyst meets: archives written by Foundation on Linux
/// where it writes the class, and field by field where only Apple's frameworks do.
@Suite("Plain view of Foundation, AppKit, UIKit and Core Location classes")
struct ClassViewTests {
  private func plain(_ archive: PropertyList) throws -> PropertyList {
    try ObjectGraph(archive: archive).plainView()
  }

  private func plain(_ bytes: [UInt8]) throws -> PropertyList {
    try plain(try PropertyList(bytes: bytes))
  }

  private static let bold: PropertyList = ["bold": true]

  @Test("an NSMutableAttributedString written by Foundation: its string and its three runs")
  func foundationAttributedString() throws {
    let text = FoundationArchives.helloWorld()
    let bytes = FoundationArchives.archive(text)
    #expect(
      try plain(bytes) == [
        "string": "Hello world",
        "runs": [
          ["range": ["location": 0, "length": 5], "attributes": Self.bold],
          ["range": ["location": 5, "length": 1], "attributes": [:]],
          ["range": ["location": 6, "length": 5], "attributes": ["link": "x"]],
        ],
      ])
    let graph = try ObjectGraph(bytes: bytes)
    let typed = try #require(try graph.attributedString(at: graph.topObject(forKey: "root")!))
    #expect(typed.string == "Hello world")
    #expect(
      typed.runs.map(\.range) == [
        .init(location: 0, length: 5), .init(location: 5, length: 1), .init(location: 6, length: 5),
      ])
    #expect(typed.runs.map(\.attributes) == [["bold": true], [:], ["link": "x"]])
  }

  @Test("runs count UTF-16 code units, as Foundation does")
  func attributedStringUTF16() throws {
    let text = NSMutableAttributedString(string: "é😀x")
    text.addAttribute(
      NSAttributedString.Key("bold"), value: NSNumber(value: true), range: NSRange(location: 1, length: 2))
    #expect(
      try plain(FoundationArchives.archive(text)) == [
        "string": "é😀x",
        "runs": [
          ["range": ["location": 0, "length": 1], "attributes": [:]],
          ["range": ["location": 1, "length": 2], "attributes": Self.bold],
          ["range": ["location": 3, "length": 1], "attributes": [:]],
        ],
      ])
  }

  @Test("an attributed string with one dictionary and none, and runs that do not cover the text stay generic")
  func attributedStringForms() throws {
    #expect(
      try plain(ClassArchives.attributedString("Hello world", runs: [5, 0, 6, 1])) == [
        "string": "Hello world",
        "runs": [
          ["range": ["location": 0, "length": 5], "attributes": Self.bold],
          ["range": ["location": 5, "length": 6], "attributes": ["bold": false]],
        ],
      ])
    let plainText = ClassArchives.object(["NSAttributedString", "NSObject"], ["NSString": .uid(3)], extra: ["abc"])
    #expect(try plain(plainText) == ["string": "abc", "runs": []])
    let oneDictionary = ClassArchives.object(
      ["NSAttributedString", "NSObject"], ["NSString": .uid(3), "NSAttributes": .uid(4)],
      extra: [
        "abc", ["$class": .uid(5), "NS.keys": [.uid(6)], "NS.objects": [.uid(7)]],
        Samples.classDictionary("NSDictionary", "NSObject"), "bold", true,
      ])
    #expect(
      try plain(oneDictionary) == [
        "string": "abc", "runs": [["range": ["location": 0, "length": 3], "attributes": Self.bold]],
      ])
    // 5 + 5 is short of 11; an index past the two dictionaries; a number cut short.
    for runs: [UInt8] in [[5, 0, 5, 1], [5, 0, 6, 2], [5, 0, 6, 0x81]] {
      let shown = try plain(ClassArchives.attributedString("Hello world", runs: runs))
      #expect(shown.dictionaryValue?["$class"] == "NSAttributedString", "\(runs)")
      #expect(shown.dictionaryValue?["NSString"] == "Hello world", "\(runs)")
    }
  }

  @Test("NSValue's ranges, points, sizes and rects written by Foundation")
  func foundationValues() throws {
    let cases: [(NSValue, PropertyList, ArchivedValue)] = [
      (
        NSValue(range: NSRange(location: 3, length: 4)), ["location": 3, "length": 4],
        .range(.init(location: 3, length: 4))
      ),
      (NSValue(point: NSPoint(x: 1.5, y: 2)), ["x": 1.5, "y": 2.0], .point(.init(x: 1.5, y: 2))),
      (NSValue(size: NSSize(width: 3, height: 4)), ["width": 3.0, "height": 4.0], .size(.init(width: 3, height: 4))),
      (
        NSValue(rect: NSRect(x: 1, y: 2, width: 3, height: 4)), ["x": 1.0, "y": 2.0, "width": 3.0, "height": 4.0],
        .rect(.init(origin: .init(x: 1, y: 2), size: .init(width: 3, height: 4)))
      ),
    ]
    for (value, expected, typed) in cases {
      let bytes = FoundationArchives.archive(value)
      #expect(try plain(bytes) == expected)
      let graph = try ObjectGraph(bytes: bytes)
      #expect(graph.archivedValue(at: graph.topObject(forKey: "root")!) == typed)
    }
  }

  @Test("UIKit's CGRect and UIEdgeInsets text, and text that is not geometry")
  func uiKitValues() throws {
    let rect = ClassArchives.object(
      ["NSValue", "NSObject"], ["NS.special": 12, "NS.cgrectval": .uid(3)], extra: ["{{0, -20.5}, {375, 812}}"])
    #expect(try plain(rect) == ["x": 0.0, "y": -20.5, "width": 375.0, "height": 812.0])
    let insets = ClassArchives.object(
      ["NSValue", "NSObject"], ["NS.special": 14, "NS.uiedgeinsetsval": "{44, 0, 34, 0}"])
    #expect(try plain(insets) == ["top": 44.0, "left": 0.0, "bottom": 34.0, "right": 0.0])
    for text: PropertyList in ["{{0, 1}, {2}}", "{0, 1, 2, 3}", "{a, b}"] {
      let broken = ClassArchives.object(["NSValue", "NSObject"], ["NS.special": 3, "NS.rectval": text])
      #expect(try plain(broken) == ["$class": "NSValue", "NS.special": 3, "NS.rectval": text])
    }
  }

  @Test("index sets of no range, one range and many, written by Foundation")
  func foundationIndexSets() throws {
    let many = NSMutableIndexSet(indexesIn: NSRange(location: 2, length: 3))
    many.add(10)
    let cases: [(NSIndexSet, [ArchivedRange])] = [
      (NSIndexSet(), []), (NSIndexSet(indexesIn: NSRange(location: 7, length: 2)), [.init(location: 7, length: 2)]),
      (many, [.init(location: 2, length: 3), .init(location: 10, length: 1)]),
    ]
    for (set, ranges) in cases {
      let bytes = FoundationArchives.archive(set)
      #expect(try plain(bytes) == .array(ranges.map(\.plainValue)))
      let graph = try ObjectGraph(bytes: bytes)
      #expect(graph.indexSet(at: graph.topObject(forKey: "root")!)?.ranges == ranges)
    }
  }

  @Test("date components, a time zone, a locale and a person's name written by Foundation")
  func foundationValueClasses() throws {
    var components = DateComponents()
    components.year = 2024
    components.month = 2
    components.day = 29
    components.hour = 13
    #expect(
      try plain(FoundationArchives.archive(components as NSDateComponents)) == [
        "year": 2024, "month": 2, "day": 29, "hour": 13,
      ])
    let zone = NSTimeZone(name: "Europe/Paris")!
    #expect(try plain(FoundationArchives.archive(zone)) == ["name": "Europe/Paris", "data": .data([UInt8](zone.data))])
    #expect(try plain(FoundationArchives.archive(NSLocale(localeIdentifier: "fr_FR"))) == ["identifier": "fr_FR"])
    var name = PersonNameComponents()
    name.givenName = "Ada"
    name.familyName = "Lovelace"
    #expect(
      try plain(FoundationArchives.archive(name as NSPersonNameComponents)) == [
        "givenName": "Ada", "familyName": "Lovelace",
      ])
  }

  @Test("AppKit's colours in each colour space, and UIKit's")
  func colors() throws {
    #expect(
      try plain(ClassArchives.calibratedRGB) == [
        "colorSpace": "calibratedRGB", "red": 0.1176581159, "green": 0.1221527234, "blue": 0.1597783715,
      ])
    #expect(try plain(ClassArchives.deviceWhite) == ["colorSpace": "deviceWhite", "white": 0.5, "alpha": 0.25])
    #expect(
      try plain(ClassArchives.catalog) == [
        "colorSpace": "catalog", "catalog": "System", "name": "controlColor",
        "color": ["colorSpace": "calibratedWhite", "white": 0.66666669],
      ])
    #expect(
      try plain(ClassArchives.cmyk) == [
        "colorSpace": "deviceCMYK", "cyan": 0.0, "magenta": 0.5, "yellow": 1.0, "black": 0.25, "alpha": 0.75,
      ])
    #expect(
      try plain(ClassArchives.uiRGB) == ["colorSpace": "sRGB", "red": 1.0, "green": 0.5, "blue": 0.25, "alpha": 1.0])
    #expect(try plain(ClassArchives.uiWhite) == ["colorSpace": "gray", "white": 0.75, "alpha": 0.5])
    // UIKit's exact numbers, not the rounded text it writes for AppKit.
    #expect(
      try plain(ClassArchives.uiRGBForAppKitToo) == [
        "colorSpace": "sRGB", "red": 0.0, "green": 0.17647058823529413, "blue": 0.5098039215686274, "alpha": 1.0,
      ])
    #expect(
      try plain(ClassArchives.uiSystem) == ["colorSpace": "system", "name": "systemBackgroundColor", "alpha": 1.0])
    let graph = try ObjectGraph(archive: ClassArchives.calibratedRGB)
    #expect(graph.color(at: 1)?.components == .rgb(red: 0.1176581159, green: 0.1221527234, blue: 0.1597783715))
    #expect(graph.color(at: 1)?.alpha == nil)
    // Two numbers where RGB needs three: generic.
    let short = ClassArchives.object(
      ["NSColor", "NSObject"], ["NSRGB": ClassArchives.componentText("0.5 0.5"), "NSColorSpace": 1])
    #expect(try plain(short).dictionaryValue?["$class"] == "NSColor")
  }

  @Test("fonts, a paragraph style, a location, a predicate, an error and a sort descriptor")
  func namedFields() throws {
    #expect(try plain(ClassArchives.font) == ["name": "SFMono-Regular", "size": 12.0])
    #expect(try plain(ClassArchives.uiFont) == ["name": ".SFUI-Regular", "size": 17.0])
    #expect(
      try plain(ClassArchives.paragraphStyle) == [
        "alignment": 4, "lineSpacing": 2.5, "paragraphSpacing": 6.0, "lineBreakMode": 4,
      ])
    #expect(try plain(ClassArchives.textTab) == ["type": 3, "location": 56.0])
    #expect(
      try plain(ClassArchives.location) == [
        "latitude": 48.8584, "longitude": 2.2945, "altitude": 35.0, "horizontalAccuracy": 5.0, "verticalAccuracy": 3.0,
        "speed": -1.0, "speedAccuracy": -1.0, "course": -1.0,
        "timestamp": .date(PropertyListDate(secondsSinceReferenceDate: 599_616_000)),
      ])
    #expect(try plain(ClassArchives.predicate) == ["format": "name == 'x'"])
    #expect(
      try plain(ClassArchives.comparisonPredicate) == [
        "$class": "NSComparisonPredicate", "NSPredicateOperator": "", "NSFlags": 0,
      ])
    #expect(
      try plain(ClassArchives.error) == [
        "domain": "NSCocoaErrorDomain", "code": 4, "userInfo": ["NSLocalizedDescription": "The file doesn’t exist."],
      ])
    #expect(
      try plain(ClassArchives.sortDescriptor) == [
        "key": "name", "ascending": false, "selector": "localizedStandardCompare:", "reverseNullOrder": true,
      ])
  }

  @Test("NSDecimalNumber exactly: signs, exponents, both byte orders, 128 bits and NaN")
  func decimals() throws {
    let cases: [(PropertyList, String)] = [
      (ClassArchives.decimal([0x39, 0x30], length: 1, exponent: -2, negative: true), "-123.45"),
      (ClassArchives.decimal([0x30, 0x39], length: 1, exponent: 3, negative: false, byteOrder: 2), "12345000"),
      (ClassArchives.decimal([123, 0], length: 1, exponent: -5, negative: false), "0.00123"),
      (
        ClassArchives.decimal([UInt8](repeating: 0xff, count: 16), length: 8, exponent: 0, negative: false),
        "340282366920938463463374607431768211455"
      ),
      (ClassArchives.decimal([0x00, 0x00, 0x01, 0x00], length: 2, exponent: -1, negative: false), "6553.6"),
      (
        ClassArchives.decimal(
          [0x80], length: 0, exponent: 0, negative: true, byteOrder: 2,
          className: "NSDecimalNumberPlaceholder"), "NaN"
      ),
      (ClassArchives.decimal([], length: 0, exponent: 0, negative: false), "0"),
    ]
    for (archive, text) in cases {
      #expect(try plain(archive) == .string(text))
      #expect(try ObjectGraph(archive: archive).decimalNumber(at: 1)?.description == text)
    }
    // A length past the eight words, an unknown byte order: generic.
    for archive in [
      ClassArchives.decimal([1], length: 9, exponent: 0, negative: false),
      ClassArchives.decimal([1], length: 1, exponent: 0, negative: false, byteOrder: 3),
    ] {
      #expect(try plain(archive).dictionaryValue?["$class"] == "NSDecimalNumber")
    }
  }

  @Test("hash and map tables in the layouts of sets and dictionaries")
  func tables() throws {
    let hashTable = ClassArchives.object(["NSHashTable", "NSObject"], ["NS.objects": [.uid(3)]], extra: ["member"])
    #expect(try plain(hashTable) == ["member"])
    let mapTable = ClassArchives.object(
      ["NSMapTable", "NSObject"], ["NS.keys": [.uid(3)], "NS.objects": [.uid(4)]], extra: ["key", "value"])
    #expect(try plain(mapTable) == ["key": "value"])
  }

  @Test("an unknown class stays generic with its class name, a class view's object inside it shown by its view")
  func unknownClassAround() throws {
    let archive = Samples.archive(objects: [
      "$null", ["$class": .uid(2), "font": .uid(3)], Samples.classDictionary("Document", "NSObject"),
      ["$class": .uid(4), "NSName": .uid(5), "NSSize": 11.0], Samples.classDictionary("NSFont", "NSObject"), "Menlo",
    ])
    #expect(try plain(archive) == ["$class": "Document", "font": ["name": "Menlo", "size": 11.0]])
  }

  @Test("a key path edits a viewed object's archived fields, and refuses a new field the view would hide")
  func editing() throws {
    var graph = try ObjectGraph(archive: ClassArchives.calibratedRGB)
    let error = Samples.error { () throws(KeyedArchiveError) in try graph.setValue(0.5, at: "red") }
    #expect(
      error
        == KeyedArchiveError(
          .keyPath, at: "red",
          "an NSColor is shown by its class view, which a key path does not edit; "
            + "set or remove one of its archived fields instead (NSRGB, NSColorSpace)"))
    try graph.setValue(2, at: "NSColorSpace")
    #expect(try graph.plainView().dictionaryValue?["colorSpace"] == "deviceRGB")
    // An object shown generic still takes a new field, whatever its class.
    var predicate = try ObjectGraph(archive: ClassArchives.comparisonPredicate)
    try predicate.setValue("x", at: "note")
    #expect(try predicate.plainView().dictionaryValue?["note"] == "x")
    var generic = try ObjectGraph(archive: ClassArchives.comparisonPredicate.replacingClass("Custom"))
    try generic.setValue("x", at: "note")
    #expect(try generic.plainView().dictionaryValue?["note"] == "x")
  }
}
