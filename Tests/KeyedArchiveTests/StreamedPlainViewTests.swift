import Foundation
import KeyedArchive
import PlistKit
import Testing

/// The plain view written straight from a binary archive's object table: the same bytes as
/// serializing ``ObjectGraph/plainView(options:limits:)``, or nil wherever that way cannot
/// give them (the caller then takes the value's way, which has the output or the error).
@Suite("Plain view written from a binary archive")
struct StreamedPlainViewTests {
  private static let targets: [(PropertyListFormat, PropertyListWritingOptions)] = [
    (.json, PropertyListWritingOptions(jsonStyle: .plain)), (.json, PropertyListWritingOptions(jsonStyle: .typed)),
    (.xml, .default), (.openStep, .default),
  ]

  /// The streamed output of `bytes` as `format`, whole, or in chunks when `chunked`.
  private func streamed(
    _ bytes: [UInt8], as format: PropertyListFormat, _ writing: PropertyListWritingOptions,
    options: PlainViewOptions = .default, chunked: Bool = false
  ) -> [UInt8]? {
    let converter = PropertyListConverter(to: format, writingOptions: writing)
    return bytes.withUnsafeBytes { buffer in
      guard chunked else {
        return ObjectGraph.writePlainView(
          ofBinaryArchive: buffer, fileName: nil, options: options, with: converter, to: nil)
      }
      var chunks: [UInt8] = []
      guard
        let rest = ObjectGraph.writePlainView(
          ofBinaryArchive: buffer, fileName: nil, options: options, with: converter,
          to: { (chunk) throws(PropertyListError) in chunks.append(contentsOf: chunk) })
      else { return nil }
      return chunks + rest
    }
  }

  /// The value's way: the graph's plain view, serialized; nil where it throws.
  private func fromValue(
    _ archive: PropertyList, as format: PropertyListFormat, _ writing: PropertyListWritingOptions,
    options: PlainViewOptions = .default
  ) -> [UInt8]? {
    guard let plain = try? ObjectGraph(archive: archive).plainView(options: options) else { return nil }
    return try? plain.serialized(as: format, options: writing)
  }

  /// Checks every target: streamed output equals the value's, and is there for every target
  /// in `streams` (a nil elsewhere is a fallback, which must also be nil for a value's error).
  private func check(
    _ archive: PropertyList, streams: Set<String> = ["json plain", "json typed", "xml"],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let bytes = try archive.serialized(as: .binary)
    for options in [PlainViewOptions(), PlainViewOptions(includesClassNames: false)] {
      for (format, writing) in Self.targets {
        let name = format == .json ? "json \(writing.jsonStyle)" : format.rawValue
        let expected = fromValue(archive, as: format, writing, options: options)
        let found = streamed(bytes, as: format, writing, options: options)
        if streams.contains(name) {
          #expect(found != nil, "\(name) was not streamed", sourceLocation: sourceLocation)
        }
        if let found { #expect(found == expected, "\(name)", sourceLocation: sourceLocation) }
        if expected == nil { #expect(found == nil, "\(name)", sourceLocation: sourceLocation) }
      }
    }
  }

  @Test("the book's Presidents archive, whole and in chunks")
  func presidents() throws {
    let archive = try Samples.presidentsArchive()
    try check(archive)
    let bytes = try archive.serialized(as: .binary)
    let json = PropertyListWritingOptions(jsonStyle: .plain)
    #expect(streamed(bytes, as: .json, json, chunked: true) == fromValue(archive, as: .json, json))
  }

  @Test("Foundation's own archives (swift-corelibs-foundation test files)", .needsCorpus("apple-archives"))
  func appleArchives() throws {
    for name in [
      "NSCountedSet-NumbersAppearingSeveralTimes.archive", "NSIndexSet-ManyRanges.archive",
      "NSKeyedUnarchiver-ComplexTest.plist", "NSKeyedUnarchiver-OrderedSetTest.plist", "NSOrderedSet-Numbers.archive",
    ] {
      try check(try PropertyList(bytes: Corpus.appleArchive(name)), streams: [])
    }
  }

  @Test("random graphs of Foundation's classes, shared references included", arguments: 0..<40)
  func randomGraphs(index: Int) throws {
    var objects = FoundationObjects()
    let bytes = FoundationArchives.archive(objects.make(DifferentialGraphs.graph(index)))
    try check(try PropertyList(bytes: bytes), streams: ["json typed", "xml"])
  }

  @Test("the class views: colours, fonts, attributed strings, values, decimals, … written field by field")
  func classViews() throws {
    for archive in ClassArchives.all { try check(archive) }
  }

  @Test("the class views of archives Foundation writes: attributed strings, values, index sets, time zones")
  func foundationClassViews() throws {
    let text = FoundationArchives.helloWorld()
    let ranges = NSMutableIndexSet(indexesIn: NSRange(location: 2, length: 3))
    ranges.add(10)
    let objects: [Any] = [
      text, NSValue(rect: NSRect(x: 1, y: 2, width: 3, height: 4)), NSValue(range: NSRange(location: 3, length: 4)),
      ranges, NSTimeZone(name: "Europe/Paris")!, NSLocale(localeIdentifier: "fr_FR"),
    ]
    for object in objects { try check(try PropertyList(bytes: FoundationArchives.archive(object))) }
    try check(try PropertyList(bytes: FoundationArchives.archive(NSArray(array: objects))))
  }

  @Test("random Foundation graphs of class-view objects, shared as attribute values and members", arguments: 0..<24)
  func randomClassViewGraphs(seed: Int) throws {
    var random = ClassViewGraphs(seed: UInt64(seed))
    let archive = try PropertyList(bytes: FoundationArchives.archive(random.graph()))
    try check(archive, streams: ["json typed", "xml"])
    // Every object of a class with a view is shown by its view: no generic form is left.
    let json = String(decoding: try ObjectGraph(archive: archive).plainView().serialized(as: .json), as: UTF8.self)
    #expect(!json.contains("\"$class\""), "seed \(seed)")
  }

  @Test("a cycle becomes the same marker, and an object shared in two places is written at each")
  func cycleAndSharing() throws {
    let archive = Samples.archive(objects: [
      "$null", ["$class": .uid(2), "next": .uid(1), "other": .uid(3), "again": .uid(3)],
      Samples.classDictionary("Node", "NSObject"), "shared text",
    ])
    try check(archive)
  }

  @Test("an NSDictionary whose keys show as the same text is left to the value (first place, last value)")
  func repeatedKeyText() throws {
    let archive = Samples.archive(objects: [
      "$null", ["$class": .uid(2), "NS.keys": [.uid(3), .uid(4)], "NS.objects": [.uid(5), .uid(6)]],
      Samples.classDictionary("NSDictionary", "NSObject"), "1", 1, "first", "second",
    ])
    let bytes = try archive.serialized(as: .binary)
    let json = PropertyListWritingOptions(jsonStyle: .plain)
    #expect(streamed(bytes, as: .json, json) == nil)
    #expect(try ObjectGraph(archive: archive).plainView() == ["1": "second"])
    #expect(fromValue(archive, as: .json, json) != nil)
  }

  @Test("broken archives, a sharing bomb and an object left out of the view are left to the value")
  func leftToTheValue() throws {
    let broken: [PropertyList] = [
      Samples.archive(objects: [
        "$null", ["$class": .uid(2), "NS.objects": [.uid(9)]], Samples.classDictionary("NSArray"),
      ]),
      Samples.archive(objects: ["$null", ["$class": .uid(2)], "NSArray"]),
      Samples.archive(objects: ["nope", "text"]),
      // Unreachable from $top, and still the graph's error.
      Samples.archive(objects: ["$null", "root", ["no class": 1]]),
      ["$archiver": "NSKeyedArchiver", "$version": 100000, "$objects": ["$null"]],
      ["plain": "dictionary"],
      Samples.sharingBombArchive(levels: 40),
      ClassArchives.attributedStringBomb(levels: 60),
    ]
    for archive in broken {
      let bytes = try archive.serialized(as: .binary)
      #expect(fromValue(archive, as: .json, .default) == nil)
      #expect(streamed(bytes, as: .json, .default) == nil)
    }
  }

  @Test("input that is not a binary plist, and binary output, are left to the value")
  func notStreamed() throws {
    let archive = try Samples.presidentsArchive()
    #expect(streamed(try archive.serialized(as: .xml), as: .json, .default) == nil)
    #expect(streamed(try archive.serialized(as: .binary), as: .binary, .default) == nil)
    let truncated = Array(try archive.serialized(as: .binary).dropLast(3))
    #expect(streamed(truncated, as: .json, .default) == nil)
  }
}
