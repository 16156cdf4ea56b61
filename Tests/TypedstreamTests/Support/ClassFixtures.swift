import PlistKit

/// One typedstream a test writes byte by byte, with the plain view it must have.
struct ClassFixture: CustomStringConvertible, Sendable {
  let name: String
  let expected: PropertyList
  let write: @Sendable (inout StreamWriter) -> Void
  /// False for a class pytypedstream shows generically (it has no NSAttributedString).
  var peerKnowsClass = true

  var description: String { name }

  /// This fixture, for a class pytypedstream shows generically.
  var unknownToPeer: ClassFixture {
    var fixture = self
    fixture.peerKnowsClass = false
    return fixture
  }

  /// The stream in either byte order: its root is one object.
  func bytes(bigEndian: Bool) -> [UInt8] {
    var writer = StreamWriter(bigEndian: bigEndian)
    writer.encoding("@")
    write(&writer)
    return writer.bytes
  }
}

/// Fixtures for every class the plain view knows, and for every C type an NSNumber holds.
enum ClassFixtures {
  static func number(
    _ type: String, _ expected: PropertyList, _ write: @escaping @Sendable (inout StreamWriter) -> Void
  )
    -> ClassFixture
  {
    ClassFixture(name: "NSNumber \(type)", expected: expected) { $0.numberObject(type, write) }
  }

  static let numbers: [ClassFixture] = [
    number("c", -5) { $0.raw([0xFB]) },
    number("C", 200) { $0.raw([200]) },
    number("s", -300) { $0.integer(-300) },
    number("S", 60000) { $0.unsigned(60000) },
    number("i", -70000) { $0.integer(-70000) },
    number("I", .integer(PropertyListInteger(UInt64(3_000_000_000)))) { $0.unsigned(3_000_000_000) },
    number("l", -2) { $0.integer(-2) },
    number("L", 5) { $0.unsigned(5) },
    number("q", .integer(Int64(Int32.min))) { $0.integer(Int64(Int32.min)) },
    number("Q", .integer(PropertyListInteger(UInt64(UInt32.max)))) { $0.unsigned(UInt64(UInt32.max)) },
    number("f", 1.5) { $0.float(1.5) },
    number("d", 0.1) { $0.double(0.1) },
    number("B", true) { $0.raw([1]) },
  ]

  static func value(
    _ type: String, _ name: String, _ expected: PropertyList, _ write: @escaping @Sendable (inout StreamWriter) -> Void
  )
    -> ClassFixture
  {
    ClassFixture(name: "NSValue \(name)", expected: expected) { writer in
      writer.beginObject(Chains.value)
      writer.encoding("*")
      writer.cString(type)
      writer.encoding(type)
      write(&writer)
      writer.endObject()
    }
  }

  static let values: [ClassFixture] = [
    value("{_NSRange=QQ}", "NSRange", ["location": 3, "length": 4]) {
      $0.unsigned(3); $0.unsigned(4)
    },
    value("{_NSPoint=ff}", "NSPoint", ["x": 1.5, "y": -2.0]) {
      $0.float(1.5); $0.float(-2)
    },
    value("{_NSSize=ff}", "NSSize", ["width": 3.0, "height": 4.25]) {
      $0.float(3); $0.float(4.25)
    },
    value("{_NSRect={_NSPoint=ff}{_NSSize=ff}}", "NSRect", ["x": 1.0, "y": 2.0, "width": 30.0, "height": 40.0]) {
      $0.float(1); $0.float(2); $0.float(30); $0.float(40)
    },
  ]

  static func color(
    _ name: String, _ expected: PropertyList, _ write: @escaping @Sendable (inout StreamWriter) -> Void
  )
    -> ClassFixture
  {
    ClassFixture(name: "NSColor \(name)", expected: expected) { writer in
      writer.beginObject(Chains.color)
      write(&writer)
      writer.endObject()
    }
  }

  static func colorBody(_ space: Int64, _ components: [Float]) -> @Sendable (inout StreamWriter) -> Void {
    { writer in
      writer.encoding("c")
      writer.raw([UInt8(space)])
      writer.encoding(String(repeating: "f", count: components.count))
      for component in components { writer.float(component) }
    }
  }

  static let colors: [ClassFixture] = [
    color(
      "calibrated RGB", ["colorSpace": "calibratedRGB", "red": 1.0, "green": 0.5, "blue": 0.25, "alpha": 1.0],
      colorBody(1, [1, 0.5, 0.25, 1])),
    color(
      "device RGB", ["colorSpace": "deviceRGB", "red": 0.0, "green": 0.75, "blue": 1.0, "alpha": 0.5],
      colorBody(2, [0, 0.75, 1, 0.5])),
    color(
      "calibrated white", ["colorSpace": "calibratedWhite", "white": 0.5, "alpha": 1.0], colorBody(3, [0.5, 1])),
    color("device white", ["colorSpace": "deviceWhite", "white": 0.25, "alpha": 0.75], colorBody(4, [0.25, 0.75])),
    color(
      "device CMYK",
      ["colorSpace": "deviceCMYK", "cyan": 0.0, "magenta": 0.5, "yellow": 1.0, "black": 0.25, "alpha": 1.0],
      colorBody(5, [0, 0.5, 1, 0.25, 1])),
    color(
      "catalog",
      [
        "colorSpace": "catalog", "catalog": "System", "name": "controlColor",
        "color": ["colorSpace": "calibratedWhite", "white": 0.5, "alpha": 1.0],
      ]
    ) { writer in
      writer.encoding("c")
      writer.raw([6])
      writer.encoding("@@@")
      writer.stringObject("System")
      writer.stringObject("controlColor")
      writer.beginObject(Chains.color)
      colorBody(3, [0.5, 1])(&writer)
      writer.endObject()
    },
  ]

  /// A font's name as NeXT's serialized property list: type 6, UTF-16 with a byte-order mark.
  static func serializedName(_ name: String) -> [UInt8] {
    var text: [UInt8] = [0xFF, 0xFE]
    for unit in name.utf16 { text += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    var bytes: [UInt8] = [6, 0, 0, 0, UInt8(text.count), 0, 0, 0] + text
    while bytes.count % 4 != 0 { bytes.append(0) }
    return bytes
  }

  static let others: [ClassFixture] = [
    ClassFixture(name: "NSString", expected: "Grüße, world") { $0.stringObject("Grüße, world") },
    ClassFixture(name: "NSMutableString", expected: "mutable") { $0.stringObject("mutable", mutable: true) },
    ClassFixture(name: "NSDictionary", expected: ["a": 1, "b": "two"]) { writer in
      writer.beginObject(Chains.dictionary)
      writer.encoding("i")
      writer.integer(2)
      for (key, number) in [("a", 1), ("b", 0)] {
        writer.encoding("@")
        writer.stringObject(key)
        writer.encoding("@")
        if number == 1 { writer.numberObject("i") { $0.integer(1) } } else { writer.stringObject("two") }
      }
      writer.endObject()
    },
    ClassFixture(name: "NSMutableDictionary", expected: [:]) { writer in
      writer.beginObject(Chains.mutableDictionary)
      writer.encoding("i")
      writer.integer(0)
      writer.endObject()
    },
    ClassFixture(name: "NSArray", expected: ["one", 2.5]) { writer in
      writer.beginObject(Chains.array)
      writer.encoding("i")
      writer.integer(2)
      writer.encoding("@")
      writer.stringObject("one")
      writer.encoding("@")
      writer.numberObject("d") { $0.double(2.5) }
      writer.endObject()
    },
    ClassFixture(name: "NSMutableArray with a shared member", expected: ["same", "same"]) { writer in
      writer.beginObject(Chains.mutableArray)
      writer.encoding("i")
      writer.integer(2)
      writer.encoding("@")
      let shared = writer.beginObject(Chains.string)
      writer.encoding("+")
      writer.unsharedString(Array("same".utf8))
      writer.endObject()
      writer.encoding("@")
      writer.objectReference(shared)
      writer.endObject()
    },
    ClassFixture(name: "NSData", expected: .data([0, 1, 2, 0xFF])) { writer in
      writer.beginObject(Chains.data)
      writer.encoding("i")
      writer.integer(4)
      writer.encoding("[4c]")
      writer.raw([0, 1, 2, 0xFF])
      writer.endObject()
    },
    ClassFixture(name: "NSMutableData", expected: .data([])) { writer in
      writer.beginObject(Chains.mutableData)
      writer.encoding("i")
      writer.integer(0)
      writer.encoding("[0c]")
      writer.endObject()
    },
    ClassFixture(name: "NSDate", expected: .date(PropertyListDate(secondsSinceReferenceDate: 700_000_000.5))) {
      writer in
      writer.beginObject(Chains.date)
      writer.encoding("d")
      writer.double(700_000_000.5)
      writer.endObject()
    },
    ClassFixture(name: "NSURL", expected: "https://example.com/a") { writer in
      writer.beginObject(Chains.url)
      writer.encoding("c")
      writer.raw([0])
      writer.encoding("@")
      writer.stringObject("https://example.com/a")
      writer.endObject()
    },
    ClassFixture(name: "NSFont", expected: ["name": "Helvetica-Bold", "size": 13.0]) { writer in
      let name = serializedName("Helvetica-Bold")
      writer.beginObject(Chains.font)
      writer.encoding("i")
      writer.integer(Int64(name.count))
      writer.encoding("[\(name.count)c]")
      writer.raw(name)
      writer.encoding("f")
      writer.float(13)
      for flag: UInt8 in [0, 1, 0, 0] {
        writer.encoding("c")
        writer.raw([flag])
      }
      writer.endObject()
    },
    ClassFixture(name: "NSObject", expected: ["$class": "NSObject", "$classes": ["NSObject"], "$values": []]) {
      writer in
      writer.beginObject(Chains.object)
      writer.endObject()
    },
    ClassFixture(
      name: "an unknown class",
      expected: ["$class": "MyThing", "$classes": ["MyThing", "NSObject"], "$values": [7, "inside", [1, 2, 3]]]
    ) { writer in
      writer.beginObject([("MyThing", 3), ("NSObject", 0)])
      writer.encoding("i@")
      writer.integer(7)
      writer.stringObject("inside")
      writer.encoding("[3s]")
      for element: Int64 in [1, 2, 3] { writer.integer(element) }
      writer.endObject()
    },
  ]

  /// A tab stop as AppKit writes it for NSArchiver: its type (`C`: 0 left, 1 right, 2 center,
  /// 3 decimal) and its location (`f`).
  static func textTab(_ type: UInt8, _ location: Float) -> @Sendable (inout StreamWriter) -> Void {
    { writer in
      writer.beginObject([("NSTextTab", 0), ("NSObject", 0)])
      writer.encoding("Cf")
      writer.raw([type])
      writer.float(location)
      writer.endObject()
    }
  }

  /// Paragraph styles in AppKit's NSArchiver layout: alignment and line break mode, the tab
  /// stops, the mask of the numbers written, then those numbers.
  static let paragraphStyles: [ClassFixture] = [
    ClassFixture(
      name: "NSParagraphStyle with tab stops and three numbers",
      expected: [
        "alignment": 2, "lineBreakMode": 4, "lineSpacing": 2.0, "headIndent": 10.5, "defaultTabInterval": 36.0,
        "tabStops": [["type": 0, "location": 28.0], ["type": 3, "location": 56.0]],
      ]
    ) { writer in
      writer.beginObject([("NSMutableParagraphStyle", 0), ("NSParagraphStyle", 0), ("NSObject", 0)])
      writer.encoding("CC@S")
      writer.raw([2, 4])
      writer.beginObject(Chains.array)
      writer.encoding("i")
      writer.integer(2)
      for (type, location): (UInt8, Float) in [(0, 28), (3, 56)] {
        writer.encoding("@")
        textTab(type, location)(&writer)
      }
      writer.endObject()
      // lineSpacing (bit 0), headIndent (bit 2), defaultTabInterval (bit 9).
      writer.unsigned(0x205)
      writer.encoding("[3f]")
      for number: Float in [2, 10.5, 36] { writer.float(number) }
      writer.endObject()
    }.unknownToPeer,
    ClassFixture(
      name: "NSParagraphStyle with no tab stops and no numbers",
      expected: ["alignment": 4, "lineBreakMode": 0]
    ) { writer in
      writer.beginObject([("NSParagraphStyle", 0), ("NSObject", 0)])
      writer.encoding("CC@S")
      writer.raw([4, 0])
      writer.nilValue()
      writer.unsigned(0)
      writer.endObject()
    }.unknownToPeer,
  ]

  static let all: [ClassFixture] = others + numbers + values + colors + paragraphStyles
}
