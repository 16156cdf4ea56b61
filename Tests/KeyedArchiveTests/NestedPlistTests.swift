import Foundation
import KeyedArchive
import PlistKit
import Testing

/// Data values that hold property lists and keyed archives, opened in place.
@Suite("Nested plists and archives in data")
struct NestedPlistTests {
  /// The keyed archives Terminal wrote into a profile for the Dracula theme (corpus
  /// `keyed-archives/`, MIT, see its SOURCES.tsv): an NSFont and an NSColor.
  static let terminalFont = "keyed-archives/dracula+terminal-app__Dracula.terminal__Font.bplist"
  static let terminalBackground = "keyed-archives/dracula+terminal-app__Dracula.terminal__BackgroundColor.bplist"

  /// Preferences in the shape of Terminal's `com.apple.Terminal.plist`, written here as an XML
  /// plist: two profiles under `Window Settings`, whose `Font` (the same blob in both, as two
  /// profiles with one font have it) and `BackgroundColor` are the `<data>` of the real archives
  /// above, byte for byte. The rest is plain values that must come through unchanged.
  static func terminalPreferencesFile() throws -> [UInt8] {
    let font = PropertyList.data(try Corpus.bytes(terminalFont))
    let background = PropertyList.data(try Corpus.bytes(terminalBackground))
    let preferences: PropertyList = [
      "Default Window Settings": "Dracula",
      "Window Settings": [
        "Basic": [
          "Font": font, "columnCount": 80, "name": "Basic",
          "noWarnProcesses": [["ProcessName": "rlogin"], ["ProcessName": "slogin"]], "type": "Window Settings",
        ],
        "Dracula": [
          "BackgroundColor": background, "Font": font, "columnCount": 155, "name": "Dracula",
          "type": "Window Settings",
        ],
      ],
    ]
    return try preferences.serialized(as: .xml)
  }

  /// ``terminalPreferencesFile()`` read back.
  static func terminalPreferences() throws -> PropertyList { try PropertyList(bytes: terminalPreferencesFile()) }

  /// A keyed archive of an ordered set of 1…5, for the tests that need any archive in data.
  static func numbersArchive() throws -> [UInt8] {
    try KeyedArchiver.archivedBytes(withRootObject: ArchivedOrderedSet([1, 2, 3, 4, 5]))
  }

  /// The marker dictionary for `value` decoded from a blob of `kind`.
  static func marker(_ kind: NestedPlistKind, _ value: PropertyList) -> PropertyList {
    ["$nested": .string(kind.rawValue), "$value": value]
  }

  /// An NSColor's plain view: its colour space and its components as NUL-ended text.
  static func color(_ rgb: String, space: Int64) -> PropertyList {
    marker(
      .keyedArchive,
      [
        "$class": "NSColor", "NSRGB": .data(Array((rgb + "\0").utf8)),
        "NSColorSpace": .integer(PropertyListInteger(space)),
      ]
    )
  }

  @Test(
    "the fonts and colours Terminal archives into its preferences open as keyed archives",
    .needsCorpus("keyed-archives"))
  func terminal() throws {
    let result = try Self.terminalPreferences().decodingNestedPlists()
    #expect(result.notes == [])
    // Two blobs decoded: the font, which both profiles hold and is decoded once, and the colour.
    #expect(result.decodedCount == 2)
    let font = Self.marker(
      .keyedArchive, ["$class": "NSFont", "NSSize": 12.0, "NSfFlags": 16, "NSName": "SFMono-Regular"])
    #expect(result.value["Window Settings"]?["Basic"]?["Font"] == font)
    let dracula = try #require(result.value["Window Settings"]?["Dracula"])
    #expect(dracula["Font"] == font)
    // Colour space 1 (calibrated RGB), the components as Terminal wrote them.
    #expect(dracula["BackgroundColor"] == Self.color("0.1176581159 0.1221527234 0.1597783715", space: 1))
    // Everything else is as it was.
    #expect(dracula["columnCount"] == 155)
    #expect(result.value["Default Window Settings"] == "Dracula")
    #expect(
      result.value["Window Settings"]?["Basic"]?["noWarnProcesses"] == [
        ["ProcessName": "rlogin"], ["ProcessName": "slogin"],
      ])
  }

  @Test("plain view options reach the archives inside data", .needsCorpus("keyed-archives"))
  func noClassNames() throws {
    var options = NestedPlistOptions()
    options.plainView.includesClassNames = false
    let result = try Self.terminalPreferences().decodingNestedPlists(options: options)
    #expect(
      result.value["Window Settings"]?["Basic"]?["Font"]
        == ["$nested": "keyed-archive", "$value": ["NSSize": 12.0, "NSfFlags": 16, "NSName": "SFMono-Regular"]])
  }

  @Test(
    "archives Foundation wrote, in binary and XML, open inside binary, XML and JSON plists",
    .needsCorpus("apple-archives"))
  func foundationArchives() throws {
    let ordered = try Corpus.appleArchive("NSOrderedSet-Numbers.archive")
    let complex = try Corpus.appleArchive("NSKeyedUnarchiver-ComplexTest.plist")
    let outer: PropertyList = [
      "ordered": .data(ordered), "cache": ["complex": .data(complex)], "plain": .data([1, 2, 3]),
    ]
    let expected: PropertyList = [
      "ordered": Self.marker(.keyedArchive, [1, 2, 3, 4, 5]),
      "cache": [
        "complex": Self.marker(
          .keyedArchive,
          [
            "array": ["", "hello", 34545, ["key": "val"]], "string": "hello",
            "url": ["$class": "NSURL", "NS.base": "https://www.swift.org", "NS.relative": "index.xml"],
            "uuid": "71DC068E-3420-45FF-919E-3A267D55EC22",
          ])
      ],
      "plain": .data([1, 2, 3]),
    ]
    for format in [PropertyListFormat.binary, .xml] {
      let read = try PropertyList(bytes: try outer.serialized(as: format))
      let result = read.decodingNestedPlists()
      #expect(result.value == expected)
      #expect(result.notes == [])
      #expect(result.decodedCount == 2)
    }
  }

  @Test("plists that are not archives are marked with their form")
  func plainPlists() throws {
    let inner: PropertyList = ["name": "Ada", "when": .date(PropertyListDate(secondsSinceReferenceDate: 0))]
    var xml = try inner.serialized(as: .xml)
    xml = [0xEF, 0xBB, 0xBF] + xml  // a byte-order mark first
    let outer: PropertyList = ["binary": .data(try inner.serialized(as: .binary)), "xml": .data(xml)]
    let result = outer.decodingNestedPlists()
    #expect(result.value == ["binary": Self.marker(.binaryPlist, inner), "xml": Self.marker(.xmlPlist, inner)])
    #expect(result.notes == [])
  }

  @Test("data that does not start like a plist or a typedstream stays data without a note")
  func otherData() throws {
    // (A typedstream is opened: see NestedTypedstreamTests.)
    let outer: PropertyList = [
      "json": .data(Array("{\"a\": 1}".utf8)), "empty": .data([]), "openStep": .data(Array("(a, b)".utf8)),
    ]
    let result = outer.decodingNestedPlists()
    #expect(result.value == outer)
    #expect(result.notes == [])
    #expect(result.decodedCount == 0)
  }

  @Test("a blob that starts like a plist but does not decode stays data, with a note naming where and why")
  func brokenBlobs() throws {
    let archive = try Self.numbersArchive()
    let truncated = Array(archive.prefix(archive.count - 10))
    let xml = Array("<?xml version=\"1.0\"?><plist><dict><key>a</key></dict></plist>".utf8)
    let outer: PropertyList = ["a": [.data(truncated)], "b": .data(xml), "c": .data(Array("bplist00".utf8))]
    let result = outer.decodingNestedPlists()
    #expect(result.value == outer)
    #expect(result.decodedCount == 3)
    #expect(result.notes.map(\.keyPath) == ["a.0", "b", "c"])
    #expect(result.notes.allSatisfy { $0.reason == .unreadable })
    #expect(result.notes(under: "a") == [result.notes[0]])
    #expect(result.notes(under: "a.0") == [result.notes[0]])
    #expect(result.notes(under: "a.1") == [])
    #expect(result.notes(under: "") == result.notes)
    var truncatedError = ""
    do { _ = try PropertyList(bytes: truncated, format: .binary) } catch { truncatedError = error.description }
    #expect(!truncatedError.isEmpty)
    #expect(
      result.notes[0].description
        == "a.0: \(truncated.count) bytes of data that start like a binary plist but do not decode "
        + "(\(truncatedError)); left as data")
    #expect(
      result.notes[1].message.hasPrefix("\(xml.count) bytes of data that start like an XML plist but do not decode (1:")
    )
  }

  @Test("a plist with an archive's keys that is no archive is shown as the plist, with a note")
  func brokenArchive() throws {
    let fake: PropertyList = ["$archiver": "NSKeyedArchiver", "$objects": "none"]
    let result = PropertyList.data(try fake.serialized(as: .binary)).decodingNestedPlists()
    #expect(result.value == Self.marker(.binaryPlist, fake))
    #expect(
      result.notes == [
        NestedPlistNote(
          at: "", .brokenArchive,
          "not opened as a keyed archive ($version: missing: expected an integer (100000)); shown as the plain plist")
      ])
  }

  @Test("self-similar data opens to the nesting limit, then stays data with a note")
  func selfSimilar() throws {
    // Each level is a dictionary whose `inner` holds the level below as a binary plist.
    var value: PropertyList = "bottom"
    for _ in 0..<20 { value = ["inner": .data(try value.serialized(as: .binary))] }
    let result = value.decodingNestedPlists()
    var node = result.value
    var path: [String] = []
    for _ in 0..<8 {
      #expect(node["inner"]?["$nested"] == "binary-plist")
      node = try #require(node["inner"]?["$value"])
      path += ["inner", "$value"]
    }
    guard case .data? = node["inner"] else {
      Issue.record("the ninth level is not left as data")
      return
    }
    #expect(result.decodedCount == 8)
    #expect(
      result.notes == [
        NestedPlistNote(
          at: PropertyListKeyPath(components: path + ["inner"]), .tooDeep,
          "data nested more than 8 levels deep; left as data")
      ])
  }

  @Test("a sharing bomb inside data stays data: the expanded values limit is checked before any work")
  func bombInData() throws {
    var bomb: PropertyList = 7
    for _ in 0..<60 { bomb = [bomb, bomb] }
    let bytes = try bomb.serialized(as: .binary)
    #expect(bytes.count < 300)
    let outer: PropertyList = ["bomb": .data(bytes)]
    let result = outer.decodingNestedPlists()
    #expect(result.value == outer)
    #expect(
      result.notes == [
        NestedPlistNote(
          at: "bomb", .overBudget,
          "\(bytes.count) bytes of a binary plist that expand to more than 5000000 values once shared containers "
            + "are written out (the nested values limit is 5000000); left as data")
      ])
  }

  @Test("a keyed archive bomb inside data is refused by the plain view's check and shown as its small plist")
  func archiveBombInData() throws {
    let archive = Samples.sharingBombArchive(levels: 60)
    let result = PropertyList.array([.data(try archive.serialized(as: .binary))]).decodingNestedPlists()
    #expect(result.value == [Self.marker(.binaryPlist, archive)])
    #expect(
      result.notes == [
        NestedPlistNote(
          at: "0", .brokenArchive,
          "not opened as a keyed archive ($top: the plain view would expand 62 shared objects into more than "
            + "5000000 nodes); shown as the plain plist")
      ])
  }

  @Test("a blob shared 2^50 times by the outer plist is decoded once, and the result stays shared")
  func sharedBlob() throws {
    let blob = PropertyList.data(try Self.numbersArchive())
    var value: PropertyList = blob
    for _ in 0..<50 { value = [value, value] }
    let read = try PropertyList(bytes: try value.serialized(as: .binary))
    let result = read.decodingNestedPlists()
    #expect(result.decodedCount == 1)
    // 2^50 - 1 arrays, and 2^50 markers of 8 values each (the marker, its kind, the array of 5).
    #expect(result.value.expandedValueCount(upTo: 1 << 62) == (1 << 50) - 1 + (1 << 50) * 8)
    var node = result.value
    for _ in 0..<50 { node = try #require(node[1]) }
    #expect(node == Self.marker(.keyedArchive, [1, 2, 3, 4, 5]))
  }

  @Test("the count and total bytes budgets stop decoding with one note")
  func budgets() throws {
    let blobs = try (0..<5).map {
      PropertyList.data(try PropertyList.integer(PropertyListInteger(Int64($0))).serialized(as: .binary))
    }
    var options = NestedPlistOptions()
    options.maximumCount = 3
    let counted = PropertyList.array(blobs).decodingNestedPlists(options: options)
    #expect(counted.decodedCount == 3)
    #expect(counted.value[2] == Self.marker(.binaryPlist, 2))
    #expect(counted.value[3] == blobs[3])
    #expect(counted.notes.map(\.keyPath) == ["3"])
    #expect(counted.notes.map(\.reason) == [.overBudget])
    let size = try #require(blobs[0].dataValue).count
    options = NestedPlistOptions(maximumTotalBytes: size * 2)
    let sized = PropertyList.array(blobs).decodingNestedPlists(options: options)
    #expect(sized.decodedCount == 2)
    #expect(
      sized.notes == [
        NestedPlistNote(
          at: "2", .overBudget,
          "decoding stopped after 2 nested plists of \(size * 2) bytes in all (the limits are 100000 plists and "
            + "\(size * 2) bytes); the rest is left as data")
      ])
  }

  @Test("a blob deep in the file gets only the depth that is left under it")
  func depthBudget() throws {
    var inner: PropertyList = "x"
    for _ in 0..<10 { inner = [inner] }
    var value: PropertyList = .data(try inner.serialized(as: .binary))
    for _ in 0..<505 { value = [value] }
    let result = value.decodingNestedPlists()
    #expect(result.decodedCount == 1)
    #expect(result.notes.map(\.reason) == [.unreadable])
    // 512 levels in all: 505 above the data, the marker and its value, 5 for the blob.
    #expect(result.notes.first?.message.contains("nesting is deeper than the limit of 5 arrays") == true)
  }

  @Test(
    "mutated archives in data: each opens, or stays data with a note, and nothing else happens",
    .needsCorpus("keyed-archives"), .needsCorpus("apple-archives"))
  func mutatedBlobs() throws {
    let preferences = try Self.terminalPreferences()
    let seeds = try [
      #require(preferences["Window Settings"]?["Dracula"]?["Font"]?.dataValue),
      #require(preferences["Window Settings"]?["Dracula"]?["BackgroundColor"]?.dataValue),
      Corpus.appleArchive("NSCountedSet-NumbersAppearingSeveralTimes.archive"),
      Corpus.appleArchive("NSKeyedUnarchiver-ComplexTest.plist"),
    ]
    var generator = SystemRandomNumberGenerator()
    var opened = 0
    var noted = 0
    for round in 0..<400 {
      var bytes = seeds[round % seeds.count]
      switch Int.random(in: 0..<3, using: &generator) {
      case 0: bytes = Array(bytes.prefix(Int.random(in: 8..<bytes.count, using: &generator)))
      case 1:
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
          bytes[Int.random(in: 8..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
        }
      default:
        // The trailer and the offset table, where one byte moves every object.
        bytes[bytes.count - Int.random(in: 1...40, using: &generator)] ^=
          1 << UInt8.random(in: 0..<8, using: &generator)
      }
      let outer: PropertyList = ["blob": .data(bytes)]
      let result = outer.decodingNestedPlists()
      if result.value == outer {
        // Left as data: the note says why.
        #expect(result.notes.count == 1)
        #expect(result.notes.first?.reason == .unreadable)
        noted += 1
      } else {
        let kind = try #require(result.value["blob"]?["$nested"]?.stringValue)
        #expect(NestedPlistKind(rawValue: kind) != nil)
        #expect(result.value["blob"]?["$value"] != nil)
        #expect(result.notes.allSatisfy { $0.reason == .brokenArchive })
        opened += 1
      }
    }
    // Both outcomes occur: a test that only ever saw one would say little.
    #expect(opened > 0)
    #expect(noted > 0)
  }

  @Test("random values with random blobs: opening then closing every marker gives the value back")
  func randomRoundTrip() throws {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<200 {
      let inner = Self.randomValue(depth: 3, using: &generator)
      let blob = PropertyList.data(try inner.serialized(as: Bool.random(using: &generator) ? .binary : .xml))
      let outer: PropertyList = ["a": [blob, 1, ["b": blob]], "c": .data([0, 1])]
      let result = outer.decodingNestedPlists()
      #expect(result.notes == [])
      let opened = try #require(result.value["a"]?[0]?["$value"])
      #expect(opened == inner)
      #expect(result.value["a"]?[2]?["b"] == result.value["a"]?[0])
    }
  }

  static func randomValue(depth: Int, using generator: inout SystemRandomNumberGenerator) -> PropertyList {
    switch Int.random(in: 0..<(depth > 0 ? 7 : 5), using: &generator) {
    case 0: return .integer(PropertyListInteger(Int64.random(in: -1000...1000, using: &generator)))
    case 1: return .string(String(repeating: "é", count: Int.random(in: 0..<4, using: &generator)))
    case 2: return .boolean(Bool.random(using: &generator))
    case 3: return .real(Double(Int.random(in: 0..<100, using: &generator)) / 4)
    case 4:
      return .data(
        (0..<Int.random(in: 0..<5, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) })
    case 5:
      return .array(
        (0..<Int.random(in: 0..<4, using: &generator)).map { _ in randomValue(depth: depth - 1, using: &generator) })
    default:
      var dictionary = PropertyListDictionary()
      for index in 0..<Int.random(in: 0..<4, using: &generator) {
        dictionary["k\(index)"] = randomValue(depth: depth - 1, using: &generator)
      }
      return .dictionary(dictionary)
    }
  }
}
