import Foundation
import Testing

@testable import PlistKit

/// What PlistKit writes, Foundation and Python's plistlib read as equal values, and the
/// other way round.
@Suite("XML interop")
struct XMLInteropTests {
  /// Every kind each peer can carry in XML, with the awkward cases: escapes, non-ASCII keys,
  /// the integer extremes, reals that need 17 digits, empty containers and data at depth.
  static func sample(negativeZero: Bool, uid: Bool, carriageReturn: Bool = true) -> PropertyList {
    var reals: [PropertyList] = [
      0.1, 1, -2.5, 1e20, 1e-5, .real(1.0 / 3.0), .real(.leastNonzeroMagnitude), .real(.greatestFiniteMagnitude),
      .real(.infinity), .real(-.infinity), 0.0,
    ]
    if negativeZero { reals.append(.real(-0.0)) }
    var value: PropertyList = [
      "string": .string("a<b>&c\"' é 😀\t\n" + (carriageReturn ? "\r" : "") + " end"),
      "": "empty key",
      "clé ünïcode 日本": "",
      "integers": [0, -1, .integer(Int64.max), .integer(Int64.min), .integer(UInt64.max)],
      "reals": .array(reals),
      "booleans": [true, false],
      "dates": [
        .date(.init(secondsSinceReferenceDate: 0)), .date(.init(secondsSinceReferenceDate: 700_000_000)),
        .date(.init(secondsSinceReferenceDate: -978_307_200)),
      ],
      "data": [.data([]), .data(Array(0...255)), [[[[.data(Array(repeating: 0xAB, count: 90))]]]]],
      "containers": [[], [:], [[:]], ["nested": ["deeper": [1, "two"]]]],
    ]
    if uid { value["uid"] = .uid(42) }
    return value
  }

  @Test("Foundation reads what PlistKit writes")
  func foundationReadsPlistKit() throws {
    let value = Self.sample(negativeZero: true, uid: true)
    #expect(try FoundationPeer.read(XML.write(value)) == value)
  }

  @Test("PlistKit reads what Foundation writes")
  func plistKitReadsFoundation() throws {
    // Foundation writes -0.0 as 0.0, so the sign cannot come back from its files; it writes a
    // carriage return raw, which XML reads as a line feed (see below).
    let value = Self.sample(negativeZero: false, uid: false, carriageReturn: false)
    let bytes = try FoundationPeer.write(value, format: .xml)
    #expect(try XML.read(bytes: bytes) == value)
  }

  @Test("a raw carriage return in Foundation's output reads as a line feed, as XML requires")
  func rawCarriageReturn() throws {
    let foundation = try FoundationPeer.write(["a\rb\r\nc"], format: .xml)
    #expect(String(decoding: foundation, as: UTF8.self).contains("<string>a\rb\r\nc</string>"))
    #expect(try XML.read(bytes: foundation) == ["a\nb\nc"])
  }

  @Test(
    "a raw carriage return in plistlib's output reads as a line feed, as XML requires",
    .enabled(if: PythonPeer.isAvailable, "needs python3 with plistlib (.ci/run installs it)"))
  func rawCarriageReturnFromPlistlib() throws {
    #expect(try XML.read(bytes: PythonPeer.write(["a\rb"], format: "xml")) == ["a\nb"])
  }

  /// Scalar texts where CoreFoundation's reading is unusual: base64 with other characters,
  /// misplaced padding and a partial last group; white space before and after numbers.
  static let irregularScalars = [
    "<data>AAEC!</data>", "<data>*</data>", "<data>AAECA</data>", "<data>QU=JD</data>", "<data>QQ==QQ==</data>",
    "<data>=QUJD</data>", "<data>Q===</data>", "<data>QQ= =</data>", "<integer> \n 12</integer>",
    "<integer>12 </integer>", "<real>\t1.5</real>", "<real>1.5 </real>", "<true> </true>", "<false>\n</false>",
    "<date>1970-01-01</date>", "<date> 1970-01-01T00:00:00Z</date>", "<date>1970-01-01T00:00:00Z\n</date>",
  ]

  @Test(
    "irregular scalars read as plutil reads them, or fail where it fails",
    .enabled(if: Plutil.isAvailable, "needs the toolchain's plutil"),
    arguments: irregularScalars)
  func irregularScalarsLikePlutil(element: String) throws {
    let document = Array("<plist version=\"1.0\"><array>\(element)</array></plist>".utf8)
    let peer = try? Plutil.read(document)
    let own = try? XML.read(bytes: document)
    #expect(own == peer)
  }

  @Test(
    "UTF-32 with a byte-order mark reads as plutil reads it",
    .enabled(if: Plutil.isAvailable, "needs the toolchain's plutil"),
    arguments: [false, true])
  func utf32LikePlutil(bigEndian: Bool) throws {
    let text =
      "<?xml version=\"1.0\" encoding=\"UTF-32\"?><plist><dict><key>k</key><string>日本 😀</string></dict></plist>"
    let bytes = XML.utf32(text, bigEndian: bigEndian)
    let peer = try #require(try Plutil.read(bytes))
    #expect(try XML.read(bytes: bytes) == peer)
  }

  @Test("PlistKit reads Foundation's NaN")
  func foundationNaN() throws {
    let bytes = try FoundationPeer.write([.real(.nan)], format: .xml)
    #expect(try XML.read(bytes: bytes)[0]?.realValue?.isNaN == true)
  }

  @Test(
    "plistlib reads what PlistKit writes",
    .enabled(if: PythonPeer.isAvailable, "needs python3 with plistlib (.ci/run installs it)"))
  func plistlibReadsPlistKit() throws {
    // plistlib reads a CF$UID dictionary in XML as a dictionary, so no UID here.
    let value = Self.sample(negativeZero: true, uid: false)
    #expect(try PythonPeer.read(XML.write(value)).isIdentical(to: value))
  }

  @Test(
    "PlistKit reads what plistlib writes",
    .enabled(if: PythonPeer.isAvailable, "needs python3 with plistlib (.ci/run installs it)"))
  func plistKitReadsPlistlib() throws {
    // plistlib cannot write a UID in XML, and writes a carriage return raw.
    let value = Self.sample(negativeZero: true, uid: false, carriageReturn: false)
    let bytes = try PythonPeer.write(value, format: "xml")
    #expect(try XML.read(bytes: bytes).isIdentical(to: value))
  }

  @Test(
    "NaN goes both ways with plistlib",
    .enabled(if: PythonPeer.isAvailable, "needs python3 with plistlib (.ci/run installs it)"))
  func plistlibNaN() throws {
    #expect(try PythonPeer.read(XML.write([.real(.nan)]))[0]?.realValue?.isNaN == true)
    #expect(try XML.read(bytes: PythonPeer.write([.real(.nan)], format: "xml"))[0]?.realValue?.isNaN == true)
  }
}
