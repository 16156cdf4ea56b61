import Foundation
import Testing

@testable import PlistKit

/// Reads `bytes` as a binary plist.
func readBinary(
  _ bytes: [UInt8], options: PropertyListReadingOptions = .default
) throws(PropertyListError)
  -> PropertyList
{
  try bytes.withRawBytes { (buffer) throws(PropertyListError) in
    try BinaryPropertyListReader(options: options).read(buffer)
  }
}

/// The error reading `bytes` throws, or nil when it reads.
func binaryReadError(_ bytes: [UInt8], options: PropertyListReadingOptions = .default) -> PropertyListError? {
  StreamedCheck.expectSameOutcome(bytes, format: .binary, options: options)
  do {
    _ = try readBinary(bytes, options: options)
    return nil
  } catch {
    return error
  }
}

@Suite("Binary reader")
struct BinaryReaderTests {
  static let presidentsPath = Fixtures.samples + "/Presidents.plist"

  static func presidents() throws -> [UInt8] { try PropertyListFile.read(path: presidentsPath) }

  /// The book's own archive, as Apple's NSKeyedArchiver wrote it: the reference for Apple's
  /// layout (the sample is PlistKit's archive of the same presidents).
  static func applePresidents() throws -> [UInt8] { try Corpus.bytes("book/Presidents.plist") }

  // MARK: The book's archive

  @Test("the book's Presidents.plist from Apple: the archive's structure and objects", .needsCorpus("book"))
  func presidentsContent() throws {
    let value = try readBinary(try Self.applePresidents())
    #expect(value.dictionaryValue?.keys == ["$version", "$top", "$archiver", "$objects"])
    #expect(value["$archiver"] == "NSKeyedArchiver")
    #expect(value["$version"] == .integer(100_000))
    #expect(value["$top"] == ["Presidents": .uid(1)])
    let objects = try #require(value["$objects"]?.arrayValue)
    #expect(objects.count == 139)
    #expect(objects[0] == "$null")
    #expect(objects[1]["$class"] == .uid(138))
    #expect(objects[1]["NS.objects"]?.arrayValue?.count == 43)
    #expect(objects[1]["NS.objects"]?[0] == .uid(2))
    #expect(objects[1]["NS.objects"]?[42] == .uid(135))
    #expect(
      objects[2]
        == [
          "President": 1, "ToYear": .uid(5), "$class": .uid(7), "FromYear": .uid(4), "Party": .uid(6), "Name": .uid(3),
        ])
    #expect(objects[2].dictionaryValue?.keys == ["President", "ToYear", "$class", "FromYear", "Party", "Name"])
    #expect(objects[3] == "George Washington")
    #expect(objects[4] == "1789")
    #expect(objects[5] == "1797")
    #expect(objects[6] == "None")
    #expect(objects[7] == ["$classes": ["President", "NSObject"], "$classname": "President"])
    #expect(objects[137] == "2009")
    #expect(objects[138] == ["$classes": ["NSMutableArray", "NSArray", "NSObject"], "$classname": "NSMutableArray"])
  }

  @Test("Presidents.plist reads as Foundation reads it")
  func presidentsMatchesFoundation() throws {
    let bytes = try Self.presidents()
    #expect(try readBinary(bytes) == FoundationPeer.read(bytes))
  }

  @Test(
    "Presidents.plist reads as plistlib reads it",
    .enabled(if: PythonPeer.isAvailable, "needs python3 with plistlib (.ci/run installs it)"))
  func presidentsMatchesPlistlib() throws {
    let ours = try readBinary(try Self.presidents())
    #expect(ours.isIdentical(to: try PythonPeer.read(file: Self.presidentsPath)))
  }

  @Test("Format detection and the generic entry point read the archive")
  func dispatch() throws {
    let bytes = try Self.presidents()
    let (value, format) = try bytes.withRawBytes { (buffer) throws(PropertyListError) in
      try PropertyList.read(bytes: buffer)
    }
    #expect(format == .binary)
    #expect(value["$objects"]?.arrayValue?.count == 139)
  }

  @Test(
    "Detection takes 'bplist0' and any byte, another two-digit version, or a cut-off header for binary, and other text for text",
    arguments: [
      ("bplist00", PropertyListFormat.binary), ("bplist00\u{D0}", .binary), ("bplist", .binary), ("bplist0", .binary),
      ("bplist15\u{0}", .binary), ("bplist16", .binary), ("bplistl", .openStep), ("bplist0x", .binary),
      ("bplist01", .binary), ("bplist05", .binary), ("bplist0\u{D0}", .binary),
      ("bplist-a", .openStep), ("bplists", .openStep), ("bplist 00", .openStep),
    ])
  func detection(text: String, expected: PropertyListFormat) {
    #expect(PropertyListFormat.detect(Array(text.utf8)) == expected)
  }

  @Test("A file that only starts like 'bplist' is the OpenStep string it is, as plutil reads it")
  func bplistLikeText() throws {
    #expect(try PropertyList(bytes: Array("bplistl".utf8)) == "bplistl")
    #expect(try PropertyList(bytes: Array("(bplist0x, bplist)".utf8)) == ["bplist0x", "bplist"])
    #expect(try PropertyList(bytes: Array("bplist1x".utf8)) == "bplist1x")
    #expect(
      throws: PropertyListError(
        .unknownFormat, format: .binary, at: .byteOffset(6),
        "binary plist version '16' is not supported; only 'bplist0…' is")
    ) {
      try PropertyList(bytes: Array("bplist16".utf8) + [UInt8](repeating: 0, count: 40))
    }
  }

  @Test("A bare 'bplist00' is a broken binary plist, not the string Foundation makes of it")
  func bareHeader() {
    #expect(
      throws: PropertyListError(
        .unexpectedEnd, format: .binary, at: .byteOffset(8),
        "the file is 8 bytes; a binary plist needs at least 42 (8-byte header, one object, its offset, 32-byte trailer)"
      )
    ) {
      try PropertyList(bytes: Array("bplist00".utf8))
    }
  }

  @Test("Every truncation of Presidents.plist fails with an error, never a crash")
  func truncations() throws {
    let bytes = try Self.presidents()
    for length in 0..<bytes.count {
      let error = binaryReadError(Array(bytes[..<length]))
      #expect(error != nil, "prefix of \(length) bytes was read")
      #expect(error?.format == .binary || length == 0)
    }
  }

  @Test("Truncations have exact errors")
  func truncationErrors() throws {
    let bytes = try Self.presidents()
    #expect(
      binaryReadError(Array(bytes[..<5]))
        == PropertyListError(
          .unexpectedEnd, format: .binary, at: .byteOffset(5), "the file ends inside the 8-byte header 'bplist00'"))
    #expect(
      binaryReadError(Array("bplisp00".utf8) + bytes[8...])
        == PropertyListError(.unknownFormat, format: .binary, at: .byteOffset(0), "expected 'bplist00' at the start"))
    #expect(
      binaryReadError(Array("xyz".utf8))
        == PropertyListError(.unknownFormat, format: .binary, at: .byteOffset(0), "expected 'bplist00' at the start"))
    #expect(
      binaryReadError(Array(bytes[..<7]))
        == PropertyListError(
          .unexpectedEnd, format: .binary, at: .byteOffset(7), "the file ends inside the 8-byte header 'bplist00'"))
    #expect(
      binaryReadError(Array(bytes[..<41]))
        == PropertyListError(
          .unexpectedEnd, format: .binary, at: .byteOffset(41),
          "the file is 41 bytes; a binary plist needs at least 42 (8-byte header, one object, its offset, 32-byte trailer)"
        ))
  }

  // MARK: Every object kind

  @Test("Integers of 1, 2, 4, 8 and 16 bytes")
  func integers() throws {
    let builder = BinaryPlistBuilder([
      [0xA7, 1, 2, 3, 4, 5, 6, 7],
      [0x10, 0xFF],
      [0x11, 0xFF, 0xFE],
      [0x12, 0xFF, 0xFF, 0xFF, 0xFF],
      [0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE],
      [0x14] + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 0xFF, count: 8),
      [0x14] + [UInt8](repeating: 0xFF, count: 8) + [0x80] + [UInt8](repeating: 0, count: 7),
      [0x14] + [UInt8](repeating: 0, count: 15) + [42],
    ])
    #expect(
      try readBinary(builder.bytes)
        == [255, 65534, .integer(UInt64(UInt32.max)), -2, .integer(UInt64.max), .integer(Int64.min), 42])
  }

  @Test("A 128-bit integer outside Int64.min…UInt64.max is an error")
  func hugeInteger() {
    let builder = BinaryPlistBuilder([[0x14, 0, 0, 0, 0, 0, 0, 0, 1] + [UInt8](repeating: 0, count: 8)])
    #expect(
      binaryReadError(builder.bytes)
        == PropertyListError(
          .invalidValue, format: .binary, at: .byteOffset(8),
          "object 0: 128-bit integer (high 64 bits 1, low 0) is outside -9223372036854775808…18446744073709551615"))
    let wide = BinaryPlistBuilder([[0x15] + [UInt8](repeating: 0, count: 32)])
    #expect(
      binaryReadError(wide.bytes)
        == PropertyListError(
          .syntax, format: .binary, at: .byteOffset(8),
          "object 0: an integer of 2^5 bytes is not supported; expected 1, 2, 4, 8 or 16"))
  }

  @Test("Reals of 4 and 8 bytes, dates, data, booleans, UIDs")
  func scalars() throws {
    let builder = BinaryPlistBuilder([
      [0xA8, 1, 2, 3, 4, 5, 6, 7, 8],
      [0x22, 0x3F, 0xC0, 0x00, 0x00],
      [0x23, 0xBF, 0xF8, 0, 0, 0, 0, 0, 0],
      [0x33, 0x41, 0xCD, 0xCD, 0x65, 0x00, 0x00, 0x00, 0x00],
      [0x43, 1, 2, 3],
      [0x08],
      [0x09],
      [0x80, 0x07],
      [0x83, 0x01, 0x02, 0x03, 0x04],
    ])
    #expect(
      try readBinary(builder.bytes)
        == [
          1.5, -1.5, .date(PropertyListDate(secondsSinceReferenceDate: 1_000_000_000)), .data([1, 2, 3]), false, true,
          .uid(7), .uid(0x0102_0304),
        ])
  }

  @Test("ASCII and UTF-16 (with an astral character) strings; Latin-1 in an ASCII string")
  func strings() throws {
    let builder = BinaryPlistBuilder([
      [0xA5, 1, 2, 3, 4, 5],
      [0x52, 0x68, 0x69],
      [0x63, 0x00, 0xE9, 0xD8, 0x3D, 0xDE, 0x00],
      [0x52, 0x63, 0xE9],
      [0x50],
      [0x60],
    ])
    #expect(try readBinary(builder.bytes) == ["hi", "é\u{1F600}", "cé", "", ""])
  }

  @Test("Lengths of 15 and more follow as integer objects")
  func extendedLengths() throws {
    let text = [UInt8](repeating: 0x61, count: 20)
    let builder = BinaryPlistBuilder([
      [0xA3, 1, 2, 3], [0x5F, 0x10, 20] + text, [0x4F, 0x11, 0x00, 0x10] + [UInt8](repeating: 9, count: 16),
      [0x6F, 0x12, 0, 0, 0, 15] + [UInt8](repeating: 0, count: 1) + [0x62] + [UInt8](repeating: 0, count: 28),
    ])
    let value = try readBinary(builder.bytes)
    #expect(value[0] == .string(String(repeating: "a", count: 20)))
    #expect(value[1] == .data([UInt8](repeating: 9, count: 16)))
    #expect(value[2] == .string("b" + String(repeating: "\0", count: 14)))
  }

  @Test("Sets read as arrays; dictionaries keep their order")
  func containers() throws {
    let builder = BinaryPlistBuilder([
      [0xD2, 1, 2, 3, 4],
      [0x51, 0x7A],
      [0x51, 0x61],
      [0xC2, 5, 5],
      [0xA0],
      [0x10, 3],
    ])
    let value = try readBinary(builder.bytes)
    #expect(value.isIdentical(to: ["z": [3, 3], "a": []]))
    #expect(value.dictionaryValue?.keys == ["z", "a"])
  }

  @Test("Offsets and references of 3, 5 and 8 bytes")
  func unusualSizes() throws {
    for (offsetSize, referenceSize) in [(3, 5), (8, 8), (5, 3), (2, 7)] {
      var builder = BinaryPlistBuilder([
        [0xA2] + BinaryPlistBuilder.bigEndian(1, size: referenceSize)
          + BinaryPlistBuilder.bigEndian(2, size: referenceSize),
        [0x51, 0x78], [0x09],
      ])
      builder.offsetSize = offsetSize
      builder.referenceSize = referenceSize
      #expect(
        try readBinary(builder.bytes) == ["x", true], "offset size \(offsetSize), reference size \(referenceSize)")
    }
  }

  @Test("A non-zero top object")
  func topObject() throws {
    var builder = BinaryPlistBuilder([[0x51, 0x78], [0xA1, 0]])
    builder.topObject = 1
    #expect(try readBinary(builder.bytes) == ["x"])
  }

  // MARK: Peers' output

  @Test("What Foundation writes reads equal")
  func readsFoundation() throws {
    let value: PropertyList = [
      "string": "héllo \u{1F600}", "ascii": "plain", "int": -5, "big": .integer(Int64.max), "byte": 200,
      "real": 0.1, "bool": true, "date": .date(PropertyListDate(secondsSinceReferenceDate: -1234.5)),
      "data": .data([0, 1, 2, 255]), "array": [1, "1", [2, [3]]], "empty": [:], "dup": ["x", "x", "x"],
    ]
    let bytes = try FoundationPeer.write(value, format: .binary)
    #expect(try readBinary(bytes) == value)
  }

  @Test(
    "What plistlib writes reads identical",
    .enabled(if: PythonPeer.isAvailable, "needs python3 with plistlib (.ci/run installs it)"))
  func readsPlistlib() throws {
    let value: PropertyList = [
      "s": "héllo \u{1F600}", "long": .string(String(repeating: "long ", count: 100)), "i": .integer(UInt64.max),
      "n": .integer(Int64.min), "r": 0.1, "z": .real(-0.0), "inf": .real(.infinity), "b": false,
      "d": .date(PropertyListDate(secondsSinceReferenceDate: 12.5)), "x": .data([UInt8](repeating: 7, count: 300)),
      "a": .array((0..<300).map { .integer($0) }), "u": .uid(70_000), "u1": .uid(3),
    ]
    let bytes = try PythonPeer.write(value, format: "binary")
    #expect(try readBinary(bytes).isIdentical(to: value))
  }
}
