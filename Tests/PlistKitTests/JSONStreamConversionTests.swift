import Foundation
import Testing

@testable import PlistKit

/// Converting plain JSON to binary and XML while parsing it: the same XML bytes and the same
/// binary value as reading the whole value and writing it, and the same errors.
@Suite("JSON stream conversion")
struct JSONStreamConversionTests {
  static let targets: [PropertyListFormat] = [.xml, .binary]

  /// What converting `json` gives through the value: read, then written.
  static func valuePath(
    _ json: [UInt8], to format: PropertyListFormat, reading: PropertyListReadingOptions = .default
  ) -> (tree: Result<PropertyList, PropertyListError>, output: Result<[UInt8], PropertyListError>) {
    let tree = Result { () throws(PropertyListError) in try PropertyList(bytes: json, format: .json, options: reading) }
    let output = tree.flatMap { value in Result { () throws(PropertyListError) in try value.serialized(as: format) } }
    return (tree, output)
  }

  /// The in-memory streamed conversion.
  static func streamed(
    _ json: [UInt8], to format: PropertyListFormat, reading: PropertyListReadingOptions = .default
  ) -> Result<[UInt8], PropertyListError> {
    Result { () throws(PropertyListError) in
      try PropertyListConverter(to: format, from: .json, readingOptions: reading).convert(json)
    }
  }

  /// The chunked streamed conversion: whether it streamed, and the chunks it handed on.
  static func chunked(
    _ json: [UInt8], to format: PropertyListFormat, reading: PropertyListReadingOptions = .default
  ) -> (result: Result<Bool, PropertyListError>, chunks: [[UInt8]]) {
    var chunks: [[UInt8]] = []
    let result = Result { () throws(PropertyListError) in
      let (streamed, stream) = try PropertyListConverter(to: format, from: .json, readingOptions: reading)
        .convertInChunks(json)
      // Falling back, the stream was restarted: what it had before is what the stream wrote.
      chunks = streamed ? stream.parts : stream.droppedParts ?? []
      return streamed
    }
    // A value the target cannot hold is written from the value, which reports it.
    if case .failure(let error) = result, case .success = valuePath(json, to: format, reading: reading).tree,
      valuePath(json, to: format, reading: reading).output.failure == error
    {
      return (.success(false), [])
    }
    return (result, chunks)
  }

  /// Checks both streamed forms of `json`, to XML and to binary, against the value path:
  /// the same XML bytes, binary that reads back identical, or the same error. `streams` says
  /// whether the chunked form must stream (true) or fall back (false); nil accepts either
  /// where the contract allows it. Returns the value path's reading.
  @discardableResult
  static func check(
    _ json: [UInt8], reading: PropertyListReadingOptions = .default, streams: Bool? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Result<PropertyList, PropertyListError> {
    var reading = reading
    reading.jsonStyle = .plain
    var tree: Result<PropertyList, PropertyListError> = .failure(PropertyListError(.io, "not read"))
    for format in targets {
      let (value, expected) = valuePath(json, to: format, reading: reading)
      tree = value
      let inMemory = streamed(json, to: format, reading: reading)
      switch (expected, inMemory) {
      case (.success(let expectedBytes), .success(let bytes)):
        if format == .xml {
          #expect(bytes == expectedBytes, "\(format)", sourceLocation: sourceLocation)
        } else {
          let readBack = Result { () throws(PropertyListError) in try PropertyList(bytes: bytes, format: .binary) }
          #expect(
            (try? readBack.get())?.isIdentical(to: try! value.get()) == true, "binary read back",
            sourceLocation: sourceLocation)
        }
      case (.failure(let expectedError), .failure(let error)):
        #expect(error == expectedError, "\(format)", sourceLocation: sourceLocation)
      default:
        Issue.record(
          "to \(format): the value path gives \(expected), streaming \(inMemory) for \(Self.describe(json))",
          sourceLocation: sourceLocation)
      }

      let (outcome, chunks) = chunked(json, to: format, reading: reading)
      switch outcome {
      case .success(true):
        if let streams { #expect(streams, "\(format) streamed", sourceLocation: sourceLocation) }
        #expect(
          (try? inMemory.get()) == Array(chunks.joined()), "\(format) chunks", sourceLocation: sourceLocation)
      case .success(false):
        // A repeated key or a value XML cannot hold: the caller converts from the value,
        // which the in-memory form above did.
        if let streams { #expect(!streams, "\(format) fell back", sourceLocation: sourceLocation) }
      case .failure(let error):
        // Only the document's own errors are thrown: writing the value cannot fail here.
        if case .failure(let readError) = value {
          #expect(error == readError, "\(format) chunked", sourceLocation: sourceLocation)
        } else {
          Issue.record("to \(format): the chunked form throws \(error) for a document that reads")
        }
      }
    }
    return tree
  }

  static func describe(_ json: [UInt8]) -> String {
    let text = String(decoding: json.prefix(300), as: UTF8.self)
    return json.count > 300 ? text + "…" : text
  }

  static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

  /// The JSON Schema Test Suite's folder in the shared corpus.
  static let schemaSuite = "json-schema-test-suite"

  /// Every `.json` file in a `Fixtures` folder of the test targets, and those of the JSON Schema
  /// Test Suite where the shared corpus has it.
  static let fixtures: [String] = {
    func files(under root: String, where include: (String) -> Bool) -> [String] {
      let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
      return files.filter { $0.hasSuffix(".json") && include($0) }.sorted().map { root + "/" + $0 }
    }
    return files(under: testsFolder.path) { $0.split(separator: "/").contains("Fixtures") }
      + files(under: Corpus.path(schemaSuite)) { _ in true }
  }()

  @Test("every JSON fixture converts as its value does, or fails with the reader's error")
  func fixturesConvert() throws {
    let suite = Corpus.has(Self.schemaSuite)
    // The project's own 9 fixtures, and the suite's 159 files where the corpus is.
    #expect(Self.fixtures.count >= (suite ? 100 : 9))
    var read = 0
    var refused = 0
    for path in Self.fixtures {
      let bytes = [UInt8](try #require(FileManager.default.contents(atPath: path)))
      switch Self.check(bytes) {
      case .success: read += 1
      case .failure: refused += 1
      }
    }
    #expect(read >= (suite ? 20 : 5))
    // Most of the schema suite has `null` somewhere, which plain JSON reading refuses.
    if suite { #expect(refused >= 20) }
  }

  @Test("the samples written as plain JSON, pretty and compact, convert as their values do")
  func samplesConvert() throws {
    let folder = Self.testsFolder.deletingLastPathComponent().appendingPathComponent("Samples").path
    // Files only: the lists the book's samples are made from have a folder of their own.
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted().filter { name in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isDirectory)
        && !isDirectory.boolValue
    }
    var converted = 0
    for name in names {
      let bytes = [UInt8](try #require(FileManager.default.contents(atPath: folder + "/" + name)))
      guard let value = try? PropertyList(bytes: bytes) else { continue }
      for pretty in [true, false] {
        let options = PropertyListWritingOptions(jsonStyle: .plain, prettyPrinted: pretty)
        guard let json = try? JSONPropertyListWriter(options: options).write(value) else { continue }
        if case .success(let tree) = Self.check(json, streams: true) {
          // A keyed archive's UIDs come back as UIDs from plain JSON's `{"CF$UID": n}`, as from XML.
          #expect(tree.isIdentical(to: value), "\(name)")
          converted += 1
        } else {
          Issue.record("\(name) written as JSON does not read back")
        }
      }
    }
    #expect(converted >= 4)
  }

  /// The next random value plain JSON can hold, written as plain JSON.
  static func randomJSON(
    _ settings: RandomPropertyList, pretty: Bool, _ generator: inout SeededGenerator
  ) -> (json: [UInt8], value: PropertyList) {
    let options = PropertyListWritingOptions(jsonStyle: .plain, prettyPrinted: pretty)
    while true {
      let value = settings.make(using: &generator)
      if let json = try? JSONPropertyListWriter(options: options).write(value) { return (json, value) }
    }
  }

  static let jsonKinds: Set<PropertyList.Kind> = [.string, .integer, .real, .boolean, .array, .dictionary]

  @Test("300 random values written as plain JSON, pretty and compact, convert as their values do")
  func randomValues() throws {
    var generator = SeededGenerator(seed: 0x150_57EA)
    var settings = RandomPropertyList(kinds: Self.jsonKinds)
    var xmlFallbacks = 0
    for round in 0..<300 {
      settings.extendedValues = round % 2 == 1
      for pretty in [true, false] {
        let (json, _) = Self.randomJSON(settings, pretty: pretty, &generator)
        let tree = Self.check(json)
        #expect((try? tree.get()) != nil)
        if case .success(let value) = tree, (try? value.serialized(as: .xml)) == nil { xmlFallbacks += 1 }
      }
    }
    // Some strings (a NUL, U+FFFE) cannot be written in XML: those take the value's error.
    #expect(xmlFallbacks > 0)
  }

  @Test("deeply nested random values convert as their values do")
  func deepRandomValues() throws {
    var generator = SeededGenerator(seed: 0xDEE9_150)
    var settings = RandomPropertyList(kinds: Self.jsonKinds, extendedValues: true)
    settings.deepNesting = 20...200
    settings.deepNestingOdds = 4
    for _ in 0..<30 {
      let (json, value) = Self.randomJSON(settings, pretty: Bool.random(using: &generator), &generator)
      // Random keys may be tag names: read as the plain JSON it is.
      let tree = Self.check(json, reading: .init(detectsTypedJSON: false))
      #expect((try? tree.get())?.isIdentical(to: value) == true)
    }
  }

  /// `text` in UTF-16 with a byte-order mark.
  static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
    var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
    for unit in text.utf16 {
      bytes += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
    }
    return bytes
  }

  @Test("UTF-16 with a byte-order mark in both orders, and UTF-8 with one, convert as their values do")
  func encodings() throws {
    let text = "{\"name\": \"caf\u{E9} \u{1F600}\", \"n\": [1, 2.5, true, \"\\u00e9\\ud83d\\ude00\"]}"
    let expected: PropertyList = ["name": "caf\u{E9} \u{1F600}", "n": [1, 2.5, true, "\u{E9}\u{1F600}"]]
    let documents = [
      Self.utf16(text, bigEndian: true), Self.utf16(text, bigEndian: false), [0xEF, 0xBB, 0xBF] + Array(text.utf8),
    ]
    for document in documents {
      let tree = Self.check(document, streams: true)
      #expect((try? tree.get())?.isIdentical(to: expected) == true)
      let xml = try PropertyListConverter(to: .xml, from: .json).convert(document)
      #expect(xml == (try XMLPropertyListWriter().write(expected)))
    }
    // Errors in UTF-16 are located in the text, as the reader locates them.
    let brokenDocuments = [
      Self.utf16("[1,\n 2,", bigEndian: true), Self.utf16("{\"a\": nul}", bigEndian: false),
      Self.utf16("[1]", bigEndian: true) + [0x00], [0xFE, 0xFF, 0xD8, 0x00, 0x00, 0x5B],
      [0xEF, 0xBB, 0xBF] + Array("\n  [tru]".utf8),
    ]
    for document in brokenDocuments {
      guard case .failure(let error) = Self.check(document) else {
        Issue.record("\(document) reads")
        continue
      }
      #expect(error.format == .json)
    }
    // The byte-order mark is not a column.
    guard case .failure(let error) = Self.check([0xEF, 0xBB, 0xBF] + Array("\n  [tru]".utf8)) else {
      Issue.record("a document with a byte-order mark and 'tru' reads")
      return
    }
    #expect(
      error == PropertyListError(.syntax, format: .json, at: .text(line: 2, column: 4), "expected a value, found 'tru'")
    )
  }

  @Test("typed JSON read as plain is converted from its typed value, never streamed as dictionaries")
  func typedDocument() throws {
    let value: PropertyList = [
      "$top": ["root": .uid(1)], "$objects": ["$null", ["$class": .uid(2), "NS.objects": [.uid(1)]], 1.5],
      "d": .date(PropertyListDate(secondsSinceReferenceDate: 0)), "b": .data([1, 2]),
    ]
    let json = try value.serialized(as: .json, options: .init(jsonStyle: .typed))
    for format in Self.targets {
      let converted = try Self.streamed(json, to: format).get()
      #expect(try PropertyList(bytes: converted).isIdentical(to: value))
      let (result, chunks) = Self.chunked(json, to: format)
      #expect(try result.get() == false)
      #expect(chunks.isEmpty)
    }
  }

  @Test("a repeated key keeps its first place and last value, through the value path")
  func repeatedKeys() throws {
    let json = Array(#"{"a": 1, "b": true, "a": "x"}"#.utf8)
    let tree = try Self.check(json, streams: false).get()
    #expect(tree.isIdentical(to: ["a": "x", "b": true]))
    let xml = try PropertyListConverter(to: .xml, from: .json).convert(json)
    #expect(
      String(decoding: xml, as: UTF8.self)
        == """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>a</key>
        \t<string>x</string>
        \t<key>b</key>
        \t<true/>
        </dict>
        </plist>

        """)

    // Repeats inside nested dictionaries, and in one of many dictionaries of an array.
    let nested = Array(
      #"{"o": {"k": 1, "j": [], "k": {"z": 2}}, "p": [{"z": 0}, {"y": 1, "z": 2, "y": 3}], "q": {"k": 1}}"#.utf8)
    let nestedTree = try Self.check(nested, streams: false).get()
    #expect(
      nestedTree.isIdentical(
        to: ["o": ["k": ["z": 2], "j": []], "p": [["z": 0], ["y": 3, "z": 2]], "q": ["k": 1]]))
    // The same key in sibling and nested dictionaries is no repeat.
    let siblings = Array(#"{"a": {"a": {"a": 1}}, "b": {"a": 2}, "c": [{"a": 3}, {"a": 4}]}"#.utf8)
    #expect(
      try Self.check(siblings, streams: true).get().isIdentical(
        to: ["a": ["a": ["a": 1]], "b": ["a": 2], "c": [["a": 3], ["a": 4]]]))
    // A repeat far from the first use of its key, in a dictionary of many keys.
    let many = (0..<5_000).map { "\"key\($0)\": \($0)" }
    let manyDistinct = Array(("{" + many.joined(separator: ", ") + "}").utf8)
    #expect(try Self.check(manyDistinct, streams: true).get().dictionaryValue?.count == 5_000)
    let manyRepeated = Array(("{" + (many + ["\"key0\": -1"]).joined(separator: ", ") + "}").utf8)
    let repeatedTree = try Self.check(manyRepeated, streams: false).get()
    #expect(repeatedTree.dictionaryValue?.count == 5_000)
    #expect(repeatedTree.dictionaryValue?.keys.first == "key0")
    #expect(repeatedTree.dictionaryValue?["key0"] == -1)
  }

  @Test("keys spelled with different escapes are one key, repeated")
  func escapedRepeats() throws {
    let cases: [(json: String, value: PropertyList)] = [
      (#"{"A": 1, "\u0041": 2}"#, ["A": 2]),
      (#"{"/": 1, "x": 0, "\/": 2}"#, ["/": 2, "x": 0]),
      ("{\"\\u00e9\": 1, \"\u{E9}\": 2}", ["\u{E9}": 2]),
      ("{\"\\ud83d\\ude00\": 1, \"\u{1F600}\": [2]}", ["\u{1F600}": [2]]),
      (#"{"a\tb": 1, "a\u0009b": 2}"#, ["a\tb": 2]),
    ]
    for (text, value) in cases {
      let tree = try Self.check(Array(text.utf8), streams: false).get()
      #expect(tree.isIdentical(to: value), "\(text)")
    }
  }

  /// A JSON object with `count` keys drawn from `pool`, nested objects now and then.
  static func objectText(
    pool: [String], count: Int, depth: Int, _ generator: inout SeededGenerator
  ) -> String {
    let members = (0..<count).map { index -> String in
      let key = pool.randomElement(using: &generator)!
      let nested =
        depth > 0 && Int.random(in: 0..<6, using: &generator) == 0
        ? objectText(pool: pool, count: Int.random(in: 0...20, using: &generator), depth: depth - 1, &generator)
        : "\(index)"
      return "\"\(key)\": \(nested)"
    }
    return "{" + members.joined(separator: ", ") + "}"
  }

  @Test("240 objects with keys drawn from small pools: repeats found wherever they are, no others")
  func repeatedKeyStress() throws {
    var generator = SeededGenerator(seed: 0x4E9_EA7)
    let canonical = ["\u{E9}", "e\u{301}", "\u{C5}", "\u{212B}", "A\u{30A}", "", "a", "b"]
    var fellBack = 0
    var streamed = 0
    for round in 0..<240 {
      // Small pools repeat soon; large ones far apart, past the linear search and the
      // cache of recent places.
      let poolSize = [4, 17, 40, 400][round % 4]
      let pool = round % 8 == 1 ? canonical : (0..<poolSize).map { "k\($0)" }
      let count = Int.random(in: 0...(round % 4 == 3 ? 60 : 24), using: &generator)
      let json = Array(Self.objectText(pool: pool, count: count, depth: 3, &generator).utf8)
      _ = try Self.check(json).get()
      let (outcome, _) = Self.chunked(json, to: .binary)
      if try outcome.get() { streamed += 1 } else { fellBack += 1 }
    }
    #expect(streamed > 25)
    #expect(fellBack > 50)
  }

  @Test("records of one shape: a repeat, a reordering or a one-byte change in one record")
  func recordsOfOneShape() throws {
    let keys = (0..<20).map { "field\($0)" }
    func record(_ keys: [String]) -> String {
      "{" + keys.enumerated().map { "\"\($1)\": \($0)" }.joined(separator: ", ") + "}"
    }
    let variants: [(name: String, keys: [String], streams: Bool)] = [
      ("same", keys, true),
      ("repeat at 5", Array(keys[0..<5]) + ["field3"] + Array(keys[5...]), false),
      ("repeat at 18", Array(keys[0..<18]) + ["field0"], false),
      ("repeat of the 17th at 19", Array(keys[0..<19]) + ["field16"], false),
      ("reordered", Array(keys.reversed()), true),
      ("one byte changed", ["field0", "fielD1"] + Array(keys[2...]), true),
      ("shorter", Array(keys[0..<3]), true),
      ("longer, then a repeat", keys + ["field20", "field21", "field0"], false),
    ]
    for variant in variants {
      let records = Array(repeating: record(keys), count: 30) + [record(variant.keys)] + [record(keys)]
      let json = Array(("[" + records.joined(separator: ",\n") + "]").utf8)
      #expect(throws: Never.self, "\(variant.name)") { try Self.check(json, streams: variant.streams).get() }
    }
  }

  @Test("keys equal only under canonical equivalence are two keys, streamed as they are")
  func canonicallyEquivalentKeys() throws {
    // Precomposed and decomposed é, raw and escaped; Å as U+00C5, U+212B and A + ring.
    let json = Array("{\"\u{E9}\": 1, \"e\u{301}\": 2, \"\\u00c5\": 3, \"\\u212b\": 4, \"A\\u030a\": 5}".utf8)
    let tree = try Self.check(json, streams: true).get()
    let dictionary = try #require(tree.dictionaryValue)
    let scalars: [[UInt32]] = dictionary.keys.map { $0.unicodeScalars.map(\.value) }
    #expect(scalars == [[0xE9], [0x65, 0x301], [0xC5], [0x212B], [0x41, 0x30A]])
    #expect(dictionary.values == [1, 2, 3, 4, 5])
  }

  @Test("a string XML cannot hold fails in XML with the value's error, and converts to binary")
  func unrepresentableInXML() throws {
    let cases: [(json: String, keyPath: String)] = [
      (#"{"list": ["ok", "\u0001"]}"#, "list.1"),
      (#"{"a": {"b\u0000": 1}}"#, "a.b\u{0}"),
      (#"["\uFFFE"]"#, "0"),
      (#""\u001F""#, ""),
    ]
    for (text, keyPath) in cases {
      let json = Array(text.utf8)
      let tree = try Self.check(json).get()
      let expected = try #require(
        Result { () throws(PropertyListError) in try tree.serialized(as: .xml) }.failure, "\(text)")
      #expect(expected.kind == .notRepresentable, "\(text)")
      #expect(expected.location == .keyPath(keyPath), "\(text)")
      #expect(throws: expected) {
        _ = try PropertyListConverter(to: .xml, from: .json).convert(json)
      }
      let (outcome, _) = Self.chunked(json, to: .xml)
      #expect(outcome == .success(false), "\(text)")
      let (binaryOutcome, chunks) = Self.chunked(json, to: .binary)
      #expect(binaryOutcome == .success(true), "\(text)")
      #expect(try PropertyList(bytes: Array(chunks.joined()), format: .binary).isIdentical(to: tree))
    }
  }

  /// Broken documents, with the kind of error each must give.
  static let brokenDocuments: [(json: String, kind: PropertyListError.Kind)] = [
    ("[1, 2", .unexpectedEnd),
    ("{\"a\": [true, {\"b\": ", .unexpectedEnd),
    (#"{"a": "\q"}"#, .syntax),
    (#"["\u12G4"]"#, .syntax),
    (#"["\ud800"]"#, .syntax),
    (#"["\udc00\ud800"]"#, .syntax),
    ("[01]", .syntax),
    ("[1.]", .syntax),
    ("[-]", .syntax),
    ("[1e+]", .syntax),
    ("[18446744073709551616]", .invalidValue),
    ("[-9223372036854775809]", .invalidValue),
    ("[1e400]", .invalidValue),
    ("{\"a\": null}", .invalidValue),
    ("[1] x", .syntax),
    ("{\"a\": 1}}", .syntax),
    ("{\"a\": \"abc", .unexpectedEnd),
    ("{\"a\" 1}", .syntax),
    ("{1: 2}", .syntax),
    ("[1,]", .syntax),
    ("[1 2]", .syntax),
    ("{\"a\": 1,}", .syntax),
    ("[\"tab\there\"]", .syntax),
    ("[nope]", .syntax),
    ("", .unexpectedEnd),
    ("  \n\t ", .unexpectedEnd),
    // A repeated key, or a string XML cannot hold, before the error: still the reader's error.
    ("{\"a\": 1, \"a\": 2} x", .syntax),
    ("{\"a\": 1, \"a\": 2, \"b\": nul", .syntax),
    ("[\"\\u0001\", {\"k\": 1}, nul]", .syntax),
    ("[\"\\u0001\", {\"k\": 1, \"k\": 2}, nul]", .syntax),
  ]

  @Test("parse errors are the reader's, kind, line:column and message, for both targets")
  func parseErrors() throws {
    let invalidUTF8: [([UInt8], PropertyListError.Kind)] = [
      (Array("[\"x".utf8) + [0xFF] + Array("\"]".utf8), .invalidEncoding),
      (Array("{\"".utf8) + [0xC3, 0x28] + Array("\": 1}".utf8), .invalidEncoding),
      (Array("[\"a\", \"".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8), .invalidEncoding),
    ]
    for (json, kind) in Self.brokenDocuments.map({ (Array($0.json.utf8), $0.kind) }) + invalidUTF8 {
      let text = Self.describe(json)
      let error = try #require(Self.check(json).failure, "\(text)")
      #expect(error.kind == kind, "\(text)")
      if case .text(let line, let column) = error.location {
        #expect(line >= 1 && column >= 1)
      } else {
        Issue.record("\(text): no line and column in \(error)")
      }
    }
  }

  @Test("limits fail with the reader's errors: depth, value count, decoded size, input size")
  func limits() throws {
    let limits = PropertyListLimits(
      maximumDepth: 8, maximumObjectCount: 50, maximumInputSize: 2_000, maximumDecodedSize: 64)
    let reading = PropertyListReadingOptions(limits: limits)
    let cases: [(json: String, fits: Bool)] = [
      (String(repeating: "[", count: 8) + String(repeating: "]", count: 8), true),
      (String(repeating: "[", count: 9) + String(repeating: "]", count: 9), false),
      (String(repeating: "{\"k\": ", count: 9) + "1" + String(repeating: "}", count: 9), false),
      (String(repeating: "[", count: 9), false),
      ("[" + Array(repeating: "true", count: 49).joined(separator: ",") + "]", true),
      ("[" + Array(repeating: "true", count: 50).joined(separator: ",") + "]", false),
      ("{" + (0..<60).map { "\"\($0)\": \($0)" }.joined(separator: ",") + "}", false),
      ("[\"" + String(repeating: "x", count: 64) + "\"]", true),
      ("[\"" + String(repeating: "x", count: 65) + "\"]", false),
      ("{\"" + String(repeating: "k", count: 65) + "\": 1}", false),
      ("[\"" + String(repeating: "\\u00e9", count: 33) + "\"]", false),
      ("[\"" + String(repeating: "x", count: 40) + "\", \"" + String(repeating: "y", count: 40) + "\"]", false),
      ("[" + String(repeating: " ", count: 2_000) + "]", false),
    ]
    // The same in UTF-16, where the input limit counts the UTF-16 bytes.
    let utf16Cases = cases.map { (Self.utf16($0.json, bigEndian: false), $0.fits && $0.json.utf8.count < 999) }
    for (json, fits) in cases.map({ (Array($0.json.utf8), $0.fits) }) + utf16Cases {
      let text = Self.describe(json)
      let tree = Self.check(json, reading: reading)
      if fits {
        #expect((try? tree.get()) != nil, "\(text)")
      } else {
        #expect(tree.failure?.kind == .limitExceeded, "\(text)")
      }
    }
  }

  /// About 1.7 MB of distinct strings in an open array: the start of the large documents.
  static let largeArrayStart: [UInt8] = {
    var text = "["
    for index in 0..<24_000 { text += "\"line \(index): " + String(repeating: "stream ", count: 8) + "\",\n" }
    return Array(text.utf8)
  }()

  /// A document of about 1.7 MB of strings, with `ending` after them.
  static func largeArray(ending: String) -> [UInt8] { largeArrayStart + Array(ending.utf8) }

  @Test("an error after more than a megabyte of output is the reader's, from the chunked form")
  func lateErrors() throws {
    for ending in ["nul]", "{\"a\": \"\\x\"}]", "{\"a\": [1, 2"] {
      let json = Self.largeArray(ending: ending)
      let expected = try #require(Self.valuePath(json, to: .xml).tree.failure)
      for format in Self.targets {
        var written = 0
        var stream = CallbackStream { written += $0.count }
        let outcome = Result { () throws(PropertyListError) in
          try PropertyListConverter(to: format, from: .json).convert(json, into: &stream)
        }
        #expect(outcome.failure == expected, "\(ending) to \(format)")
        #expect(written > 1 << 20, "\(format)")
        #expect(Self.streamed(json, to: format).failure == expected)
      }
    }
  }

  @Test("the chunked form hands on what the in-memory form returns, in several chunks")
  func chunks() throws {
    let json = Self.largeArray(ending: "{\"last\": [true, -1.5]}]")
    let value = try PropertyList(bytes: json, format: .json)
    for format in Self.targets {
      let (outcome, chunks) = Self.chunked(json, to: format)
      #expect(outcome == .success(true))
      #expect(chunks.count >= 2)
      // About a megabyte each, but the last.
      #expect(chunks.dropLast().allSatisfy { $0.count >= 1 << 20 && $0.count < 2 << 20 })
      let whole = Array(chunks.joined())
      #expect(whole == (try Self.streamed(json, to: format).get()))
      if format == .xml {
        #expect(whole == (try value.serialized(as: .xml)))
      } else {
        #expect(try PropertyList(bytes: whole, format: .binary).isIdentical(to: value))
      }
    }
  }

  @Test("a write that fails stops the conversion with its error")
  func failingWrite() throws {
    let json = Self.largeArray(ending: "true]")
    let diskFull = PropertyListError(.io, "no space left on device")
    for format in Self.targets {
      var calls = 0
      var stream = CallbackStream { (_) throws(PropertyListError) in
        calls += 1
        if calls == 2 { throw diskFull }
      }
      let outcome = Result { () throws(PropertyListError) in
        try PropertyListConverter(to: format, from: .json).convert(json, into: &stream)
      }
      #expect(outcome.failure == diskFull, "\(format)")
      #expect(calls == 2, "\(format): nothing is written after the failure")
    }
  }

  @Test("numbers at and beyond the integer edges, negative zero and 17-digit reals")
  func numbers() throws {
    let json = Array(
      """
      [-9223372036854775808, 18446744073709551615, 9223372036854775807, 9223372036854775808, -0, 0, -0.0, 0e0,
       18446744073709551616.0, -9223372036854775809.0, 1e308, -1.7976931348623157e308, 5e-324, 1e-400,
       0.30000000000000004, 2.2250738585072014e-308, 9007199254740993.0, 123456789.12345679, 1E2, 1e-2, -1.5E+3]
      """.utf8)
    let tree = try Self.check(json, streams: true).get()
    let expected: [PropertyList] = [
      .integer(Int64.min), .integer(UInt64.max), .integer(Int64.max), .integer(UInt64(Int64.max) + 1), .integer(0),
      .integer(0), .real(-0.0), .real(0), .real(18_446_744_073_709_551_616.0), .real(-9_223_372_036_854_775_808.0),
      .real(1e308), .real(-1.7976931348623157e308), .real(Double(bitPattern: 1)), .real(0), .real(0.30000000000000004),
      .real(2.2250738585072014e-308), .real(9_007_199_254_740_992), .real(123_456_789.12345679), .real(100),
      .real(0.01), .real(-1500),
    ]
    #expect(tree.isIdentical(to: .array(expected)))
    for text in ["1e400", "-1e400", "18446744073709551616", "-9223372036854775809", "1e99999999999"] {
      let error = try #require(Self.check(Array(text.utf8)).failure)
      #expect(error.kind == .invalidValue, "\(text)")
    }
  }

  @Test("3,000 mutated documents convert, or fail with the same error, in both paths")
  func mutatedDocuments() throws {
    let sources = [
      #"""
      {"name": "Ada \"& co\" \u00e9\ud83d\ude00", "n": -12, "r": 2.5e3, "ok": true, "no": false,
       "list": [1, [], {}, "x", 0.1, "\u0001"], "nested": {"a": {"b": [true, "é"]}}, "a": 1}
      """#,
      #"[{"k": 1, "j": {"k": 2}}, {"k": "\/", "k2": [18446744073709551615, -9223372036854775808]}, "tail"]"#,
    ]
    var read = 0
    var failed = 0
    for (index, source) in sources.enumerated() {
      for mutated in TextReaderMutationTests.mutations(
        of: Array(source.utf8), count: 1_500, seed: 0x150_3017 + UInt64(index))
      {
        switch Self.check(mutated) {
        case .success: read += 1
        case .failure: failed += 1
        }
      }
    }
    #expect(read > 100)
    #expect(failed > 1_000)
  }

  @Test("plain JSON streams to every format, typed JSON and sorted keys to none")
  func canStream() {
    for format in PropertyListFormat.allCases {
      #expect(PropertyListConverter(to: format).canStream(from: .json), "\(format)")
      let typed = PropertyListConverter(to: format, readingOptions: .init(jsonStyle: .typed))
      let sorted = PropertyListConverter(to: format, writingOptions: .init(sortedKeys: true))
      #expect(!typed.canStream(from: .json), "\(format)")
      #expect(!sorted.canStream(from: .json), "\(format)")
    }
  }

  @Test("the typed form still decodes its tags, and a lone wrapper keeps its tag-named key")
  func typedForm() throws {
    let typed = PropertyListReadingOptions(jsonStyle: .typed)
    let json = Array(
      #"""
      [{"$data": "AAEC"}, {"$uid": 3}, {"$real": 1}, {"$real": "-Infinity"}, {"$dict": {"$data": "!!"}},
       {"$data": "AAEC", "x": 1}, {"a": {"$uid": 0}}, {"$date": "2001-01-01T00:00:00Z"}]
      """#.utf8)
    let value = try PropertyList(bytes: json, format: .json, options: typed)
    let expected: PropertyList = [
      .data([0, 1, 2]), .uid(3), .real(1), .real(-.infinity), ["$data": "!!"], ["$data": "AAEC", "x": 1],
      ["a": .uid(0)], .date(PropertyListDate(secondsSinceReferenceDate: 0)),
    ]
    #expect(value.isIdentical(to: expected))
    // Read plain, the same document is read as typed, from its value; with detection off it is
    // dictionaries only, and streams.
    #expect(try Self.check(json, streams: false).get().isIdentical(to: expected))
    let plain = try Self.check(json, reading: .init(detectsTypedJSON: false), streams: true).get()
    #expect(plain.arrayValue?.allSatisfy { $0.dictionaryValue != nil } == true)
    // A tag's failure counts only once its parent shows the tag is a value.
    let wrapped = Array(#"[{"$dict": {"$data": "!!"}, "b": 1}]"#.utf8)
    #expect(
      throws: PropertyListError(
        .invalidValue, format: .json, at: .text(line: 1, column: 22), "$data is not valid base64")
    ) { _ = try PropertyList(bytes: wrapped, format: .json, options: typed) }
    // Random values written typed read back identical.
    var generator = SeededGenerator(seed: 0x7E_9ED)
    let writer = JSONPropertyListWriter(options: .init(jsonStyle: .typed, prettyPrinted: false))
    for _ in 0..<200 {
      let value = RandomPropertyList.allKinds.make(using: &generator)
      let written = try writer.write(value)
      #expect(try PropertyList(bytes: written, format: .json, options: typed).isIdentical(to: value))
    }
  }
}

extension Result {
  /// The error, if this is one.
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
