import Testing

@testable import PlistKit

/// Files built to break a reader: each must fail with its exact error, quickly.
@Suite("Binary reader, hostile input")
struct BinaryReaderHostileTests {
  func expectError(
    _ builder: BinaryPlistBuilder, _ kind: PropertyListError.Kind, at offset: Int, _ message: String,
    options: PropertyListReadingOptions = .default, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      binaryReadError(builder.bytes, options: options)
        == PropertyListError(kind, format: .binary, at: .byteOffset(offset), message), sourceLocation: sourceLocation)
  }

  @Test("An array that contains itself")
  func selfContainingArray() {
    expectError(BinaryPlistBuilder([[0xA1, 0]]), .invalidValue, at: 8, "array (object 0) contains itself")
  }

  @Test("A cycle through a dictionary and an array")
  func indirectCycle() {
    let builder = BinaryPlistBuilder([[0xA2, 3, 1], [0xD1, 2, 3], [0x51, 0x6B], [0xA1, 1]])
    // Object 3 is opened first (as the array's first element), then met again inside the dictionary.
    expectError(builder, .invalidValue, at: 16, "array (object 3) contains itself")
  }

  @Test("The same object twice in one array is sharing, not a cycle")
  func sharingIsNotCycle() throws {
    #expect(try readBinary(BinaryPlistBuilder([[0xA2, 1, 1], [0xA1, 2], [0x10, 1]]).bytes) == [[1], [1]])
  }

  @Test("A sharing bomb of 60 levels decodes once per object")
  func sharingBomb() throws {
    var objects: [[UInt8]] = (0..<60).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
    objects.append([0x10, 7])
    let value = try readBinary(BinaryPlistBuilder(objects).bytes)
    var node = value
    for _ in 0..<60 {
      let children = try #require(node.arrayValue)
      #expect(children.count == 2)
      node = children[1]
    }
    #expect(node == 7)
  }

  @Test("A sharing bomb is refused by the writers that cannot share, kept shared by the binary one")
  func sharingBombWritten() throws {
    var objects: [[UInt8]] = (0..<60).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
    objects.append([0x10, 7])
    let value = try readBinary(BinaryPlistBuilder(objects).bytes)
    #expect(value.expandedValueCount(upTo: 1 << 62) == (1 << 61) - 1)
    #expect(value.expandedValueCount(upTo: 1 << 40) == nil)
    for format in [PropertyListFormat.xml, .json, .openStep] {
      #expect {
        try value.serialized(as: format, options: PropertyListWritingOptions(openStepStringifiesScalars: true))
      } throws: { error in
        let error = error as! PropertyListError
        return error.kind == .limitExceeded && error.format == format
          && error.message
            == "the value holds more than 100000000 values once its shared arrays and dictionaries are written "
            + "out at every place they occur (the written value limit); the binary form keeps them shared"
      }
    }
    #expect(try value.serialized(as: .binary).count < 300)
  }

  @Test("Expanded counts: each occurrence of a shared container counts in full")
  func expandedCounts() throws {
    let shared: PropertyList = [1, [2, 3], [:]]
    #expect(shared.expandedValueCount(upTo: 100) == 6)
    let value: PropertyList = ["a": shared, "b": shared, "c": [shared], "d": "x"]
    #expect(value.expandedValueCount(upTo: 100) == 1 + 6 + 6 + 7 + 1)
    #expect(value.expandedValueCount(upTo: 21) == 21)
    #expect(value.expandedValueCount(upTo: 20) == nil)
    #expect(PropertyList.integer(1).expandedValueCount(upTo: 1) == 1)
    #expect(PropertyList.integer(1).expandedValueCount(upTo: 0) == nil)
    let small = PropertyListWritingOptions(maximumWrittenValueCount: 20)
    #expect(throws: PropertyListError.self) { try value.serialized(as: .xml, options: small) }
    #expect(
      try PropertyList.array([1, 2]).serialized(
        as: .json, options: PropertyListWritingOptions(maximumWrittenValueCount: 3)
      ).count > 0)
  }

  @Test("An object count of 2^60")
  func hugeObjectCount() {
    var builder = BinaryPlistBuilder([[0xA0]])
    builder.objectCountOverride = 1 << 60
    expectError(
      builder, .invalidValue, at: 18,
      "trailer: object count 1152921504606846976 needs an offset table of 1152921504606846976×1 bytes, "
        + "but the 1 byte from byte 9 to the trailer hold 1 offset")
  }

  @Test("An object count over the limit")
  func objectCountLimit() {
    let builder = BinaryPlistBuilder([[0xA2, 1, 2], [0x09], [0x08]])
    expectError(
      builder, .limitExceeded, at: 24, "trailer: object count 3 is over the limit of 2",
      options: PropertyListReadingOptions(limits: PropertyListLimits(maximumObjectCount: 2)))
  }

  @Test("Offset and reference sizes outside 1…8")
  func badTrailerSizes() {
    var builder = BinaryPlistBuilder([[0x51, 0x61]])
    builder.offsetSize = 0
    // With offset size 0 the table is empty: the trailer starts right after the object, at 10.
    expectError(builder, .invalidValue, at: 16, "trailer: offset size 0 is not 1…8")
    builder.offsetSize = 9
    expectError(builder, .invalidValue, at: 25, "trailer: offset size 9 is not 1…8")
    builder.offsetSize = 1
    builder.referenceSize = 9
    expectError(builder, .invalidValue, at: 18, "trailer: object reference size 9 is not 1…8")
    builder.referenceSize = 0
    expectError(builder, .invalidValue, at: 18, "trailer: object reference size 0 is not 1…8")
  }

  @Test("A zero object count, a top object out of range, an offset table outside the file")
  func badTrailerValues() {
    var builder = BinaryPlistBuilder([[0x09]])
    builder.objectCountOverride = 0
    expectError(builder, .invalidValue, at: 18, "trailer: object count is 0; expected at least 1")
    builder.objectCountOverride = nil
    builder.topObject = 1
    expectError(builder, .invalidValue, at: 26, "trailer: top object 1 is not below the object count 1")
    var bytes = BinaryPlistBuilder([[0x09]]).bytes
    bytes[bytes.count - 1] = 200
    #expect(
      binaryReadError(bytes)
        == PropertyListError(
          .invalidValue, format: .binary, at: .byteOffset(34),
          "trailer: offset table offset 200 is outside the file's object area, 9…9"))
  }

  @Test("An offset outside the object area")
  func offsetOutOfRange() {
    var builder = BinaryPlistBuilder([[0xA1, 1], [0x09]])
    builder.offsetOverrides[1] = 200
    expectError(builder, .invalidValue, at: 12, "object 1 is at byte 200, outside the object area 8…10")
    builder.offsetOverrides[1] = 3
    expectError(builder, .invalidValue, at: 12, "object 1 is at byte 3, outside the object area 8…10")
  }

  @Test("A reference to an object that does not exist")
  func referenceOutOfRange() {
    expectError(
      BinaryPlistBuilder([[0xA2, 1, 99], [0x09]]), .invalidValue, at: 10,
      "object 0 refers to object 99, but there are only 2 objects")
  }

  @Test("Lengths that overflow or claim more than the file")
  func hostileLengths() {
    expectError(
      BinaryPlistBuilder([[0xAF, 0x12, 0xFF, 0xFF, 0xFF, 0xFF, 1]]), .unexpectedEnd, at: 8,
      "object 0: array of 4294967295 references does not fit in the 1 byte left before the offset table")
    expectError(
      BinaryPlistBuilder([[0xCF, 0x10, 0x20, 1]]), .unexpectedEnd, at: 8,
      "object 0: set of 32 references does not fit in the 1 byte left before the offset table")
    expectError(
      BinaryPlistBuilder([[0x4F, 0x12, 0x40, 0, 0, 0, 1]]), .unexpectedEnd, at: 8,
      "object 0: data of 1073741824 bytes does not fit in the 1 byte left before the offset table")
    expectError(
      BinaryPlistBuilder([[0x6F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0]]), .unexpectedEnd, at: 8,
      "object 0: string of 9223372036854775807×2 UTF-16 units does not fit in the 2 bytes left before the offset table")
    expectError(
      BinaryPlistBuilder([[0xDF, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0]]), .unexpectedEnd, at: 8,
      "object 0: dictionary of 9223372036854775807 references does not fit in the 2 bytes left before the offset table")
    expectError(
      BinaryPlistBuilder([[0x5F, 0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]]), .invalidValue, at: 8,
      "object 0: length -1 is negative")
    expectError(
      BinaryPlistBuilder([[0x5F, 0x23, 0, 0, 0, 0, 0, 0, 0, 1]]), .syntax, at: 8,
      "object 0: expected an integer of 1, 2, 4 or 8 bytes for the length after 0x5F, found marker 0x23")
    expectError(
      BinaryPlistBuilder([[0x5F]]), .unexpectedEnd, at: 8,
      "object 0: length of 1 byte does not fit in the 0 bytes left before the offset table")
    expectError(
      BinaryPlistBuilder([[0x13, 0, 0]]), .unexpectedEnd, at: 8,
      "object 0: integer of 8 bytes does not fit in the 2 bytes left before the offset table")
  }

  @Test("A dictionary key that is not a string")
  func nonStringKey() {
    expectError(
      BinaryPlistBuilder([[0xD1, 1, 2], [0x10, 5], [0x10, 6]]), .invalidValue, at: 11,
      "dictionary key (object 1) is an integer, expected a string; the dictionary is object 0 at byte 8")
    expectError(
      BinaryPlistBuilder([[0xD1, 1, 1], [0xA0]]), .invalidValue, at: 11,
      "dictionary key (object 1) is an array, expected a string; the dictionary is object 0 at byte 8")
  }

  @Test("Dictionaries of as many keys are checked again unless their key references are the same bytes")
  func repeatedKeyShapes() throws {
    // Two one-key dictionaries: the first with the string "a", the second with an integer key.
    expectError(
      BinaryPlistBuilder([[0xA2, 1, 2], [0xD1, 3, 5], [0xD1, 4, 5], [0x51, 0x61], [0x10, 7], [0x10, 6]]),
      .invalidValue, at: 19,
      "dictionary key (object 4) is an integer, expected a string; the dictionary is object 2 at byte 14")
    // Both dictionaries name the key object "a": the second is read without checking it again.
    let shared = BinaryPlistBuilder([
      [0xA2, 1, 2], [0xD1, 3, 4], [0xD1, 3, 5], [0x51, 0x61], [0x10, 7], [0x10, 6],
    ])
    let value = try shared.bytes.withUnsafeBytes { try BinaryPropertyListReader().read($0) }
    #expect(value == [["a": 7], ["a": 6]])
  }

  @Test("Invalid UTF-16 and UTF-8")
  func invalidEncodings() {
    expectError(
      BinaryPlistBuilder([[0x62, 0x00, 0x61, 0xDC, 0x00]]), .invalidEncoding, at: 11,
      "object 0: UTF-16 string has an unpaired surrogate 0xDC00")
    expectError(
      BinaryPlistBuilder([[0x62, 0xD8, 0x3D, 0x00, 0x61]]), .invalidEncoding, at: 9,
      "object 0: UTF-16 string has an unpaired surrogate 0xD83D")
    expectError(
      BinaryPlistBuilder([[0x61, 0xD8, 0x3D]]), .invalidEncoding, at: 9,
      "object 0: UTF-16 string has an unpaired surrogate 0xD83D")
  }

  @Test("Null, fill and unknown markers")
  func badMarkers() {
    expectError(
      BinaryPlistBuilder([[0x00]]), .invalidValue, at: 8, "object 0: null (0x00) is not a property-list value")
    expectError(
      BinaryPlistBuilder([[0xA1, 1], [0x0F]]), .invalidValue, at: 10,
      "object 1: fill (0x0F) is padding, not a property-list value")
    expectError(BinaryPlistBuilder([[0x90]]), .syntax, at: 8, "object 0: unknown object marker 0x90")
    // Every marker bplist00 does not define: the high nibbles 0x7 (UTF-8 strings of later
    // versions), 0x9, 0xB (ordered sets), 0xE and 0xF, and the unused singletons.
    for marker: UInt8 in [
      0x01, 0x02, 0x07, 0x0A, 0x0C, 0x0D, 0x0E, 0x70, 0x73, 0x7F, 0x9A, 0xB2, 0xE0, 0xEF, 0xF0, 0xFF,
    ] {
      let hex = "0x" + (marker < 0x10 ? "0" : "") + String(marker, radix: 16, uppercase: true)
      expectError(
        BinaryPlistBuilder([[marker, 0x61, 0x62, 0x63]]), .syntax, at: 8, "object 0: unknown object marker \(hex)")
      expectError(
        BinaryPlistBuilder([[0xA2, 1, 2], [0x09], [marker, 0x61, 0x62, 0x63]]), .syntax, at: 12,
        "object 2: unknown object marker \(hex)")
      expectError(
        BinaryPlistBuilder([[0xD1, 1, 2], [marker, 0x61, 0x62, 0x63], [0x09]]), .invalidValue, at: 11,
        "dictionary key (object 1) is an unknown object (marker \(hex)), expected a string; the dictionary is object 0 at byte 8"
      )
    }
    expectError(BinaryPlistBuilder([[0xB0]]), .syntax, at: 8, "object 0: unknown object marker 0xB0")
    expectError(
      BinaryPlistBuilder([[0x34, 0, 0, 0, 0, 0, 0, 0, 0]]), .syntax, at: 8,
      "object 0: date marker 0x34 is not supported; expected 0x33")
    expectError(
      BinaryPlistBuilder([[0x21, 0, 0]]), .syntax, at: 8,
      "object 0: a real of 2 bytes is not supported; expected 4 or 8")
    expectError(
      BinaryPlistBuilder([[0x88] + [UInt8](repeating: 0, count: 9)]), .syntax, at: 8,
      "object 0: a UID of 9 bytes is not supported; expected 1…8")
  }

  @Test("Versions other than 0x: 'bplist0' and any eighth byte is read as bplist00, as Foundation reads it")
  func versions() throws {
    var builder = BinaryPlistBuilder([[0x09]])
    for version in ["01", "05", "0x", "0\u{0}"] {
      builder.version = Array(version.utf8)
      #expect(PropertyListFormat.detect(builder.bytes) == .binary)
      #expect(try PropertyList(bytes: builder.bytes) == true, "bplist\(version)")
    }
    builder.version = Array("15".utf8)
    expectError(builder, .unknownFormat, at: 6, "binary plist version '15' is not supported; only 'bplist0…' is")
    builder.version = [0, 0xFF]
    expectError(builder, .unknownFormat, at: 6, "binary plist version 0x00 0xFF is not supported; only 'bplist0…' is")
  }

  @Test("Nesting up to the depth limit reads, one level more fails")
  func depthLimit() throws {
    func nested(_ levels: Int) -> BinaryPlistBuilder {
      var objects = (0..<levels).map { [0xA1] + BinaryPlistBuilder.bigEndian(UInt64($0 + 1), size: 2) }
      objects.append([0x09])
      var builder = BinaryPlistBuilder(objects)
      builder.referenceSize = 2
      builder.offsetSize = 2
      return builder
    }
    var value = try readBinary(nested(512).bytes)
    for _ in 0..<512 { value = try #require(value[0]) }
    #expect(value == true)
    expectError(
      nested(513), .limitExceeded, at: 8 + 3 * 512,
      "object 512: nesting is deeper than the limit of 512 arrays and dictionaries")
    expectError(
      nested(10), .limitExceeded, at: 8 + 3 * 4,
      "object 4: nesting is deeper than the limit of 4 arrays and dictionaries",
      options: PropertyListReadingOptions(limits: PropertyListLimits(maximumDepth: 4)))
  }

  @Test("A shared container reused deep inside another counts its own depth")
  func depthThroughSharing() throws {
    // The top holds S1 (two arrays deep) and S2 (two arrays, then S1 again): 5 levels in all,
    // though no more than 3 containers are ever open at once.
    let builder = BinaryPlistBuilder([[0xA2, 1, 2], [0xA1, 3], [0xA1, 5], [0xA1, 4], [0x09], [0xA1, 1]])
    expectError(
      builder, .limitExceeded, at: 11, "object 1: nesting is deeper than the limit of 4 arrays and dictionaries",
      options: PropertyListReadingOptions(limits: PropertyListLimits(maximumDepth: 4)))
    let value = try readBinary(
      builder.bytes, options: PropertyListReadingOptions(limits: PropertyListLimits(maximumDepth: 5)))
    #expect(value == [[[true]], [[[[true]]]]])
  }

  @Test("Chains of shared 400-deep containers cannot stack up past the default limit")
  func compoundingDepth() {
    // Stage k is 400 nested arrays around stage k-1; the top array lists every stage. Without
    // counting shared depth, 50 stages would make a value 20,000 levels deep.
    let stages = 50
    let chain = 400
    var objects: [[UInt8]] = [
      [0xAF, 0x10, UInt8(stages)]
        + (0..<stages).flatMap { stage in
          BinaryPlistBuilder.bigEndian(UInt64(1 + stage * chain), size: 2)
        }
    ]
    let leaf = 1 + stages * chain
    for stage in 0..<stages {
      for level in 0..<chain {
        let index = 1 + stage * chain + level
        // The innermost array of a stage holds the previous stage (the first one, the leaf).
        let inner = level < chain - 1 ? index + 1 : stage == 0 ? leaf : 1 + (stage - 1) * chain
        objects.append([0xA1] + BinaryPlistBuilder.bigEndian(UInt64(inner), size: 2))
      }
    }
    objects.append([0x09])
    var builder = BinaryPlistBuilder(objects)
    builder.referenceSize = 2
    builder.offsetSize = 3
    let error = binaryReadError(builder.bytes)
    #expect(error?.kind == .limitExceeded)
    #expect(error?.message == "object 1: nesting is deeper than the limit of 512 arrays and dictionaries")
  }

  @Test("Decoded size limit")
  func decodedSizeLimit() {
    let builder = BinaryPlistBuilder([[0xA2, 1, 2], [0x43, 1, 2, 3], [0x53, 0x61, 0x62, 0x63]])
    expectError(
      builder, .limitExceeded, at: 15, "object 2: strings and data decode to more than the limit of 5 bytes",
      options: PropertyListReadingOptions(limits: PropertyListLimits(maximumDecodedSize: 5)))
  }

  /// Reads `bytes`: it must give a value or a binary error located inside the file.
  func expectReadsOrFailsCleanly(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    guard let error = binaryReadError(bytes) else { return true }
    #expect(error.format == .binary, sourceLocation: sourceLocation)
    if case .byteOffset(let offset) = error.location {
      #expect((0...bytes.count).contains(offset), sourceLocation: sourceLocation)
    } else {
      Issue.record("error without a byte offset: \(error)", sourceLocation: sourceLocation)
    }
    return false
  }

  @Test("2,000 seeded corruptions of Presidents.plist each read or fail with a located error")
  func corruptedArchive() throws {
    let original = try BinaryReaderTests.presidents()
    let trailerAndTable = original.count - 32 - 139 * 2
    var generator = SeededGenerator(seed: 0xC0_22)
    var failures = 0
    for _ in 0..<2_000 {
      var bytes = original
      for _ in 0..<Int.random(in: 1...3, using: &generator) {
        // Half the damage goes to the offset table and trailer, where it does the most harm.
        let position =
          Bool.random(using: &generator)
          ? Int.random(in: trailerAndTable..<bytes.count, using: &generator)
          : Int.random(in: 0..<bytes.count, using: &generator)
        bytes[position] = UInt8.random(in: 0...255, using: &generator)
      }
      if !expectReadsOrFailsCleanly(bytes) { failures += 1 }
    }
    // Most corruptions are caught; the rest changed a value without breaking the structure.
    #expect(failures > 700)
  }

  @Test("Corrupted random plists each read or fail with a located error")
  func corruptedRandomPlists() throws {
    var generator = SeededGenerator(seed: 0xC0_23)
    for value in BinaryRoundTripTests.randomValues(300, seed: 0xC0_24) {
      let original = try writeBinary(value)
      for _ in 0..<5 {
        var bytes = original
        let position = Int.random(in: 8..<bytes.count, using: &generator)
        bytes[position] = UInt8.random(in: 0...255, using: &generator)
        _ = expectReadsOrFailsCleanly(bytes)
        _ = expectReadsOrFailsCleanly(Array(original[..<position]))
      }
    }
  }
}
