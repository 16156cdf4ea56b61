import Foundation
import Testing

@testable import PlistKit

/// Converting XML to binary and JSON while reading it: the same value as reading the whole
/// value and writing it, the same JSON bytes, the same errors.
@Suite("XML stream conversion")
struct XMLStreamConversionTests {
  static let jsonOptions: [PropertyListWritingOptions] = [
    PropertyListWritingOptions(jsonStyle: .plain, prettyPrinted: true),
    PropertyListWritingOptions(jsonStyle: .plain, prettyPrinted: false),
    PropertyListWritingOptions(jsonStyle: .typed, prettyPrinted: true),
    PropertyListWritingOptions(jsonStyle: .typed, prettyPrinted: false),
  ]

  /// The repository's sample files that are XML.
  static let samples: [String] = {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Samples")
      .standardized.path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.sorted().map { folder + "/" + $0 }.filter { path in
      guard let data = FileManager.default.contents(atPath: path) else { return false }
      return PropertyListFormat.detect([UInt8](data)) == .xml
    }
  }()

  /// Checks every streamed form of `xml` against the value path; returns the tree value.
  @discardableResult
  static func checkAgainstTree(
    _ xml: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
  ) throws
    -> PropertyList
  {
    let tree = try PropertyList(bytes: xml, format: .xml)
    let binary = try xml.withUnsafeBytes {
      try PropertyListConverter(to: .binary, from: .xml).convert($0)
    }
    let readBack = try PropertyList(bytes: binary, format: .binary)
    #expect(readBack.isIdentical(to: tree), sourceLocation: sourceLocation)
    for options in jsonOptions {
      let expected = try JSONPropertyListWriter(options: options).write(tree)
      let streamed = try xml.withUnsafeBytes {
        try PropertyListConverter(to: .json, from: .xml, writingOptions: options).convert($0)
      }
      #expect(streamed == expected, "\(options)", sourceLocation: sourceLocation)
    }
    return tree
  }

  @Test("the XML samples convert to the value's binary form and to its exact JSON bytes")
  func samplesConvert() throws {
    #expect(Self.samples.count >= 3)
    for path in Self.samples {
      let bytes = [UInt8](FileManager.default.contents(atPath: path)!)
      try Self.checkAgainstTree(bytes)
    }
  }

  /// The next random value that XML can hold (control characters and U+FFFE cannot be
  /// written in XML 1.0), as XML.
  static func randomXML(_ settings: RandomPropertyList, _ generator: inout SeededGenerator) -> [UInt8] {
    while true {
      if let xml = try? XMLPropertyListWriter().write(settings.make(using: &generator)) { return xml }
    }
  }

  @Test("600 random values written as XML convert exactly as their values do")
  func randomValues() throws {
    var generator = SeededGenerator(seed: 0x5EED_57EA)
    for _ in 0..<600 {
      try Self.checkAgainstTree(Self.randomXML(.allKinds, &generator))
    }
  }

  @Test("extended random values, deeply nested, convert exactly as their values do")
  func extendedRandomValues() throws {
    var generator = SeededGenerator(seed: 0xDEE9_0001)
    var generatorSettings = RandomPropertyList.differential
    generatorSettings.deepNesting = 20...60
    for _ in 0..<60 {
      try Self.checkAgainstTree(Self.randomXML(generatorSettings, &generator))
    }
  }

  /// Random XML documents without UIDs, streamed to binary, with their values.
  static func streamedBinaries() throws -> (documents: [[UInt8]], values: [PropertyList]) {
    var generator = SeededGenerator(seed: 0xF0_0D)
    var kinds = RandomPropertyList.allKinds
    kinds.kinds.remove(.uid)
    var documents: [[UInt8]] = []
    var values: [PropertyList] = []
    for _ in 0..<40 {
      let xml = Self.randomXML(kinds, &generator)
      values.append(try PropertyList(bytes: xml, format: .xml))
      documents.append(try xml.withUnsafeBytes { try PropertyListConverter(to: .binary, from: .xml).convert($0) })
    }
    return (documents, values)
  }

  @Test("streamed binary reads back the same in Foundation")
  func foundationReadsStreamedBinary() throws {
    let (documents, values) = try Self.streamedBinaries()
    for (document, value) in zip(documents, values) {
      #expect(try FoundationPeer.read(document) == value)
    }
  }

  @Test(
    "streamed binary reads back the same in plistlib",
    .enabled(if: PythonPeer.isAvailable, "needs python3 with plistlib (.ci/run installs it)"))
  func plistlibReadsStreamedBinary() throws {
    let (documents, values) = try Self.streamedBinaries()
    // plistlib cannot hold every date (Python's datetime stops at year 9999): it must then
    // refuse the value writer's output too.
    let fromValues = try values.map { try BinaryPropertyListWriter().write($0) }
    let streamed = try PythonPeer.readBatch(documents)
    let written = try PythonPeer.readBatch(fromValues)
    var read = 0
    for ((stream, tree), value) in zip(zip(streamed, written), values) {
      switch (stream, tree) {
      case (.success(let streamValue), .success):
        #expect(streamValue == value)
        read += 1
      case (.failure, .failure): break
      default: Issue.record("plistlib reads one of the two binary forms only: \(stream), \(tree)")
      }
    }
    #expect(read > 20)
  }

  @Test("a CF$UID dictionary is one UID; near misses stay dictionaries")
  func uidDictionaries() throws {
    let xml = XML.document(
      """
      <array>
      <dict><key>CF$UID</key><integer>7</integer></dict>
      <dict><key>CF$UID</key><integer>-1</integer></dict>
      <dict><key>CF$UID</key><integer>7</integer><key>x</key><true/></dict>
      <dict><key>CF$UID</key><string>7</string></dict>
      <dict><key>CF$UID</key><dict><key>CF$UID</key><integer>1</integer></dict></dict>
      <dict/>
      <dict><key>$data</key><dict><key>$uid</key><integer>3</integer></dict></dict>
      </array>
      """)
    let tree = try Self.checkAgainstTree(Array(xml.utf8))
    #expect(tree.arrayValue?.first == .uid(7))
    #expect(tree.arrayValue?[1].dictionaryValue?.count == 1)
  }

  @Test("typed JSON wraps a lone tag-named key, nested and pretty, as the value writer does")
  func typedWrapping() throws {
    let xml = XML.document(
      """
      <dict><key>$date</key><dict><key>$real</key><array><dict><key>$uid</key><string>u</string></dict>\
      <integer>1</integer></array></dict><key>$data</key><string>second key: no wrapping</string></dict>
      """)
    try Self.checkAgainstTree(Array(xml.utf8))
    let alone = XML.document("<dict><key>$dict</key><dict><key>a</key><array/></dict></dict>")
    let typed = PropertyListWritingOptions(jsonStyle: .typed, prettyPrinted: true)
    let streamed = try Array(alone.utf8).withUnsafeBytes {
      try PropertyListConverter(to: .json, from: .xml, writingOptions: typed).convert($0)
    }
    #expect(
      String(decoding: streamed, as: UTF8.self)
        == "{\n  \"$dict\": {\n    \"$dict\": {\n      \"a\": []\n    }\n  }\n}\n")
  }

  @Test("typed JSON wraps nested and sibling lone tags, 300 deep, as the value writer does")
  func deepTypedWrapping() throws {
    let depth = 300
    let chain =
      String(repeating: "<dict><key>$data</key>", count: depth) + "<string>" + String(repeating: "x", count: 5_000)
      + "</string>" + String(repeating: "</dict>", count: depth)
    try Self.checkAgainstTree(Array(XML.document(chain).utf8))
    let mixed = XML.document(
      """
      <dict><key>$uid</key><array><dict><key>$real</key><integer>1</integer></dict>\
      <dict><key>$real</key><dict><key>$date</key><array/></dict><key>more</key><true/></dict>\
      <dict><key>$dict</key><dict><key>$uid</key><string>u</string></dict></dict></array>\
      <key>second</key><dict><key>$data</key><data>AAEC</data></dict></dict>
      """)
    try Self.checkAgainstTree(Array(mixed.utf8))
  }

  @Test("a repeated key keeps its first place and last value, through the value path")
  func repeatedKeys() throws {
    let xml = Array(
      XML.document("<dict><key>a</key><integer>1</integer><key>b</key><true/><key>a</key><string>x</string></dict>")
        .utf8)
    let tree = try Self.checkAgainstTree(xml)
    #expect(tree == ["a": "x", "b": true])
    // The file form cannot take back what it wrote: it says so.
    let path = try Self.temporaryFile(xml)
    defer { unlink(path) }
    var chunks = ChunkStream()
    let report = try PropertyListConverter(to: .binary).convert(.file(path), into: &chunks)
    #expect(report.fallback == .repeatedKey)
    // The stream stops at the repeated key; an error after it is still the reader's.
    let broken = Array("<plist><dict><key>a</key><true/><key>a</key><true/></dict><x/></plist>".utf8)
    let expected = try #require(XML.error(bytes: broken))
    for format in [PropertyListFormat.binary, .json] {
      #expect(throws: expected) {
        _ = try broken.withRawBytes { (buffer) throws(PropertyListError) in
          try PropertyListConverter(to: format, from: .xml).convert(buffer)
        }
      }
    }
  }

  @Test("object references are wide enough for many objects in a small document")
  func referenceWidth() throws {
    let body = (0..<70_000).map { "<integer>\($0)</integer>" }.joined()
    try Self.checkAgainstTree(Array(XML.document("<array>" + body + "</array>").utf8))
    let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><plist><array>" + body + "</array></plist>"
    var utf16: [UInt8] = [0xFE, 0xFF]
    for unit in text.utf16 { utf16 += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
    #expect(try PropertyList(bytes: utf16, format: .xml).arrayValue?.count == 70_000)
    try Self.checkAgainstTree(utf16)
  }

  @Test("values repeated after megabytes of others are shared, as the value path shares them")
  func sharingAcrossKeptCopies() throws {
    // 30,000 distinct strings of about 60 bytes (more than one chunk of the writer's copies,
    // and more than one batch of its table), then each again in reverse, then distinct reals
    // and dates, then all once more: every repeat must name the first object.
    let strings = (0..<30_000).map { "<string>\($0) \(String(repeating: "é", count: 25 + $0 % 9))</string>" }
    let reals = (0..<5_000).map { "<real>\(Double($0) / 7)</real><date>2001-01-01T00:00:\(10 + $0 % 40)Z</date>" }
    let body = strings.joined() + strings.reversed().joined() + reals.joined() + strings.joined() + reals.joined()
    let xml = Array(XML.document("<array>" + body + "</array>").utf8)
    let tree = try Self.checkAgainstTree(xml)
    let binary = try xml.withUnsafeBytes { try PropertyListConverter(to: .binary, from: .xml).convert($0) }
    let trailer = Array(binary.suffix(32))
    let objectCount = trailer[8..<16].reduce(0) { $0 << 8 | Int($1) }
    // The distinct strings, 5,000 distinct reals, the 40 distinct dates, and the array.
    #expect(objectCount == 30_000 + 5_000 + 40 + 1)
    #expect(tree.arrayValue?.count == 110_000)
  }

  @Test("UTF-32 read from a file in chunks converts as from memory", arguments: [false, true])
  func utf32Descriptor(bigEndian: Bool) throws {
    let items = (0..<3_000).map { "<string>\($0) é 😀 \(String(repeating: "x", count: $0 % 7))</string>" }
    let bytes = XML.utf32("<plist><array>" + items.joined() + "</array></plist>", bigEndian: bigEndian)
    #expect(bytes.count > 1 << 18)
    let path = try Self.temporaryFile(bytes)
    defer { unlink(path) }
    var stream = ChunkStream()
    let converted = try PropertyListConverter(to: .json).convert(.file(path), into: &stream).fallback == nil
    let chunks = stream.parts
    #expect(converted)
    let value = try PropertyList(bytes: bytes)
    #expect(value.arrayValue?.count == 3_000)
    #expect(Array(chunks.joined()) == (try value.serialized(as: .json)))
  }

  @Test("reading from a file in chunks gives the same output as from memory")
  func descriptorInput() throws {
    var generator = SeededGenerator(seed: 0xC4_0C4)
    var items = try (0..<3_000).map { _ in try PropertyList(bytes: Self.randomXML(.allKinds, &generator)) }
    items += (0..<2_000).map { .string("\($0) " + String(repeating: "stream ", count: 90)) }
    let xml = try XMLPropertyListWriter().write(.array(items))
    #expect(xml.count > 1 << 20)
    let path = try Self.temporaryFile(xml)
    defer { unlink(path) }
    for format in [PropertyListFormat.binary, .json] {
      var stream = ChunkStream()
      let converted = try PropertyListConverter(to: format).convert(.file(path), into: &stream).fallback == nil
      let chunks = stream.parts
      #expect(converted)
      #expect(chunks.count > 1)
      let expected = try xml.withUnsafeBytes { try PropertyListConverter(to: format, from: .xml).convert($0) }
      #expect(Array(chunks.joined()) == expected)
    }
  }

  @Test("errors are the reader's: kind, line:column and message", arguments: XMLReaderErrorTests.cases)
  func errorsMatch(document: String, expected: String) throws {
    let bytes = Array(document.utf8)
    let expected = try #require(XML.error(document))
    for format in [PropertyListFormat.binary, .json] {
      let error = bytes.withUnsafeBytes { buffer in
        Result { () throws(PropertyListError) in try PropertyListConverter(to: format, from: .xml).convert(buffer) }
      }
      #expect(throws: expected) { try error.get() }
    }
  }

  @Test("hostile documents fail with the reader's errors, from memory and from a file")
  func hostileDocuments() throws {
    let limits = PropertyListLimits(maximumDepth: 8, maximumObjectCount: 50, maximumDecodedSize: 64)
    let documents = [
      "<!DOCTYPE p [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;&a;\">]><plist><string>&b;</string></plist>",
      "<!DOCTYPE p [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><plist><string>&x;</string></plist>",
      String(repeating: "<array>", count: 9) + String(repeating: "</array>", count: 9),
      "<plist><array>" + String(repeating: "<true/>", count: 51) + "</array></plist>",
      "<plist><string>" + String(repeating: "x", count: 65) + "</string></plist>",
      "<plist><data>" + String(repeating: "QUJD", count: 30) + "</data></plist>",
      "<plist><dict><key>a</key></dict></plist>",
      "   \n  ",
      "<plist><array><integer>1</integer>",
      "\u{FEFF}<plist><real>1.5.5</real></plist>",
    ]
    let reading = PropertyListReadingOptions(limits: limits)
    for document in documents {
      let bytes = Array(document.utf8)
      let expected = try #require(XML.error(bytes: bytes, limits: limits), "\(document)")
      let path = try Self.temporaryFile(bytes)
      defer { unlink(path) }
      for format in [PropertyListFormat.binary, .json] {
        let converter = PropertyListConverter(to: format, from: .xml, readingOptions: reading)
        #expect(throws: expected) { _ = try converter.convert(bytes) }
        var stream = ChunkStream()
        #expect(throws: expected) {
          do throws(PropertyListConverter.Failure) {
            try converter.convert(.file(path), into: &stream)
          } catch {
            throw error.error
          }
        }
      }
    }
  }

  @Test("2,000 mutated documents read, or fail with the same error, in both paths")
  func mutatedDocuments() throws {
    let source = Array(
      XML.document(
        """
        <dict><key>name</key><string>Ada &amp; co</string><key>n</key><integer>-12</integer>\
        <key>r</key><real>2.5</real><key>when</key><date>2001-01-01T00:00:00Z</date>\
        <key>d</key><data>AAEC</data><key>ok</key><true/><key>u</key><dict><key>CF$UID</key>\
        <integer>3</integer></dict><key>$data</key><array><string>x</string><false/></array></dict>
        """
      ).utf8)
    var read = 0
    for mutated in TextReaderMutationTests.mutations(of: source, count: 2_000, seed: 0x57_12EA) {
      let tree = Result { () throws(PropertyListError) in try PropertyList(bytes: mutated, format: .xml) }
      for format in [PropertyListFormat.binary, .json] {
        let streamed = mutated.withUnsafeBytes { buffer in
          Result { () throws(PropertyListError) in try PropertyListConverter(to: format, from: .xml).convert(buffer) }
        }
        switch (tree, streamed) {
        case (.success(let value), .success(let bytes)):
          if format == .json {
            #expect(bytes == (try JSONPropertyListWriter().write(value)))
          } else {
            #expect(try PropertyList(bytes: bytes, format: .binary).isIdentical(to: value))
          }
          read += 1
        case (.failure(let expected), .failure(let error)):
          #expect(error == expected)
        default:
          Issue.record("one path read \(String(decoding: mutated, as: UTF8.self)) and the other did not")
        }
      }
    }
    #expect(read > 100)
  }

  static func temporaryFile(_ bytes: [UInt8]) throws -> String {
    let path = NSTemporaryDirectory() + "/plistkit-stream-\(UUID().uuidString).xml"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }
}
