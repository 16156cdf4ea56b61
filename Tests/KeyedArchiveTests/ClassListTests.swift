import Foundation
import KeyedArchive
import PlistKit
import Testing

/// Class dictionaries with `$classname` and no `$classes`, as iMessage's payloads hold them: they
/// read, show and validate like any other, and are written back as they were, without a chain.
@Suite("Class dictionaries without $classes")
struct ClassListTests {
  /// A link preview as iMessage archives it: the objects' classes name themselves only.
  static let richLink: PropertyList = [
    "$archiver": "NSKeyedArchiver", "$version": 100_000, "$top": ["root": .uid(1)],
    "$objects": [
      "$null", ["$class": .uid(2), "title": .uid(3), "URL": .uid(4)], ["$classname": "RichLink"], "Hello",
      ["$class": .uid(5), "NS.relative": .uid(6), "NS.base": .uid(0)],
      ["$classname": "NSURL", "$classes": ["NSURL", "NSObject"]], "https://example.com/",
    ],
  ]

  @Test("the graph reads it, its plain view shows the class, and the validator finds nothing")
  func reads() throws {
    let graph = try ObjectGraph(archive: Self.richLink)
    #expect(
      try graph.plainView() == ["$class": "RichLink", "title": "Hello", "URL": "https://example.com/"])
    #expect(ArchiveValidator().validate(Self.richLink).isEmpty)
  }

  @Test("archived again and through the graph form, no $classes is added")
  func writesBack() throws {
    let graph = try ObjectGraph(archive: Self.richLink)
    for rebuilt in [graph, try ObjectGraph(graphForm: graph.graphForm())] {
      let archived = try rebuilt.archivedPropertyList()
      let classDictionaries = (archived["$objects"]?.arrayValue ?? []).filter { $0["$classname"] != nil }
      #expect(
        classDictionaries == [
          ["$classes": ["NSURL", "NSObject"], "$classname": "NSURL"], ["$classname": "RichLink"],
        ])
      #expect(try ObjectGraph(archive: archived).isEquivalent(to: graph))
    }
  }

  @Test("an empty $classes is still reported")
  func emptyChain() {
    var archive = Self.richLink
    archive["$objects"]?[2] = ["$classname": "RichLink", "$classes": []]
    #expect(
      ArchiveValidator().validate(archive).map(\.description) == [
        "$objects.2.$classes: expected at least one class name"
      ])
  }

  @Test("iMessage's payloads in the corpus read, and archive back to the same graph", .needsCorpus("keyed-archives"))
  func iMessagePayloads() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Corpus.path("keyed-archives"))
      .filter { $0.hasPrefix("ReagentX+imessage-exporter") }.sorted()
    #expect(names.count == 6)
    var withoutChain = 0
    for name in names {
      let archive = try PropertyList(bytes: Corpus.bytes("keyed-archives/" + name))
      let graph = try ObjectGraph(archive: archive)
      _ = try graph.plainView()
      #expect(ArchiveValidator().validate(archive).isEmpty, "\(name)")
      let again = try ObjectGraph(archive: graph.archivedPropertyList())
      #expect(again.isEquivalent(to: graph), "\(name)")
      for case .dictionary(let object) in archive["$objects"]?.arrayValue ?? []
      where object["$classname"] != nil && object["$classes"] == nil {
        withoutChain += 1
      }
    }
    #expect(withoutChain > 0)
  }
}
