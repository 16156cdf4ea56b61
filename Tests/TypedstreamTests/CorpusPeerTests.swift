import Foundation
import Testing
import Typedstream

/// The corpus's typedstreams (a color list, Grapher documents, pre-keyed nibs) read by
/// PlistKit and by Python's `pytypedstream`: the same items, in the same order, with the same
/// values.
@Suite("Typedstreams against pytypedstream", .needsCorpus("typedstream"))
struct CorpusPeerTests {
  @Test(
    "every item of every corpus file is what pytypedstream reads",
    .enabled(if: PythonPeer.isAvailable, "needs Python's pytypedstream (.ci/run installs it)"),
    arguments: Corpus.typedstreams())
  func sameItemsAsPeer(file: String) throws {
    let archive = try TypedstreamArchive(bytes: try Corpus.bytes(file))
    let own = EventLines.of(archive)
    let output = try PythonPeer.run([PythonPeer.script("typedstream_events_peer.py"), Corpus.path(file)])
    let peer = String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
    let difference = zip(own, peer).enumerated().first { $0.element.0 != $0.element.1 }
    #expect(difference == nil, "first difference at item \(difference?.offset ?? 0)")
    #expect(own.count == peer.count)
  }

  @Test("the corpus has the five files SOURCES.tsv lists")
  func corpusFiles() {
    #expect(Corpus.typedstreams().count == 5)
  }
}
