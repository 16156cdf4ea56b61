import Foundation
import Testing

@testable import PlistKit

/// Writes `value` as a binary plist.
func writeBinary(_ value: PropertyList, options: PropertyListWritingOptions = .default) throws -> [UInt8] {
  try BinaryPropertyListWriter(options: options).write(value)
}

/// The trailer of a written file, for tests that check the chosen sizes.
func binaryTrailer(_ bytes: [UInt8]) throws -> BinaryPropertyListTrailer {
  try bytes.withRawBytes { (buffer) throws(PropertyListError) in
    try BinaryPropertyListTrailer(reading: buffer, limits: .default)
  }
}

/// The objects that the root container of a written file refers to, in order (a dictionary's
/// keys, then its values), and the file's object count.
func rootReferences(_ bytes: [UInt8]) throws -> (references: [Int], objectCount: Int) {
  try bytes.withRawBytes { (buffer) throws(PropertyListError) in
    var objects = try BinaryPropertyListObjects(buffer, limits: .default)
    let root = objects.topObject
    let count: Int
    let start: Int
    switch try objects.object(root) {
    case .array(let elements, let references): (count, start) = (elements, references)
    case .dictionary(let entries, let references): (count, start) = (2 * entries, references)
    default: return ([], objects.objectCount)
    }
    var references: [Int] = []
    for position in 0..<count { references.append(try objects.reference(position, of: root, references: start)) }
    return (references, objects.objectCount)
  }
}

@Suite("Binary writer")
struct BinaryWriterTests {
  static let header = Array("bplist00".utf8)

  /// A trailer: sizes, count, top 0, table offset.
  static func trailer(offsetSize: UInt8 = 1, referenceSize: UInt8 = 1, count: UInt64, tableOffset: UInt64) -> [UInt8] {
    [0, 0, 0, 0, 0, 0, offsetSize, referenceSize] + BinaryPlistBuilder.bigEndian(count, size: 8)
      + BinaryPlistBuilder.bigEndian(0, size: 8) + BinaryPlistBuilder.bigEndian(tableOffset, size: 8)
  }

  // MARK: Exact bytes

  @Test("An empty array, byte for byte")
  func emptyArray() throws {
    #expect(try writeBinary([]) == Self.header + [0xA0] + [0x08] + Self.trailer(count: 1, tableOffset: 9))
  }

  @Test("A dictionary with one string, byte for byte")
  func oneEntryDictionary() throws {
    #expect(
      try writeBinary(["a": "b"])
        == Self.header + [0xD1, 0x01, 0x02, 0x51, 0x61, 0x51, 0x62] + [0x08, 0x0B, 0x0D]
        + Self.trailer(count: 3, tableOffset: 15))
  }

  @Test("A lone scalar is the top object")
  func loneScalar() throws {
    #expect(try writeBinary(true) == Self.header + [0x09, 0x08] + Self.trailer(count: 1, tableOffset: 9))
  }

  @Test(
    "Integers take 1, 2, 4, 8 or 16 bytes",
    arguments: [
      (PropertyListInteger(0), [0x10, 0x00]),
      (255, [0x10, 0xFF]),
      (256, [0x11, 0x01, 0x00]),
      (65_535, [0x11, 0xFF, 0xFF]),
      (65_536, [0x12, 0x00, 0x01, 0x00, 0x00]),
      (PropertyListInteger(Int64(UInt32.max)), [0x12, 0xFF, 0xFF, 0xFF, 0xFF]),
      (PropertyListInteger(Int64(UInt32.max) + 1), [0x13, 0, 0, 0, 1, 0, 0, 0, 0]),
      (PropertyListInteger(Int64.max), [0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]),
      (-1, [0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]),
      (PropertyListInteger(Int64.min), [0x13, 0x80, 0, 0, 0, 0, 0, 0, 0]),
      (PropertyListInteger(UInt64(Int64.max) + 1), [0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0, 0, 0, 0, 0, 0, 0]),
      (PropertyListInteger(UInt64.max), [0x14, 0, 0, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: 0xFF, count: 8)),
    ] as [(PropertyListInteger, [UInt8])])
  func integerSizes(value: PropertyListInteger, encoding: [UInt8]) throws {
    let bytes = try writeBinary(.integer(value))
    #expect(Array(bytes[8..<(8 + encoding.count)]) == encoding)
    #expect(bytes.count == 8 + encoding.count + 1 + 32)
    #expect(try readBinary(bytes) == .integer(value))
  }

  @Test("Reals take 8 bytes, dates 0x33, UIDs the fewest of 1, 2, 4 or 8 bytes, strings ASCII or UTF-16")
  func scalarEncodings() throws {
    func object(_ value: PropertyList) throws -> [UInt8] {
      let bytes = try writeBinary(value)
      return Array(bytes[8..<(try binaryTrailer(bytes).offsetTableOffset)])
    }
    #expect(try object(1.5) == [0x23, 0x3F, 0xF8, 0, 0, 0, 0, 0, 0])
    #expect(try object(.date(PropertyListDate(secondsSinceReferenceDate: 0))) == [0x33, 0, 0, 0, 0, 0, 0, 0, 0])
    #expect(try object(.uid(0)) == [0x80, 0])
    #expect(try object(.uid(256)) == [0x81, 1, 0])
    #expect(try object(.uid(65_536)) == [0x83, 0, 1, 0, 0])
    #expect(try object(.uid(1 << 32)) == [0x87, 0, 0, 0, 1, 0, 0, 0, 0])
    #expect(try object(.data([1, 2])) == [0x42, 1, 2])
    #expect(try object(false) == [0x08])
    #expect(try object("hi") == [0x52, 0x68, 0x69])
    #expect(try object("é\u{1F600}") == [0x63, 0x00, 0xE9, 0xD8, 0x3D, 0xDE, 0x00])
    #expect(
      try object(.string(String(repeating: "a", count: 15))) == [0x5F, 0x10, 15] + Array(repeating: 0x61, count: 15))
    #expect(
      try object(.data([UInt8](repeating: 7, count: 300))) == [0x4F, 0x11, 0x01, 0x2C] + Array(repeating: 7, count: 300)
    )
  }

  // MARK: Sizes and sharing

  @Test("References and offsets grow to 2 bytes past 255 objects and 255 bytes")
  func referenceSizes() throws {
    let small = try binaryTrailer(try writeBinary(.array((0..<254).map { .integer($0) })))
    #expect(
      small
        == BinaryPropertyListTrailer(
          offsetSize: 2, referenceSize: 1, objectCount: 255, topObject: 0,
          offsetTableOffset: small.offsetTableOffset))
    let large = try binaryTrailer(try writeBinary(.array((0..<255).map { .integer($0) })))
    #expect(large.referenceSize == 2)
    #expect(large.objectCount == 256)
    let tiny = try binaryTrailer(try writeBinary([1, 2]))
    #expect(tiny.offsetSize == 1)
    #expect(tiny.referenceSize == 1)
  }

  @Test("Over 65,535 objects take 3-byte references, as CoreFoundation writes them, and Foundation reads them")
  func threeByteReferences() throws {
    let value = PropertyList.array((0..<70_000).map { .integer($0) })
    let bytes = try writeBinary(value)
    let trailer = try binaryTrailer(bytes)
    #expect(trailer.referenceSize == 3)
    #expect(trailer.offsetSize == 3)
    #expect(trailer.objectCount == 70_001)
    #expect(try readBinary(bytes) == value)
    #expect(try FoundationPeer.read(bytes) == value)
  }

  @Test(
    "plistlib reads 3-byte references",
    .enabled(if: PythonPeer.isAvailable, "needs python3 with plistlib (.ci/run installs it)"))
  func threeByteReferencesInPlistlib() throws {
    let value = PropertyList.array((0..<70_000).map { .integer($0) })
    #expect(try PythonPeer.read(writeBinary(value)) == value)
  }

  @Test("Equal strings, numbers, dates and data are written once; booleans, UIDs and containers are not shared")
  func uniquing() throws {
    let date = PropertyListDate(secondsSinceReferenceDate: 5)
    let value: PropertyList = [
      "x", "x", 1, 1, 2.5, 2.5, .date(date), .date(date), .data([1]), .data([1]), true, true, .uid(3), .uid(3), [], [],
    ]
    let (references, objectCount) = try rootReferences(try writeBinary(value))
    // The root, 5 shared scalars, 2 booleans, 2 UIDs, 2 arrays.
    #expect(objectCount == 12)
    #expect(references == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 10, 11])
    #expect(try binaryTrailer(try writeBinary(value)).objectCount == 12)
    #expect(try readBinary(try writeBinary(value)).isIdentical(to: value))
  }

  @Test("Precomposed and decomposed é, 0 and -0.0, 1 and 1.0 and true stay distinct objects")
  func distinctScalars() throws {
    let value: PropertyList = ["é", "e\u{301}", "é", 0.0, .real(-0.0), 1, 1.0, true, .real(.nan), .real(.nan)]
    #expect(try rootReferences(try writeBinary(value)).objectCount == 1 + 8)
    let bytes = try writeBinary(value)
    #expect(try readBinary(bytes).isIdentical(to: value))
    let keys: PropertyList = ["é": 1, "e\u{301}": 2]
    #expect(try readBinary(try writeBinary(keys)).isIdentical(to: keys))
  }

  @Test("A container copied into several places is written once; equal containers built apart are not")
  func sharedContainers() throws {
    let inner: PropertyList = [1, "x"]
    let (references, objectCount) = try rootReferences(try writeBinary(["a": inner, "b": inner, "c": [1, "x"]]))
    // dict, 3 keys, the shared array, 1, "x", the separately built array.
    #expect(objectCount == 8)
    #expect(references.dropFirst(3) == [4, 4, 7])
  }

  @Test("A sharing bomb read and written again stays 61 objects, byte for byte")
  func sharingBombRoundTrip() throws {
    var objects: [[UInt8]] = (0..<60).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
    objects.append([0x10, 7])
    let original = BinaryPlistBuilder(objects).bytes
    #expect(try writeBinary(try readBinary(original)) == original)
  }

  @Test("A dictionary's keys and a string value equal to one of them share an object")
  func keysShareWithValues() throws {
    // dict, "a", "b", array.
    #expect(try rootReferences(try writeBinary(["a": "a", "b": ["a"]])).objectCount == 4)
  }

  @Test("Object order: the container, then its contents depth-first, a dictionary's keys before its values")
  func objectOrder() throws {
    let value: PropertyList = ["k": [10, ["m": 11]], "j": 12]
    let bytes = try writeBinary(value)
    let scalars = try bytes.withRawBytes { (buffer) throws(PropertyListError) -> [String] in
      var objects = try BinaryPropertyListObjects(buffer, limits: .default)
      var described: [String] = []
      for index in 0..<objects.objectCount {
        func references(_ range: Range<Int>, from start: Int) throws(PropertyListError) -> [Int] {
          var found: [Int] = []
          for position in range { found.append(try objects.reference(position, of: index, references: start)) }
          return found
        }
        switch try objects.object(index) {
        case .scalar(let value): described.append("\(value.stringValue ?? value.int64Value.map(String.init) ?? "?")")
        case .data: described.append("data")
        case .array(let count, let start): described.append("a\(try references(0..<count, from: start))")
        case .dictionary(let count, let start):
          let keys = try references(0..<count, from: start)
          described.append("d\(keys)\(try references(count..<(2 * count), from: start))")
        }
      }
      return described
    }
    #expect(scalars == ["d[1, 2][3, 8]", "k", "j", "a[4, 5]", "10", "d[6][7]", "m", "11", "12"])
  }

  @Test("sortedKeys writes entries in code-point order")
  func sortedKeys() throws {
    let value: PropertyList = ["b": 1, "a": 2, "é": 3, "Z": 4, "e\u{301}": 5]
    let sorted = try readBinary(try writeBinary(value, options: PropertyListWritingOptions(sortedKeys: true)))
    #expect(sorted.dictionaryValue?.keys == ["Z", "a", "b", "e\u{301}", "é"])
    let unsorted = try readBinary(try writeBinary(value))
    #expect(unsorted.dictionaryValue?.keys == ["b", "a", "é", "Z", "e\u{301}"])
  }

  @Test("Nesting far deeper than any reader's limit writes without recursion")
  func deepNesting() throws {
    var value: PropertyList = "leaf"
    for _ in 0..<5_000 { value = [value] }
    let bytes = try writeBinary(value)
    let options = PropertyListReadingOptions(limits: PropertyListLimits(maximumDepth: 5_000))
    #expect(try readBinary(bytes, options: options) == value)
    #expect(binaryReadError(bytes)?.kind == .limitExceeded)
  }

  // MARK: The book's archive and the peers

  @Test(
    "the book's Presidents.plist from Apple read, written and read again is identical, with Apple's object layout",
    .needsCorpus("book"))
  func presidentsRoundTrip() throws {
    let original = try BinaryReaderTests.applePresidents()
    let value = try readBinary(original)
    let written = try writeBinary(value)
    #expect(try readBinary(written).isIdentical(to: value))
    // The same objects in the same order with the same sizes. Only references differ: Apple
    // refers to the first copy of a UID that the archiver reused (and still writes the later,
    // unreferenced copies), where this writer refers to each copy it writes.
    #expect(written.count == original.count)
    #expect(try binaryTrailer(written) == binaryTrailer(original))
    #expect(written[..<760] == original[..<760])
  }

  @Test("Samples/Presidents.plist, which PlistKit wrote, is written back byte for byte")
  func samplePresidentsRoundTrip() throws {
    let original = try BinaryReaderTests.presidents()
    #expect(try writeBinary(readBinary(original)) == original)
  }

  static let interopValue: PropertyList = [
    "max": .integer(UInt64.max), "aboveInt64": .integer(UInt64(Int64.max) + 1), "min": .integer(Int64.min),
    "negative": -1, "small": 7, "int32": 70_000, "big": 5_000_000_000,
    "reals": [0.1, .real(-0.0), 0.0, .real(.infinity), .real(-.infinity), .real(.leastNonzeroMagnitude), 1e300],
    "nan": .real(.nan),
    "dates": [
      .date(PropertyListDate(secondsSinceReferenceDate: 0)), .date(PropertyListDate(secondsSinceReferenceDate: -1e9)),
      .date(PropertyListDate(secondsSinceReferenceDate: 123_456_789.5)),
    ],
    "data": [.data([]), .data([0, 1, 255]), .data([UInt8](repeating: 0xAB, count: 1000))],
    "strings": [
      "", "ascii", "é", "e\u{301}", "\u{1F600} astral", "日本語", "nul\0inside",
      .string(String(repeating: "long ", count: 40)),
    ],
    "bools": [true, false], "nested": ["a": ["b": ["c": []]]], "empty": [:],
  ]

  @Test("Foundation reads what the writer writes as equal values")
  func foundationReads() throws {
    let bytes = try writeBinary(Self.interopValue)
    #expect(try FoundationPeer.read(bytes) == Self.interopValue)
  }

  @Test(
    "plistlib reads what the writer writes as identical values, UIDs included",
    .enabled(if: PythonPeer.isAvailable, "needs python3 with plistlib (.ci/run installs it)"))
  func plistlibReads() throws {
    var value = Self.interopValue
    value["uids"] = [.uid(0), .uid(255), .uid(256), .uid(70_000), .uid(1 << 40)]
    #expect(try PythonPeer.read(try writeBinary(value)).isIdentical(to: value))
  }

  @Test(
    "Byte for byte what plistlib writes, when plistlib shares the same objects",
    .enabled(if: PythonPeer.isAvailable, "needs python3 with plistlib (.ci/run installs it)"))
  func plistlibBytes() throws {
    // plistlib merges 0.0 with -0.0, never shares NaNs and shares booleans: leave those out.
    let value: PropertyList = [
      "name": "PlistKit", "numbers": [0, 255, 256, -1, .integer(UInt64.max), 1.5, 1.5], "name2": "PlistKit",
      "when": .date(PropertyListDate(secondsSinceReferenceDate: 42)), "blob": .data([1, 2, 3]),
      "unicode": ["é", "e\u{301}", "\u{1F600}"], "flags": [true, false], "uid": .uid(9),
      "many": .array((0..<300).map { .string("item \($0)") }),
    ]
    #expect(try writeBinary(value) == PythonPeer.write(value, format: "binary"))
  }
}
