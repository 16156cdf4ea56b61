import Foundation
import Testing

@testable import PlistKit

/// Converting binary to XML and JSON while reading its objects: for every input and every
/// option set, exactly the bytes of reading the value and writing it, or exactly its error.
@Suite("Binary stream conversion")
struct BinaryStreamConversionTests {
  /// XML, then the JSON forms: plain and typed, pretty and compact.
  static let targets: [(format: PropertyListFormat, options: PropertyListWritingOptions)] = [
    (.xml, PropertyListWritingOptions()),
    (.json, PropertyListWritingOptions(jsonStyle: .plain, prettyPrinted: true)),
    (.json, PropertyListWritingOptions(jsonStyle: .plain, prettyPrinted: false)),
    (.json, PropertyListWritingOptions(jsonStyle: .typed, prettyPrinted: true)),
    (.json, PropertyListWritingOptions(jsonStyle: .typed, prettyPrinted: false)),
  ]

  /// Output or error, compared as a whole.
  typealias Outcome = Result<[UInt8], PropertyListError>

  /// What reading the value and writing it gives.
  static func valuePath(
    _ bytes: [UInt8], to format: PropertyListFormat, reading: PropertyListReadingOptions = .default,
    writing: PropertyListWritingOptions = .default
  ) -> Outcome {
    bytes.withUnsafeBytes { buffer in
      Result { () throws(PropertyListError) in
        try BinaryPropertyListReader(options: reading).read(buffer).serialized(as: format, options: writing)
      }
    }
  }

  /// What the in-memory conversion gives.
  static func streamed(
    _ bytes: [UInt8], to format: PropertyListFormat, reading: PropertyListReadingOptions = .default,
    writing: PropertyListWritingOptions = .default
  ) -> Outcome {
    Result { () throws(PropertyListError) in
      try PropertyListConverter(to: format, from: .binary, readingOptions: reading, writingOptions: writing).convert(
        bytes)
    }
  }

  /// What the chunked conversion gives: whether it streamed, and the chunks. A file the value
  /// path cannot read is not streamed: its error is the value path's (checked by ``check``).
  static func chunked(
    _ bytes: [UInt8], to format: PropertyListFormat, reading: PropertyListReadingOptions = .default,
    writing: PropertyListWritingOptions = .default
  ) -> Result<(streamed: Bool, chunks: ChunkStream), PropertyListError> {
    let converter = PropertyListConverter(
      to: format, from: .binary, readingOptions: reading, writingOptions: writing)
    let result = Result { () throws(PropertyListError) in try converter.convertInChunks(bytes) }
    if case .failure(let error) = result,
      case .failure(error) = valuePath(bytes, to: format, reading: reading, writing: writing)
    {
      return .success((false, ChunkStream()))
    }
    return result
  }

  /// A short account of an outcome for failure messages: the error, or the size and start.
  static func describe(_ outcome: Outcome) -> String {
    switch outcome {
    case .success(let bytes): "\(bytes.count) bytes: \(String(decoding: bytes.prefix(300), as: UTF8.self))"
    case .failure(let error): "\(error.kind) \(error.format.map { "\($0)" } ?? "-") \(error.description)"
    }
  }

  /// Checks every conversion of `bytes`, to every target, against the value path; returns
  /// whether the chunked conversion streamed, per target (in the order of ``targets``).
  @discardableResult
  static func check(
    _ bytes: [UInt8], reading: PropertyListReadingOptions = .default, maximumWrittenValueCount: Int? = nil,
    _ comment: String = "", sourceLocation: SourceLocation = #_sourceLocation
  ) -> [Bool] {
    targets.map { target in
      var writing = target.options
      if let maximumWrittenValueCount { writing.maximumWrittenValueCount = maximumWrittenValueCount }
      let expected = valuePath(bytes, to: target.format, reading: reading, writing: writing)
      let actual = streamed(bytes, to: target.format, reading: reading, writing: writing)
      if actual != expected {
        let context = "\(comment) \(target.format) \(writing)"
        Issue.record(
          "\(context): streamed \(describe(actual)); value path \(describe(expected))", sourceLocation: sourceLocation)
      }
      switch chunked(bytes, to: target.format, reading: reading, writing: writing) {
      case .failure(let error):
        Issue.record("chunked conversion threw \(error)", sourceLocation: sourceLocation)
        return false
      case .success((let didStream, let chunks)):
        guard didStream else { return false }
        if case .success(let output) = expected {
          #expect(chunks.joined == output, "\(target.format) \(writing)", sourceLocation: sourceLocation)
        } else {
          Issue.record(
            "chunked conversion streamed where the value path fails: \(describe(expected))",
            sourceLocation: sourceLocation)
        }
        return true
      }
    }
  }

  /// The value path's output or error, to one target, for exact assertions on hand-made files.
  static func expected(_ bytes: [UInt8], _ target: Int, reading: PropertyListReadingOptions = .default) -> Outcome {
    valuePath(bytes, to: targets[target].format, reading: reading, writing: targets[target].options)
  }

  // MARK: - Samples and random values

  /// The repository's samples that are binary, and the others written as binary.
  static let samples: [(name: String, bytes: [UInt8])] = {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Samples")
      .standardized.path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.sorted().compactMap { name in
      guard let data = FileManager.default.contents(atPath: folder + "/" + name) else { return nil }
      let bytes = [UInt8](data)
      if PropertyListFormat.detect(bytes) == .binary { return (name, bytes) }
      guard let value = try? PropertyList(bytes: bytes), let binary = try? value.serialized(as: .binary) else {
        return nil
      }
      return (name + " as binary", binary)
    }
  }()

  @Test("every sample, and the keyed archive from Apple, converts exactly as its value does")
  func samplesConvert() throws {
    #expect(Self.samples.contains { $0.name == "Presidents.plist" })
    #expect(Self.samples.count >= 6)
    for sample in Self.samples {
      // Samples share no containers, repeat no keys and hold nothing XML cannot carry.
      #expect(Self.check(sample.bytes, "\(sample.name)") == [true, true, true, true, true], "\(sample.name)")
    }
    let presidents = try #require(Self.samples.first { $0.name == "Presidents.plist" }).bytes
    let xml = try Self.streamed(presidents, to: .xml).get()
    #expect(String(decoding: xml, as: UTF8.self).contains("<key>CF$UID</key>"))
  }

  @Test("400 random values of every kind written as binary convert exactly as their values do")
  func randomValues() throws {
    var generator = SeededGenerator(seed: 0xB1_57EA)
    var streamedCount = [0, 0, 0, 0, 0]
    for _ in 0..<400 {
      let value = RandomPropertyList.allKinds.make(using: &generator)
      let binary = try BinaryPropertyListWriter().write(value)
      for (target, didStream) in Self.check(binary).enumerated() where didStream {
        streamedCount[target] += 1
      }
    }
    // Random keys repeat now and then, and strings hold characters XML cannot carry; most
    // values still stream.
    #expect(streamedCount.allSatisfy { $0 > 300 }, "\(streamedCount)")
  }

  @Test("random values at their exact written-value count stream; one less is the writers' error")
  func randomValuesAtTheirValueCount() throws {
    var generator = SeededGenerator(seed: 0xC0_0A7)
    var kinds = RandomPropertyList.allKinds
    // XML and plain JSON refuse some strings and dates: typed JSON streams every value.
    kinds.kinds.remove(.string)
    for _ in 0..<100 {
      let value = kinds.make(using: &generator)
      let binary = try BinaryPropertyListWriter().write(value)
      let count = try #require(value.expandedValueCount(upTo: .max))
      #expect(Self.check(binary, maximumWrittenValueCount: count)[3])
      #expect(Self.check(binary, maximumWrittenValueCount: count - 1) == [false, false, false, false, false])
      #expect(
        Self.error(
          Self.streamed(binary, to: .json, writing: PropertyListWritingOptions(maximumWrittenValueCount: count - 1)))?
          .kind == .limitExceeded)
    }
  }

  @Test("random values under tight depth and size limits fail or convert exactly as their values do")
  func randomValuesUnderLimits() throws {
    var generator = SeededGenerator(seed: 0x11_3175)
    var settings = RandomPropertyList.allKinds
    settings.deepNesting = 3...9
    settings.deepNestingOdds = 3
    let reading = PropertyListReadingOptions(limits: PropertyListLimits(maximumDepth: 6, maximumDecodedSize: 120))
    var outcomes = (streamed: 0, failed: 0)
    for _ in 0..<200 {
      let binary = try BinaryPropertyListWriter().write(settings.make(using: &generator))
      let streamedTargets = Self.check(binary, reading: reading)
      if streamedTargets[3] { outcomes.streamed += 1 }
      if case .failure = Self.expected(binary, 3, reading: reading) { outcomes.failed += 1 }
    }
    // Both sides of the limits are reached.
    #expect(outcomes.streamed > 40, "\(outcomes)")
    #expect(outcomes.failed > 20, "\(outcomes)")
  }

  @Test("extended random values, nested 20 to 150 deep, convert exactly as their values do")
  func extendedRandomValues() throws {
    var generator = SeededGenerator(seed: 0xB1_DEE9)
    var streamedCount = 0
    for _ in 0..<80 {
      let value = RandomPropertyList.differential.make(using: &generator)
      let binary = try BinaryPropertyListWriter().write(value)
      streamedCount += Self.check(binary).filter { $0 }.count
    }
    #expect(streamedCount > 300)
  }

  // MARK: - Chunked output

  /// A value whose XML is about 1.5 MB (its JSON over 1.1 MB), with lone tag-named keys for typed JSON to wrap, as
  /// binary.
  static let largeBinary: [UInt8] = {
    var items: [PropertyList] = []
    for index in 0..<1_100 {
      var record = PropertyListDictionary()
      record["name"] = .string("item \(index) " + String(repeating: "stream ", count: 100))
      record["n"] = .integer(Int64(index))
      record["blob"] = .data((0..<300).map { UInt8(truncatingIfNeeded: $0 &* index) })
      record["when"] = .date(PropertyListDate(secondsSinceReferenceDate: Double(index) * 86_400))
      if index % 7 == 0 { record["$data"] = ["$real": .real(Double(index) / 3)] }
      items.append(.dictionary(record))
      if index % 5 == 0 { items.append(["$date": .array([.uid(UInt64(index)), .real(.nan)])]) }
    }
    let value: PropertyList = ["items": .array(items), "$uid": ["$dict": .string("lone")]]
    return try! BinaryPropertyListWriter().write(value)
  }()

  @Test("chunked output joins to the in-memory output and the value path's, over several chunks")
  func chunkedOutput() throws {
    let binary = Self.largeBinary
    for target in Self.targets {
      let expected = try Self.valuePath(binary, to: target.format, writing: target.options).get()
      #expect(expected.count > 1 << 20, "\(target.format) \(target.options)")
      #expect(try Self.streamed(binary, to: target.format, writing: target.options).get() == expected)
      let (didStream, chunks) = try Self.chunked(binary, to: target.format, writing: target.options).get()
      #expect(didStream)
      #expect(chunks.parts.count > 1, "\(target.format) \(target.options)")
      #expect(chunks.joined == expected, "\(target.format) \(target.options)")
    }
  }

  @Test("a lone tag-named key over a megabyte of output is wrapped in typed JSON, chunked or not")
  func largeWrap() throws {
    let items = try #require(try PropertyList(bytes: Self.largeBinary, format: .binary)["items"])
    let binary = try BinaryPropertyListWriter().write(["$data": ["$uid": items]])
    // Pretty output, where each wrap shifts every line inside it.
    let options = Self.targets[3].options
    let expected = try Self.valuePath(binary, to: .json, writing: options).get()
    #expect(expected.count > 1 << 20)
    #expect(
      expected.starts(with: Array("{\n  \"$dict\": {\n    \"$data\": {\n      \"$dict\": {\n        \"$uid\": [".utf8)))
    #expect(try Self.streamed(binary, to: .json, writing: options).get() == expected)
    let (didStream, chunks) = try Self.chunked(binary, to: .json, writing: options).get()
    #expect(didStream)
    #expect(chunks.joined == expected)
  }

  @Test("a write that fails makes the chunked conversion throw its error")
  func failingWrite() throws {
    let binary = Self.largeBinary
    let failure = PropertyListError(.io, at: .none, "no space left on device")
    for target in [Self.targets[0], Self.targets[4]] {
      for failingCall in [1, 2] {
        let converter = PropertyListConverter(to: target.format, from: .binary, writingOptions: target.options)
        var calls = 0
        var stream = CallbackStream { (_) throws(PropertyListError) in
          calls += 1
          if calls == failingCall { throw failure }
        }
        #expect(throws: failure) { _ = try converter.convert(binary, into: &stream) }
        // Nothing is handed on after the failure.
        #expect(calls == failingCall)
      }
    }
  }

  // MARK: - Hand-made files

  /// A marker with a length: in its low nibble, or as an integer object after it.
  static func header(_ nibble: UInt8, _ count: Int) -> [UInt8] {
    if count < 15 { return [nibble << 4 | UInt8(count)] }
    if count < 256 { return [nibble << 4 | 0xF, 0x10, UInt8(count)] }
    if count < 65_536 { return [nibble << 4 | 0xF, 0x11] + BinaryPlistBuilder.bigEndian(UInt64(count), size: 2) }
    return [nibble << 4 | 0xF, 0x12] + BinaryPlistBuilder.bigEndian(UInt64(count), size: 4)
  }

  /// An ASCII-marker string (0x5) of these bytes, ISO Latin-1 above 0x7F.
  static func ascii(_ bytes: [UInt8]) -> [UInt8] { header(0x5, bytes.count) + bytes }
  static func ascii(_ text: String) -> [UInt8] { ascii(Array(text.utf8)) }
  /// A UTF-16 string (0x6) of these units, big-endian.
  static func utf16(_ units: [UInt16]) -> [UInt8] {
    header(0x6, units.count) + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
  }
  static func utf16(_ text: String) -> [UInt8] { utf16(Array(text.utf16)) }
  /// A string with the UTF-8 marker of later binary versions (0x7), which bplist00 does not
  /// define, of these bytes.
  static func utf8(_ bytes: [UInt8]) -> [UInt8] { header(0x7, bytes.count) + bytes }
  static func data(_ bytes: [UInt8]) -> [UInt8] { header(0x4, bytes.count) + bytes }
  static func integer(_ value: UInt8) -> [UInt8] { [0x10, value] }
  static func real(_ value: Double) -> [UInt8] { [0x23] + BinaryPlistBuilder.bigEndian(value.bitPattern, size: 8) }
  static func date(_ seconds: Double) -> [UInt8] { [0x33] + BinaryPlistBuilder.bigEndian(seconds.bitPattern, size: 8) }
  static func uid(_ value: UInt64, size: Int) -> [UInt8] {
    [0x80 | UInt8(size - 1)] + BinaryPlistBuilder.bigEndian(value, size: size)
  }
  /// An array (or, with another nibble, a set) of one-byte references.
  static func array(_ references: [Int], nibble: UInt8 = 0xA) -> [UInt8] {
    header(nibble, references.count) + references.map { UInt8($0) }
  }
  static func dictionary(_ keys: [Int], _ values: [Int]) -> [UInt8] {
    header(0xD, keys.count) + keys.map { UInt8($0) } + values.map { UInt8($0) }
  }

  /// A file of these objects (one-byte references, four-byte offsets), the first on top.
  static func file(_ objects: [[UInt8]], top: Int = 0) -> [UInt8] {
    var builder = BinaryPlistBuilder(objects)
    builder.offsetSize = 4
    builder.topObject = UInt64(top)
    return builder.bytes
  }

  /// The value path's error for a target, which must be one.
  static func error(_ outcome: Outcome) -> PropertyListError? {
    if case .failure(let error) = outcome { return error }
    return nil
  }

  @Test("a container referenced from two places is written at both, through the value path")
  func sharedContainer() throws {
    let sharedArray = Self.file([
      Self.array([1, 1, 3]), Self.array([2, 4]), Self.ascii("x"), Self.dictionary([2], [4]), Self.integer(7),
    ])
    #expect(Self.check(sharedArray) == [false, false, false, false, false])
    let xml = try Self.streamed(sharedArray, to: .xml).get()
    #expect(
      String(decoding: xml, as: UTF8.self)
        == XML.document(
          """
          <array>
          \t<array>
          \t\t<string>x</string>
          \t\t<integer>7</integer>
          \t</array>
          \t<array>
          \t\t<string>x</string>
          \t\t<integer>7</integer>
          \t</array>
          \t<dict>
          \t\t<key>x</key>
          \t\t<integer>7</integer>
          \t</dict>
          </array>

          """))
    // A dictionary shared by two keys of another.
    let sharedDictionary = Self.file([
      Self.dictionary([1, 2], [3, 3]), Self.ascii("a"), Self.ascii("b"), Self.dictionary([1], [4]), Self.integer(1),
    ])
    #expect(Self.check(sharedDictionary) == [false, false, false, false, false])
    #expect(
      try Self.streamed(sharedDictionary, to: .json, writing: PropertyListWritingOptions(prettyPrinted: false)).get()
        == Array(#"{"a":{"a":1},"b":{"a":1}}"#.utf8))
    // Scalars and strings may be shared freely: they stream.
    let sharedScalars = Self.file([Self.array([1, 1, 2, 2, 1]), Self.ascii("s"), Self.real(0.5)])
    #expect(Self.check(sharedScalars) == [true, true, true, true, true])
  }

  @Test("a container that contains itself fails with the reader's error")
  func cycle() throws {
    let direct = Self.file([Self.array([0])])
    let indirect = Self.file([Self.array([1]), Self.dictionary([2], [0]), Self.ascii("k")])
    for (bytes, message) in [
      (direct, "array (object 0) contains itself"), (indirect, "array (object 0) contains itself"),
    ] {
      #expect(Self.check(bytes) == [false, false, false, false, false])
      for target in Self.targets.indices {
        #expect(
          Self.streamed(bytes, to: Self.targets[target].format, writing: Self.targets[target].options)
            == .failure(PropertyListError(.invalidValue, format: .binary, at: .byteOffset(8), message)))
      }
    }
  }

  @Test("a sharing bomb fails with the writers' expansion limit, without expanding")
  func sharingBomb() throws {
    // Object i holds object i + 1 twice; the last is an integer: 2^61 - 1 values written out.
    let objects = (0..<60).map { Self.array([$0 + 1, $0 + 1]) } + [Self.integer(7)]
    let bomb = Self.file(objects)
    #expect(Self.check(bomb) == [false, false, false, false, false])
    for target in Self.targets {
      #expect(
        Self.streamed(bomb, to: target.format, writing: target.options)
          == .failure(
            PropertyListError(
              .limitExceeded, format: target.format,
              "the value holds more than 100000000 values once its shared arrays and dictionaries are written out "
                + "at every place they occur (the written value limit); the binary form keeps them shared")))
    }
  }

  @Test("a key repeated through distinct string objects converts as the value holds it")
  func repeatedKeys() throws {
    // "key" as ASCII and as UTF-16; "é" as ISO Latin-1 and as UTF-16; "k" twice in ASCII.
    let files = [
      Self.file([
        Self.dictionary([1, 2], [3, 4]), Self.ascii("key"), Self.utf16("key"), Self.integer(1), Self.ascii("v"),
      ]),
      Self.file([
        Self.dictionary([1, 3, 2], [4, 4, 5]), Self.ascii([0xE9]), Self.utf16("\u{E9}"), Self.ascii("b"),
        Self.integer(1), Self.real(2),
      ]),
      Self.file([Self.dictionary([1, 2], [3, 3]), Self.ascii("k"), Self.ascii("k"), Self.integer(1)]),
      // Nested, after a long first dictionary with the same keys.
      Self.file([
        Self.array([1, 5]), Self.dictionary([2, 3], [4, 4]), Self.ascii("a"), Self.ascii("b"), Self.integer(0),
        Self.dictionary([3, 2, 6], [4, 4, 4]), Self.utf16("b"),
      ]),
    ]
    for bytes in files {
      #expect(Self.check(bytes) == [false, false, false, false, false])
    }
    // The first place, the last value.
    #expect(
      try Self.streamed(files[1], to: .json, writing: PropertyListWritingOptions(prettyPrinted: false)).get()
        == Array(#"{"é":2.0,"b":1}"#.utf8))
    // Canonically equivalent keys are distinct keys: "é" precomposed and decomposed.
    let equivalent = Self.file([
      Self.dictionary([1, 2], [3, 3]), Self.ascii([0xE9]), Self.utf16("e\u{301}"), Self.integer(1),
    ])
    #expect(Self.check(equivalent) == [true, true, true, true, true])
    #expect(
      try Self.streamed(equivalent, to: .json, writing: PropertyListWritingOptions(prettyPrinted: false)).get()
        == Array("{\"\u{E9}\":1,\"e\u{301}\":1}".utf8))
  }

  @Test("ASCII-marker strings with bytes of 0x80 and above read as ISO Latin-1, keys and values")
  func latin1Strings() throws {
    let bytes = Self.file([
      Self.dictionary([1, 2], [3, 4]), Self.ascii([0x63, 0x61, 0x66, 0xE9]), Self.ascii([0xFF, 0x80, 0x41]),
      Self.ascii([0xA9, 0x20, 0x32, 0x30, 0x32, 0x36]), Self.array([1, 5]),
      Self.ascii(Array(repeating: 0xE0, count: 20)),
    ])
    #expect(Self.check(bytes) == [true, true, true, true, true])
    let value = try PropertyList(bytes: bytes, format: .binary)
    #expect(
      value == [
        "caf\u{E9}": "\u{A9} 2026", "\u{FF}\u{80}A": ["caf\u{E9}", .string(String(repeating: "\u{E0}", count: 20))],
      ])
  }

  @Test("UTF-16 strings: surrogate pairs stream, an unpaired surrogate is the reader's error")
  func utf16Strings() throws {
    let good = Self.file([Self.array([1, 2]), Self.utf16("\u{1F600} smile \u{10FFFF}"), Self.utf16([0xFEFF, 0x41])])
    #expect(Self.check(good) == [true, true, true, true, true])
    #expect(try PropertyList(bytes: good, format: .binary) == ["\u{1F600} smile \u{10FFFF}", "\u{FEFF}A"])
    // A high surrogate at the end, one followed by a letter, and a low one alone.
    for (units, badUnit) in [([0x41, 0xD83D], 1), ([0xD83D, 0x41], 0), ([0x41, 0xDE00, 0x42], 1)] as [([UInt16], Int)] {
      let bytes = Self.file([Self.array([1]), Self.utf16(units)])
      #expect(Self.check(bytes) == [false, false, false, false, false])
      let offset = 8 + 2 + 1 + 2 * badUnit
      let hex = String(units[badUnit], radix: 16, uppercase: true)
      #expect(
        Self.error(Self.expected(bytes, 0))
          == PropertyListError(
            .invalidEncoding, format: .binary, at: .byteOffset(offset),
            "object 1: UTF-16 string has an unpaired surrogate 0x\(hex)"))
    }
  }

  @Test("UTF-8 string markers (0x7), which bplist00 does not define, are the reader's error, as key and value")
  func utf8StringMarkers() throws {
    for asKey in [false, true] {
      let bytes =
        asKey
        ? Self.file([Self.dictionary([1], [1]), Self.utf8(Array("h\u{E9}llo".utf8))])
        : Self.file([Self.array([1]), Self.utf8(Array("h\u{E9}llo".utf8))])
      #expect(Self.check(bytes) == [false, false, false, false, false])
      let message =
        asKey
        ? "dictionary key (object 1) is an unknown object (marker 0x76), expected a string; "
          + "the dictionary is object 0 at byte 8"
        : "object 1: unknown object marker 0x76"
      #expect(
        Self.error(Self.expected(bytes, 3))
          == PropertyListError(
            asKey ? .invalidValue : .syntax, format: .binary, at: .byteOffset(asKey ? 11 : 10), message))
    }
  }

  @Test("a control character: XML's error with its key path, while JSON streams it escaped")
  func controlCharacter() throws {
    let inValue = Self.file([
      Self.dictionary([1], [2]), Self.ascii("list"), Self.array([3, 4]), Self.ascii("ok"), Self.ascii("a\u{1}b"),
    ])
    #expect(Self.check(inValue) == [false, true, true, true, true])
    #expect(
      Self.error(Self.expected(inValue, 0))
        == PropertyListError(
          .notRepresentable, format: .xml, at: .keyPath("list.1"), "U+0001 cannot be written in XML 1.0"))
    #expect(
      try Self.streamed(inValue, to: .json, writing: PropertyListWritingOptions(prettyPrinted: false)).get()
        == Array(#"{"list":["ok","a\u0001b"]}"#.utf8))
    let inKey = Self.file([
      Self.array([1]), Self.dictionary([2, 3], [4, 4]), Self.ascii("fine"), Self.utf16("x\u{1}"), Self.integer(3),
    ])
    #expect(Self.check(inKey) == [false, true, true, true, true])
    #expect(
      Self.error(Self.expected(inKey, 0))
        == PropertyListError(
          .notRepresentable, format: .xml, at: .keyPath("0.x\u{1}"), "U+0001 cannot be written in XML 1.0"))
    // U+FFFE cannot be written in XML either.
    let nonCharacter = Self.file([Self.array([1]), Self.utf16([0x41, 0xFFFE])])
    #expect(Self.check(nonCharacter) == [false, true, true, true, true])
  }

  @Test("dates XML and plain JSON cannot write fail with their errors; typed JSON streams them")
  func unwritableDates() throws {
    for seconds in [Double.nan, 1e20, -.infinity] {
      let bytes = Self.file([Self.dictionary([1], [2]), Self.ascii("when"), Self.date(seconds)])
      #expect(Self.check(bytes) == [false, false, false, true, true], "\(seconds)")
      let xmlReason =
        seconds.isFinite
        ? "only dates from -99997946-05-25T00:00:00Z to 99999999-12-31T23:59:59Z can" : "only finite dates can"
      #expect(
        Self.error(Self.expected(bytes, 0))
          == PropertyListError(
            .notRepresentable, format: .xml, at: .keyPath("when"),
            "a date of \(seconds) seconds cannot be written in XML (\(xmlReason))"))
      #expect(
        Self.error(Self.expected(bytes, 1))
          == PropertyListError(
            .notRepresentable, format: .json, at: .keyPath("when"),
            "a date of \(seconds) seconds cannot be written in plain JSON (only finite dates in years "
              + "-99999999 to 99999999 can); the typed form keeps it"))
    }
  }

  @Test("NaN and infinite reals, 4 and 8 bytes, stream in every form")
  func nonFiniteReals() throws {
    let float: [UInt8] = [0x22] + BinaryPlistBuilder.bigEndian(UInt64(Float.infinity.bitPattern), size: 4)
    let bytes = Self.file([
      Self.array([1, 2, 3, 4, 5]), Self.real(.nan), Self.real(.infinity), Self.real(-.infinity), float,
      Self.real(Double(bitPattern: 0x7FF8_0000_0000_0001)),
    ])
    #expect(Self.check(bytes) == [true, true, true, true, true])
    #expect(
      try Self.streamed(bytes, to: .json, writing: PropertyListWritingOptions(jsonStyle: .typed, prettyPrinted: false))
        .get()
        == Array(
          #"[{"$real":"NaN"},{"$real":"Infinity"},{"$real":"-Infinity"},{"$real":"Infinity"},{"$real":"NaN:0x7ff8000000000001"}]"#
            .utf8))
  }

  @Test("empty containers, strings and data, and base64 wrapped at several depths")
  func emptyAndWrapped() throws {
    let empties = Self.file([
      Self.dictionary([1, 2, 3, 4], [5, 6, 1, 7]), Self.ascii(""), Self.ascii("a"), Self.ascii("d"), Self.ascii("s"),
      Self.array([]), Self.dictionary([], []), Self.data([]),
    ])
    #expect(Self.check(empties) == [true, true, true, true, true])
    #expect(
      try String(decoding: Self.streamed(empties, to: .xml).get(), as: UTF8.self)
        == XML.document(
          """
          <dict>
          \t<key></key>
          \t<array/>
          \t<key>a</key>
          \t<dict/>
          \t<key>d</key>
          \t<string></string>
          \t<key>s</key>
          \t<data>
          \t</data>
          </dict>

          """))
    // 200 bytes of data at depths 0 to 12: the base64 lines shorten as the tabs grow.
    var objects: [[UInt8]] = [Self.data((0..<200).map { UInt8($0) })]
    for depth in 1...12 { objects.append(depth % 2 == 0 ? Self.array([depth - 1]) : Self.array([depth - 1, 0])) }
    for top in [0, 1, 5, 12] {
      #expect(Self.check(Self.file(objects, top: top)) == [true, true, true, true, true], "depth \(top)")
    }
    let data = Self.file([Self.array([1, 2]), Self.data(Array(repeating: 0xAB, count: 1_000)), Self.data([0xFF])])
    #expect(Self.check(data) == [true, true, true, true, true])
  }

  @Test("UIDs of 1 to 8 bytes stream as CF$UID dictionaries and typed $uid")
  func uids() throws {
    let bytes = Self.file([
      Self.array([1, 2, 3, 4]), Self.uid(0, size: 1), Self.uid(300, size: 2), Self.uid(70_000, size: 4),
      Self.uid(UInt64.max, size: 8),
    ])
    #expect(Self.check(bytes) == [true, true, true, true, true])
    #expect(
      try Self.streamed(bytes, to: .json, writing: PropertyListWritingOptions(prettyPrinted: false)).get()
        == Array(#"[{"CF$UID":0},{"CF$UID":300},{"CF$UID":70000},{"CF$UID":18446744073709551615}]"#.utf8))
  }

  @Test("a top-level scalar of each kind streams")
  func topLevelScalars() throws {
    let scalars: [[UInt8]] = [
      Self.integer(42), [0x13] + BinaryPlistBuilder.bigEndian(UInt64(bitPattern: -5), size: 8), Self.real(2.5),
      [0x09], [0x08], Self.date(0), Self.ascii("alone"), Self.utf16("\u{1F600}"), Self.data([1, 2, 3]),
      Self.uid(9, size: 1),
    ]
    for scalar in scalars {
      #expect(Self.check(Self.file([scalar])) == [true, true, true, true, true], "\(scalar)")
    }
    #expect(try Self.streamed(Self.file([Self.integer(42)]), to: .json).get() == Array("42\n".utf8))
  }

  @Test("nesting at the depth limit streams; one level deeper is the reader's error")
  func depthLimit() throws {
    let reading = PropertyListReadingOptions(limits: PropertyListLimits(maximumDepth: 8))
    // Object i is an array (or a dictionary, every third) holding object i + 1.
    func nested(_ depth: Int) -> [UInt8] {
      var objects: [[UInt8]] = []
      for level in 0..<depth {
        objects.append(level % 3 == 2 ? Self.dictionary([depth + 1], [level + 1]) : Self.array([level + 1]))
      }
      objects.append(Self.integer(1))
      objects.append(Self.ascii("k"))
      return Self.file(objects)
    }
    #expect(Self.check(nested(8), reading: reading) == [true, true, true, true, true])
    let tooDeep = nested(9)
    #expect(Self.check(tooDeep, reading: reading) == [false, false, false, false, false])
    #expect(
      Self.error(Self.expected(tooDeep, 0, reading: reading))
        == PropertyListError(
          .limitExceeded, format: .binary, at: .byteOffset(Self.offset(of: 8, in: tooDeep)),
          "object 8: nesting is deeper than the limit of 8 arrays and dictionaries"))
  }

  /// The byte offset of object `index` in a file made by ``file(_:top:)``.
  static func offset(of index: Int, in bytes: [UInt8]) -> Int {
    let table = bytes.suffix(8).reduce(0) { $0 << 8 | Int($1) }
    return bytes[(table + 4 * index)..<(table + 4 * index + 4)].reduce(0) { $0 << 8 | Int($1) }
  }

  @Test("strings and data counted once per object: under the decoded-size limit they stream, over it fail")
  func decodedSizeCountedOnce() throws {
    // 30 ASCII + 20×2 UTF-16 + 25 data = 95 bytes, each object referenced 30 times.
    func bytes(dataSize: Int) -> [UInt8] {
      let references = (0..<30).flatMap { _ in [1, 2, 3] }
      return Self.file([
        Self.array(references), Self.ascii(String(repeating: "a", count: 30)),
        Self.utf16(String(repeating: "\u{E9}", count: 20)), Self.data(Array(repeating: 7, count: dataSize)),
      ])
    }
    let reading = PropertyListReadingOptions(limits: PropertyListLimits(maximumDecodedSize: 100))
    for size in [0, 25, 30] {
      #expect(Self.check(bytes(dataSize: size), reading: reading) == [true, true, true, true, true], "\(size)")
    }
    let over = bytes(dataSize: 31)
    #expect(Self.check(over, reading: reading) == [false, false, false, false, false])
    #expect(
      Self.error(Self.expected(over, 2, reading: reading))
        == PropertyListError(
          .limitExceeded, format: .binary, at: .byteOffset(Self.offset(of: 3, in: over)),
          "object 3: strings and data decode to more than the limit of 100 bytes"))
    // A list of strings only (the reader's fast shape): 60 references to one 30-byte string.
    let list = Self.file([Self.array(Array(repeating: 1, count: 60)), Self.ascii(String(repeating: "b", count: 30))])
    let limit = PropertyListReadingOptions(limits: PropertyListLimits(maximumDecodedSize: 30))
    #expect(Self.check(list, reading: limit) == [true, true, true, true, true])
    // Keys count too: a key of 40 bytes and a value of 61 bytes are over 100.
    let keyed = Self.file([
      Self.array([1]), Self.dictionary([2], [3]), Self.ascii(String(repeating: "k", count: 40)),
      Self.ascii(String(repeating: "v", count: 61)),
    ])
    #expect(Self.check(keyed, reading: reading) == [false, false, false, false, false])
    #expect(
      Self.error(Self.expected(keyed, 0, reading: reading))
        == PropertyListError(
          .limitExceeded, format: .binary, at: .byteOffset(Self.offset(of: 3, in: keyed)),
          "object 3: strings and data decode to more than the limit of 100 bytes"))
  }

  @Test("a written-value limit reached by one scalar referenced many times is the writers' error")
  func writtenValueLimit() throws {
    // A flat array of 50 references to one integer: 51 values.
    let bytes = Self.file([Self.array(Array(repeating: 1, count: 50)), Self.integer(3)])
    #expect(Self.check(bytes, maximumWrittenValueCount: 51) == [true, true, true, true, true])
    #expect(Self.check(bytes, maximumWrittenValueCount: 50) == [false, false, false, false, false])
    for target in Self.targets {
      var writing = target.options
      writing.maximumWrittenValueCount = 50
      #expect(
        Self.streamed(bytes, to: target.format, writing: writing)
          == .failure(
            PropertyListError(
              .limitExceeded, format: target.format,
              "the value holds more than 50 values once its shared arrays and dictionaries are written out "
                + "at every place they occur (the written value limit); the binary form keeps them shared")))
    }
    // Keys are not values: a dictionary of 3 entries is 4 values.
    let dictionary = Self.file([
      Self.dictionary([1, 2, 3], [4, 4, 4]), Self.ascii("a"), Self.ascii("b"),
      Self.ascii("c"), Self.integer(0),
    ])
    #expect(Self.check(dictionary, maximumWrittenValueCount: 4) == [true, true, true, true, true])
    #expect(Self.check(dictionary, maximumWrittenValueCount: 3) == [false, false, false, false, false])
  }

  @Test("input over the size limit is refused with the limit's error, as reading it refuses it")
  func inputSizeLimit() throws {
    let bytes = Self.file([Self.array([1, 1]), Self.ascii("x")])
    let reading = PropertyListReadingOptions(limits: PropertyListLimits(maximumInputSize: bytes.count - 1))
    let refused = PropertyListError(
      .limitExceeded, format: .binary, "the input is \(bytes.count) bytes, over the limit of \(bytes.count - 1)")
    #expect(throws: refused) { try PropertyList(bytes: bytes, format: .binary, options: reading) }
    for target in Self.targets {
      #expect(Self.streamed(bytes, to: target.format, reading: reading, writing: target.options) == .failure(refused))
      let chunked = try Self.chunked(bytes, to: target.format, reading: reading, writing: target.options).get()
      #expect(!chunked.streamed)
    }
    let exact = PropertyListReadingOptions(limits: PropertyListLimits(maximumInputSize: bytes.count))
    #expect(Self.check(bytes, reading: exact) == [true, true, true, true, true])
  }

  @Test("a dictionary key that is not a string, and a reference out of range, are the reader's errors")
  func badKeysAndReferences() throws {
    let integerKey = Self.file([Self.dictionary([1], [2]), Self.integer(5), [0x09]])
    #expect(Self.check(integerKey) == [false, false, false, false, false])
    #expect(
      Self.error(Self.expected(integerKey, 0))
        == PropertyListError(
          .invalidValue, format: .binary, at: .byteOffset(11),
          "dictionary key (object 1) is an integer, expected a string; the dictionary is object 0 at byte 8"))
    // A key that is a container, deeper down.
    let arrayKey = Self.file([Self.array([1]), Self.dictionary([2], [2]), Self.array([])])
    #expect(Self.check(arrayKey) == [false, false, false, false, false])
    let outOfRange = Self.file([Self.array([1, 5]), Self.integer(1)])
    #expect(Self.check(outOfRange) == [false, false, false, false, false])
    #expect(
      Self.error(Self.expected(outOfRange, 1))
        == PropertyListError(
          .invalidValue, format: .binary, at: .byteOffset(10),
          "object 0 refers to object 5, but there are only 2 objects"))
    let valueOutOfRange = Self.file([Self.dictionary([1], [9]), Self.ascii("k")])
    #expect(Self.check(valueOutOfRange) == [false, false, false, false, false])
  }

  @Test("sets (0xC) convert as arrays; ordered sets (0xB) are the reader's error")
  func sets() throws {
    func file(_ nibble: UInt8) -> [UInt8] {
      Self.file([
        Self.array([1, 2, 3], nibble: nibble), Self.ascii("x"), Self.integer(2), Self.array([1], nibble: nibble),
      ])
    }
    #expect(Self.check(file(0xC)) == [true, true, true, true, true])
    for target in Self.targets {
      #expect(
        try Self.streamed(file(0xC), to: target.format, writing: target.options).get()
          == Self.valuePath(file(0xA), to: target.format, writing: target.options).get())
    }
    let ordered = Self.file([Self.array([1, 2], nibble: 0xB), Self.ascii("x"), Self.integer(2)])
    #expect(Self.check(ordered) == [false, false, false, false, false])
    #expect(
      Self.error(Self.expected(ordered, 0))
        == PropertyListError(.syntax, format: .binary, at: .byteOffset(8), "object 0: unknown object marker 0xB2"))
  }

  // MARK: - Random object graphs

  /// A random binary plist of up to 12 objects referencing each other at random: shared and
  /// cyclic containers, sets, keys repeated through distinct string objects of every
  /// encoding, strings that are ill-formed or that XML cannot carry.
  static func randomGraph(using generator: inout SeededGenerator) -> [UInt8] {
    let count = Int.random(in: 1...12, using: &generator)
    // The first object is a container more often than not.
    let kinds = (0..<count).map { index in
      index == 0 && Bool.random(using: &generator) ? 0 : Int.random(in: 0..<12, using: &generator)
    }
    let strings = kinds.indices.filter { (4...6).contains(kinds[$0]) }
    // Mostly a later object (a tree, or a shared one), sometimes any (a cycle).
    func reference(from index: Int) -> Int {
      guard index + 1 < count, Int.random(in: 0..<5, using: &generator) > 0 else {
        return Int.random(in: 0..<count, using: &generator)
      }
      return Int.random(in: (index + 1)..<count, using: &generator)
    }
    func key() -> Int {
      guard !strings.isEmpty, Int.random(in: 0..<8, using: &generator) > 0 else {
        return Int.random(in: 0..<count, using: &generator)
      }
      return strings.randomElement(using: &generator)!
    }
    let texts: [[UInt16]] = [[0x61], [0x62], [0xE9], [0x24, 0x64, 0x61, 0x74, 0x61], [0xD83D, 0xDE00], [0x01], []]
    var objects: [[UInt8]] = []
    for (index, kind) in kinds.enumerated() {
      let text = texts.randomElement(using: &generator)!
      switch kind {
      case 0, 1:
        let references = (0..<Int.random(in: 0...4, using: &generator)).map { _ in reference(from: index) }
        objects.append(Self.array(references, nibble: kind == 0 ? 0xA : 0xC))
      case 2, 3:
        let entries = Int.random(in: 0...3, using: &generator)
        objects.append(
          Self.dictionary((0..<entries).map { _ in key() }, (0..<entries).map { _ in reference(from: index) }))
      case 4: objects.append(Self.ascii(text.map { UInt8(truncatingIfNeeded: $0) }))
      case 5:
        objects.append(Self.utf16(text.count == 2 && Int.random(in: 0..<4, using: &generator) == 0 ? [text[0]] : text))
      case 6:
        var bytes = Array(String(decoding: text, as: UTF16.self).utf8)
        if Int.random(in: 0..<8, using: &generator) == 0 { bytes.append(0xC3) }
        objects.append(Self.utf8(bytes))
      case 7: objects.append(Self.integer(UInt8.random(in: 0...255, using: &generator)))
      case 8: objects.append(Self.date([0, 1e9, .nan, 1e20].randomElement(using: &generator)!))
      case 9: objects.append(Self.data((0..<Int.random(in: 0...60, using: &generator)).map { UInt8($0) }))
      case 10: objects.append(Self.uid(UInt64(index), size: 1))
      default: objects.append(Self.real([0.5, .nan, -.infinity].randomElement(using: &generator)!))
      }
    }
    return Self.file(objects)
  }

  @Test("3,000 random object graphs convert exactly as their values do, or fail with the same error")
  func randomGraphs() throws {
    var generator = SeededGenerator(seed: 0x6_4A9)
    var streamed = [0, 0, 0, 0, 0]
    var failed = 0
    var fellBack = 0
    // Tight limits, each often reached: depth, decoded size, values written.
    let tight = PropertyListReadingOptions(limits: PropertyListLimits(maximumDepth: 3, maximumDecodedSize: 40))
    var tightStreamed = 0
    for index in 0..<3_000 {
      let bytes = Self.randomGraph(using: &generator)
      if index % 3 == 0 {
        tightStreamed += Self.check(bytes, reading: tight, maximumWrittenValueCount: 8)[3] ? 1 : 0
      }
      let targets = Self.check(bytes)
      for (target, didStream) in targets.enumerated() where didStream { streamed[target] += 1 }
      switch Self.expected(bytes, 3) {
      case .failure: failed += 1
      case .success: if !targets[3] { fellBack += 1 }
      }
    }
    // Every outcome is reached: streamed, converted from the value, refused.
    #expect(streamed.allSatisfy { $0 > 1_000 }, "\(streamed)")
    #expect(fellBack > 80, "\(fellBack)")
    #expect(failed > 300, "\(failed)")
    #expect(tightStreamed > 300, "\(tightStreamed)")
  }

  // MARK: - Mutations

  /// `count` variants of `bytes`, each with 1 to 4 changes: mostly a byte of the objects
  /// replaced (often by a small or marker value), which keeps the file's frame; else a byte
  /// anywhere replaced, inserted or removed, or the end cut off. The same for the same seed.
  static func mutations(of bytes: [UInt8], count: Int, seed: UInt64) -> [[UInt8]] {
    var generator = SeededGenerator(seed: seed)
    let favourites: [UInt8] = [0x00, 0x01, 0x02, 0x0F, 0x10, 0x5F, 0x6F, 0x7F, 0xA2, 0xB1, 0xC1, 0xD1, 0x80, 0xFF]
    let objectsEnd = bytes.suffix(8).reduce(0) { $0 << 8 | Int($1) }
    return (0..<count).map { _ in
      var mutated = bytes
      for _ in 0..<[1, 1, 1, 2, 3, 4].randomElement(using: &generator)! {
        guard !mutated.isEmpty else { break }
        let byte =
          Bool.random(using: &generator)
          ? favourites.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
        if mutated.count == bytes.count, Int.random(in: 0..<4, using: &generator) > 0 {
          mutated[Int.random(in: 8..<objectsEnd, using: &generator)] = byte
          continue
        }
        TextReaderMutationTests.edit(&mutated, with: byte, using: &generator)
      }
      return mutated
    }
  }

  @Test("2,400 mutated binary files convert exactly as their values do, or fail with the same error")
  func mutatedFiles() throws {
    var generator = SeededGenerator(seed: 0xB1_3A7E)
    var settings = RandomPropertyList.allKinds
    settings.maximumCount = 4
    let random = try (0..<3).map { _ in try BinaryPropertyListWriter().write(settings.make(using: &generator)) }
    let handMade = Self.file([
      Self.dictionary([1, 2, 3], [4, 5, 6]), Self.ascii([0x6B, 0xE9]), Self.utf16("\u{1F600}"), Self.utf8([0x75]),
      Self.array([6, 7, 8, 7], nibble: 0xC), Self.uid(3, size: 2), Self.data([1, 2, 3]), Self.date(1e9),
      Self.real(0.25), Self.ascii("x\u{1}"),
    ])
    let presidents = try #require(Self.samples.first { $0.name == "Presidents.plist" }).bytes
    let sources: [(bytes: [UInt8], count: Int)] = [(presidents, 400), (handMade, 800)] + random.map { ($0, 400) }
    var streamedCount = 0
    var failedCount = 0
    for (index, source) in sources.enumerated() {
      for mutated in Self.mutations(of: source.bytes, count: source.count, seed: 0x3A7E + UInt64(index)) {
        for target in Self.targets.prefix(2) {
          let expected = Self.valuePath(mutated, to: target.format)
          let actual = Self.streamed(mutated, to: target.format)
          if actual != expected {
            Issue.record(
              "\(target.format) of \(mutated): streamed \(Self.describe(actual)); value path \(Self.describe(expected))"
            )
          }
          // Where the value path fails, the equality above shows that nothing streamed.
          guard case .success(let output) = expected else {
            failedCount += 1
            continue
          }
          guard case .success(let (didStream, chunks)) = Self.chunked(mutated, to: target.format) else {
            Issue.record("the chunked conversion threw")
            continue
          }
          guard didStream else { continue }
          streamedCount += 1
          #expect(chunks.joined == output)
        }
      }
    }
    // Both paths are exercised: many mutations still stream, many break the file.
    #expect(streamedCount > 700, "\(streamedCount)")
    #expect(failedCount > 1_500, "\(failedCount)")
  }
}
