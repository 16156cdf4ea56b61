import Foundation
import Testing

@testable import PlistKit

/// `PropertyListConverter`: what it decides (stream or value, and why), and that either way the
/// result is the value path's, for every pair of formats.
@Suite("Converter")
struct ConverterTests {
  /// What reading the value and writing it gives.
  static func valuePath(
    _ bytes: [UInt8], from source: PropertyListFormat, to target: PropertyListFormat,
    reading: PropertyListReadingOptions = .default, writing: PropertyListWritingOptions = .default
  ) -> Result<[UInt8], PropertyListError> {
    Result { () throws(PropertyListError) in
      try PropertyList(bytes: bytes, format: source, options: reading).serialized(as: target, options: writing)
    }
  }

  /// The converter's report and output for `bytes`, in memory.
  static func report(
    _ bytes: [UInt8], _ converter: PropertyListConverter
  ) throws(PropertyListError) -> (report: PropertyListConverter.Report, output: [UInt8]) {
    var output: [UInt8] = []
    let report = try converter.convert(bytes, into: &output)
    return (report, output)
  }

  static func temporaryPath(_ name: String) -> String {
    NSTemporaryDirectory() + "/plistkit-converter-\(UUID().uuidString)-" + name
  }

  // MARK: - Decisions

  @Test("what streams: text output from any input, binary output from XML and plain JSON")
  func streamablePairs() throws {
    let value: PropertyList = ["name": "Ada", "list": [1, 2.5, true, .data([1, 2])], "empty": [:]]
    for source in PropertyListFormat.allCases {
      let options = PropertyListWritingOptions(openStepWritesGNUstepScalars: source == .openStep)
      let input = try value.serialized(as: source, options: options)
      for target in PropertyListFormat.allCases {
        let converter = PropertyListConverter(
          to: target, writingOptions: PropertyListWritingOptions(openStepWritesGNUstepScalars: true))
        let (report, output) = try Self.report(input, converter)
        #expect(report.sourceFormat == source)
        let streams = target != .binary || source == .xml || source == .json
        #expect(report.fallback == (streams ? nil : .notStreamable), "\(source) to \(target)")
        let expected = try Self.valuePath(
          input, from: source, to: target, writing: converter.writingOptions
        ).get()
        if target == .binary {
          #expect(try PropertyList(bytes: output, format: .binary).isIdentical(to: PropertyList(bytes: expected)))
        } else {
          #expect(output == expected, "\(source) to \(target)")
        }
      }
    }
  }

  @Test("what never streams: sorted keys, typed JSON input, binary output when it is not wanted")
  func notStreamable() throws {
    let json = Array(#"{"b": 1, "a": [true]}"#.utf8)
    var sorted = PropertyListConverter(to: .xml, writingOptions: PropertyListWritingOptions(sortedKeys: true))
    #expect(try Self.report(json, sorted).report.fallback == .notStreamable)
    sorted.target = .binary
    #expect(try Self.report(json, sorted).report.fallback == .notStreamable)
    let typed = PropertyListConverter(to: .xml, readingOptions: PropertyListReadingOptions(jsonStyle: .typed))
    #expect(try Self.report(json, typed).report == .init(sourceFormat: .json, fallback: .notStreamable))
    var valueLayout = PropertyListConverter(to: .binary)
    valueLayout.streamsBinaryOutput = false
    let (report, output) = try Self.report(json, valueLayout)
    #expect(report.fallback == .notStreamable)
    #expect(output == (try Self.valuePath(json, from: .json, to: .binary).get()))
  }

  @Test("plain JSON with a key that names a typed tag falls back, and is read as typed JSON")
  func typedJSONKey() throws {
    let json = Array(#"{"u": {"$uid": 7}, "n": 1}"#.utf8)
    let (report, output) = try Self.report(json, PropertyListConverter(to: .binary))
    #expect(report == .init(sourceFormat: .json, fallback: .typedJSON))
    #expect(try PropertyList(bytes: output) == ["u": .uid(7), "n": 1])
    let off = PropertyListConverter(to: .binary, readingOptions: PropertyListReadingOptions(detectsTypedJSON: false))
    let (plainReport, plainOutput) = try Self.report(json, off)
    #expect(plainReport.fallback == nil)
    #expect(try PropertyList(bytes: plainOutput) == ["u": ["$uid": 7], "n": 1])
  }

  @Test("a repeated key falls back, and the value keeps its first place and last value")
  func repeatedKey() throws {
    let xml = try XMLPropertyListWriter().write(["a": 1])
    let repeated = Array(
      String(decoding: xml, as: UTF8.self).replacingOccurrences(
        of: "<integer>1</integer>",
        with: "<integer>1</integer>\n\t<key>b</key>\n\t<true/>\n\t<key>a</key>\n\t<string>x</string>"
      ).utf8)
    for target in PropertyListFormat.allCases where target != .openStep {
      let (report, output) = try Self.report(repeated, PropertyListConverter(to: target))
      #expect(report.fallback == .repeatedKey, "\(target)")
      #expect(output == (try Self.valuePath(repeated, from: .xml, to: target).get()), "\(target)")
    }
  }

  @Test("a container a binary plist shares falls back for text output")
  func sharedContainer() throws {
    // An array referenced twice from the top array: ( (1), (1) ).
    let shared = BinaryPlistBuilder([[0xA2, 1, 1], [0xA1, 2], [0x10, 1]]).bytes
    for target in [PropertyListFormat.xml, .json, .openStep] {
      let converter = PropertyListConverter(
        to: target, writingOptions: PropertyListWritingOptions(openStepStringifiesScalars: true))
      let (report, output) = try Self.report(shared, converter)
      #expect(report.fallback == .sharedContainer, "\(target)")
      let expected = try Self.valuePath(shared, from: .binary, to: target, writing: converter.writingOptions).get()
      #expect(output == expected)
    }
  }

  @Test("a value the target cannot hold falls back, and the error is the value writer's, at its key path")
  func unwritableValue() throws {
    let cases: [(input: [UInt8], target: PropertyListFormat)] = [
      (Array(#"{"a": ["\u0001"]}"#.utf8), .xml),
      (
        try (["d": .date(PropertyListDate(secondsSinceReferenceDate: 1e18))] as PropertyList).serialized(as: .binary),
        .json
      ),
      (try (["u": .uid(3)] as PropertyList).serialized(as: .binary), .openStep),
      (try (["n": 1] as PropertyList).serialized(as: .xml), .openStep),
    ]
    for (input, target) in cases {
      let converter = PropertyListConverter(to: target)
      let source = PropertyListFormat.detect(input)!
      let expected = try #require(Self.valuePath(input, from: source, to: target).failure)
      #expect(expected.kind == .notRepresentable)
      var stream = ChunkStream()
      #expect(throws: expected) { try converter.convert(input, into: &stream) }
      #expect(stream.restarts == 1, "\(source) to \(target): the stream was restarted for the value path")
    }
  }

  @Test("more values than the written-value limit fall back to the value writer's check")
  func writtenValueLimit() throws {
    let json = Array("[1, 2, 3]".utf8)
    let converter = PropertyListConverter(
      to: .xml, writingOptions: PropertyListWritingOptions(maximumWrittenValueCount: 3))
    var stream = ChunkStream()
    let expected = try #require(
      Self.valuePath(json, from: .json, to: .xml, writing: converter.writingOptions).failure)
    #expect(expected.kind == .limitExceeded)
    #expect(throws: expected) { try converter.convert(json, into: &stream) }
    #expect(stream.restarts == 1)
    let enough = PropertyListConverter(
      to: .xml, writingOptions: PropertyListWritingOptions(maximumWrittenValueCount: 4))
    #expect(try Self.report(json, enough).report.fallback == nil)
  }

  @Test("the input's errors are the reader's, streamed or not, and nothing is written")
  func inputErrors() throws {
    let broken = Array("<plist><array><integer>1</integer><string>x</array></plist>".utf8)
    let expected = try #require(Result { () throws(PropertyListError) in try PropertyList(bytes: broken) }.failure)
    for target in PropertyListFormat.allCases {
      var stream = ChunkStream()
      #expect(throws: expected) { try PropertyListConverter(to: target).convert(broken, into: &stream) }
      #expect(stream.parts.isEmpty, "\(target)")
    }
  }

  // MARK: - Files

  @Test("an XML file streams in chunks into a file; a broken one leaves the target alone")
  func fileToFile() throws {
    let source = Self.temporaryPath("in.plist")
    let target = Self.temporaryPath("out.json")
    defer {
      unlink(source)
      unlink(target)
    }
    let value: PropertyList = .array((0..<20_000).map { .string("item \($0)") })
    try value.write(to: source, as: .xml)
    let report = try PropertyListConverter(to: .json).convert(.file(source), toFile: target)
    #expect(report == .init(sourceFormat: .xml, fallback: nil))
    #expect(try PropertyList.read(path: target).value == value)
    // Broken after a megabyte of output: the old target stays, no temporary file is left.
    let broken = try XMLPropertyListWriter().write(value).dropLast(20) + Array("<junk/>".utf8)
    try PropertyListFile.writeAtomically(Array(broken), to: source)
    let before = try PropertyListFile.read(path: target)
    #expect(throws: PropertyListConverter.Failure.self) {
      try PropertyListConverter(to: .json).convert(.file(source), toFile: target)
    }
    #expect(try PropertyListFile.read(path: target) == before)
    let folder = (target as NSString).deletingLastPathComponent
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".plistkit-") }
    #expect(leftovers.filter { $0.contains((target as NSString).lastPathComponent) }.isEmpty)
  }

  @Test("a file that repeats a key falls back, and the file gets the value path's output")
  func fileFallback() throws {
    let source = Self.temporaryPath("in.plist")
    let target = Self.temporaryPath("out.plist")
    defer {
      unlink(source)
      unlink(target)
    }
    let xml = Array(XML.document("<dict><key>a</key><true/><key>a</key><false/></dict>").utf8)
    try PropertyListFile.writeAtomically(xml, to: source)
    let report = try PropertyListConverter(to: .binary).convert(.file(source), toFile: target)
    #expect(report == .init(sourceFormat: .xml, fallback: .repeatedKey))
    #expect(try PropertyListFile.read(path: target) == (try Self.valuePath(xml, from: .xml, to: .binary).get()))
  }

  @Test("an output that cannot be written falls back, so the input's error comes first")
  func outputFailure() throws {
    let source = Self.temporaryPath("in.plist")
    defer { unlink(source) }
    let folder = Self.temporaryPath("missing") + "/out.json"
    try PropertyListFile.writeAtomically(Array(XML.document("<array><true/></array>").utf8), to: source)
    #expect {
      try PropertyListConverter(to: .json).convert(.file(source), toFile: folder)
    } throws: { error in
      guard case .output(let error) = error as? PropertyListConverter.Failure else { return false }
      return error.kind == .io && error.file == folder
    }
    try PropertyListFile.writeAtomically(Array("<plist><array>".utf8), to: source)
    #expect {
      try PropertyListConverter(to: .json).convert(.file(source), toFile: folder)
    } throws: { error in
      guard case .input(let error) = error as? PropertyListConverter.Failure else { return false }
      return error.kind == .unexpectedEnd
    }
  }

  @Test("a missing input and an input over the limit are the input's errors")
  func inputFileErrors() throws {
    let missing = Self.temporaryPath("missing.plist")
    var output: [UInt8] = []
    #expect {
      try PropertyListConverter(to: .json).convert(.file(missing), into: &output)
    } throws: { error in
      guard case .input(let error) = error as? PropertyListConverter.Failure else { return false }
      // The path is the error's file, which its description names first.
      return error.kind == .io && error.file == missing && error.message.hasPrefix("cannot open: ")
        && error.description.hasPrefix("\(missing): cannot open: ")
    }
    let source = Self.temporaryPath("big.plist")
    defer { unlink(source) }
    try PropertyListFile.writeAtomically(Array(XML.document("<array><true/></array>").utf8), to: source)
    let small = PropertyListReadingOptions(limits: PropertyListLimits(maximumInputSize: 10))
    #expect {
      try PropertyListConverter(to: .json, readingOptions: small).convert(.file(source), into: &output)
    } throws: { error in
      guard case .input(let error) = error as? PropertyListConverter.Failure else { return false }
      return error.kind == .limitExceeded && error.message.hasPrefix("\(source) is ")
    }
  }

  @Test("a .json file is read as JSON, and gets JSON's error, unless it is binary or XML")
  func jsonFileName() throws {
    let path = Self.temporaryPath("settings.json")
    defer { unlink(path) }
    for text in ["abc", #""\UA66D""#, ""] {
      try PropertyListFile.writeAtomically(Array(text.utf8), to: path)
      let expected = try #require(
        Result { () throws(PropertyListError) in try PropertyList(bytes: Array(text.utf8), format: .json) }.failure)
      #expect(throws: expected) { try PropertyList.read(path: path) }
      var output: [UInt8] = []
      #expect(throws: PropertyListConverter.Failure.input(expected)) {
        try PropertyListConverter(to: .xml).convert(.file(path), into: &output)
      }
    }
    // The content still wins for the binary and XML forms, and --from for anything.
    try PropertyList.array(["x"]).write(to: path, as: .binary)
    #expect(try PropertyList.read(path: path).format == .binary)
    try PropertyListFile.writeAtomically(Array("abc".utf8), to: path)
    #expect(try PropertyList.read(path: path, format: .openStep).value == "abc")
  }

  @Test("reading and writing a path keeps the value and says the format")
  func readAndWritePath() throws {
    let path = Self.temporaryPath("values.plist")
    defer { unlink(path) }
    let value: PropertyList = ["when": .date(PropertyListDate(secondsSinceReferenceDate: 0)), "n": 42]
    for format in [PropertyListFormat.xml, .binary] {
      try value.write(to: path, as: format)
      let read = try PropertyList.read(path: path)
      #expect(read.format == format)
      #expect(read.value.isIdentical(to: value))
    }
    #expect(throws: PropertyListError.self) { try value.write(to: path, as: .openStep) }
    #expect(try PropertyList.read(path: path).format == .binary, "a failed write leaves the file as it was")
  }

  // MARK: - Random values

  @Test("400 random values convert between every pair of formats as their values do")
  func randomValues() throws {
    var generator = SeededGenerator(seed: 0xC0_17E8)
    var streamedCount = 0
    for _ in 0..<400 {
      let value = RandomPropertyList.allKinds.make(using: &generator)
      for source in PropertyListFormat.allCases {
        let sourceOptions = PropertyListWritingOptions(
          jsonStyle: .plain, prettyPrinted: Bool.random(using: &generator), openStepWritesGNUstepScalars: true)
        guard let input = try? value.serialized(as: source, options: sourceOptions) else { continue }
        for target in PropertyListFormat.allCases {
          let writing = PropertyListWritingOptions(
            jsonStyle: Bool.random(using: &generator) ? .typed : .plain, prettyPrinted: Bool.random(using: &generator),
            openStepStringifiesScalars: true)
          let converter = PropertyListConverter(to: target, from: source, writingOptions: writing)
          let expected = Self.valuePath(input, from: source, to: target, writing: writing)
          var output: [UInt8] = []
          let outcome = Result { () throws(PropertyListError) in try converter.convert(input, into: &output) }
          switch (outcome, expected) {
          case (.success(let report), .success(let bytes)):
            if report.fallback == nil { streamedCount += 1 }
            if target == .binary {
              #expect(try PropertyList(bytes: output).isIdentical(to: PropertyList(bytes: bytes)))
            } else {
              #expect(output == bytes, "\(source) to \(target)")
            }
          case (.failure(let error), .failure(let expectedError)):
            #expect(error == expectedError, "\(source) to \(target)")
          default:
            Issue.record("\(source) to \(target): \(outcome) against \(expected)")
          }
        }
      }
    }
    #expect(streamedCount > 3_000)
  }
}

extension Result {
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
