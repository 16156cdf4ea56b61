import DocumentLayouts
import Foundation
import PlistDocument
import PlistKit
import Testing

/// Document edits are value edits, on documents in every legal layout: random values written
/// by ``RandomLayout`` (open/close and comment-only empty containers, comments and processing
/// instructions between entries, CRLF, one-line and multi-line containers, quoted and bare
/// OpenStep strings, `.strings` files, byte-order marks and UTF-16), then random edits (set,
/// insert, remove, move, rename, negative indices). No crash, the same value or the same error
/// as the value's edit, and no byte changed outside the edit's lines.
///
/// Seeded: `PLISTKIT_LAYOUT_SEED` explores another seed, `PLISTKIT_LAYOUT_CASES` runs more
/// cases; a failure prints the seed and case that replay it. `Fuzz/run.sh layout` runs the same
/// property with libFuzzer choosing the layouts.
@Suite("Edits on random layouts")
struct LayoutEditPropertyTests {
  static let seed = ProcessInfo.processInfo.environment["PLISTKIT_LAYOUT_SEED"].flatMap { UInt64($0) } ?? 0x1A70_0715
  static let cases = ProcessInfo.processInfo.environment["PLISTKIT_LAYOUT_CASES"].flatMap { Int($0) } ?? 600
  static let editsPerCase = 8

  @Test(arguments: DocumentLayoutKind.allCases)
  func documentEditsMatchValueEdits(kind: DocumentLayoutKind) {
    var failures = 0
    for index in 0..<Self.cases {
      // One generator per case, so that a failing case replays alone.
      let caseSeed = Self.seed &+ UInt64(index) &* 0x9E37_79B9 ^ UInt64(kind.rawValue.utf8.count) << 56
      var source = SeededGenerator(seed: caseSeed)
      if let failure = LayoutEditRun.run(kind, edits: Self.editsPerCase, source: &source) {
        Issue.record("seed \(Self.seed) case \(index) (case seed \(caseSeed)): \(failure)")
        failures += 1
        if failures >= 3 { return }
      }
    }
  }

  /// The inputs `Fuzz/run.sh layout` found (`Tests/Fixtures/Fuzz/layout-*`), replayed as the
  /// fuzz target replays them.
  static let fuzzInputs: [String] = {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/Fuzz")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasPrefix("layout-") }.sorted().map { folder.appendingPathComponent($0).path }
  }()

  @Test(arguments: fuzzInputs)
  func fuzzFindingsStayFixed(path: String) throws {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    let kinds = DocumentLayoutKind.allCases
    var source = ByteStreamGenerator(bytes: Array(bytes.dropFirst()))
    let failure = LayoutEditRun.run(kinds[Int(bytes[0]) % kinds.count], edits: 12, source: &source)
    #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
  }

  @Test func theFuzzFindingsAreThere() {
    #expect(Self.fuzzInputs.count >= 1)
  }

  /// The generator makes the layouts the property is about: a run that never wrote an
  /// open/close empty container or a comment-only one would test nothing of them.
  @Test func theGeneratorWritesTheLayoutsThatBrokeEdits() {
    var source = SeededGenerator(seed: Self.seed)
    var seen: Set<String> = []
    for _ in 0..<200 {
      var layout = RandomLayout(source: source)
      let value = layout.rootValue(for: .xml)
      let text = String(decoding: layout.document(value, as: .xml), as: UTF8.self)
      source = layout.source
      for form in [
        "<dict></dict>", "<array></array>", "<dict><!-- none --></dict>", "<array><!-- none --></array>", "\r\n",
        "<?pi",
      ]
      where text.contains(form) {
        seen.insert(form)
      }
    }
    #expect(seen.count == 6, "\(seen)")
  }
}
