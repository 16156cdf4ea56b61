import PlistKit
import Testing

@testable import PlistBuddy

/// `Print` and `Copy` on values that share containers: what a value holds once its sharing is
/// written out stays within the session's output limit.
@Suite("Output limit of a session")
struct OutputBudgetTests {
  func session(_ root: PropertyList, limit: Int) -> (BuddySession, Transcript) {
    let files = MemoryFiles()
    files.values["f.plist"] = root
    let transcript = Transcript()
    var session = BuddySession(path: "f.plist", files: files, output: transcript)
    session.maximumOutputSize = limit
    let opened = session.open()
    #expect(opened)
    return (session, transcript)
  }

  @Test("repeated Copy of a container into itself stops where the file would pass the limit")
  func repeatedCopy() throws {
    let (start, transcript) = session(["a": [["k": .string(String(repeating: "v", count: 100))]]], limit: 1 << 20)
    var session = start
    for _ in 0..<40 { session.run("Copy :a :a:") }
    // Each copy puts the whole array into itself, doubling what it holds written out: about
    // 160 bytes of XML doubled 12 times is within 1 MiB, 13 times not.
    let refusals = transcript.standardError.split(separator: "\n")
    #expect(refusals.count == 28)
    #expect(try session.root.value(at: "a").arrayValue?.count == 1 + 40 - refusals.count)
    let weights = try #require(ExpansionWeights.leastOutput(of: .xml, options: .default))
    let written = try #require(session.root.expandedWeight(upTo: Int.max, weights: weights))
    #expect(written <= 1 << 20 && written * 2 > 1 << 20)
    #expect(
      refusals.first?.hasPrefix("Copy: the value would make at least ") == true
        && refusals.first?.hasSuffix(
          " bytes of the file written as XML once its shared strings, data and containers are written out at every place they occur, over the output limit of 1048576 bytes"
        )
          == true
    )
    #expect(session.hasFailed)
  }

  @Test("Print refuses lines past the limit before making them, and makes those within it")
  func print() {
    var shared: PropertyList = "leaf"
    for _ in 0..<40 { shared = [shared, shared] }
    let (start, transcript) = session(["bomb": shared, "small": ["x", "y"]], limit: 1 << 20)
    var session = start
    session.run("Print :bomb")
    session.run("Print :small")
    #expect(transcript.output == "Array {\n    x\n    y\n}\n")
    #expect(
      transcript.standardError
        == "Print: the value holds more than 100000000 values once its shared arrays and dictionaries are written "
        + "out at every place they occur (the written value limit)\n")
  }

  @Test("indentation counts while the lines are made: a deep value past the limit is refused")
  func indentation() throws {
    // 400 levels: the least weight is small, the indentation is 4 bytes a level on each line.
    var deep: PropertyList = "x"
    for _ in 0..<400 { deep = [deep] }
    #expect(throws: PropertyListError.self) { try BuddyPrinter.render(deep, maximumSize: 100_000) }
    #expect(try BuddyPrinter.render(deep, maximumSize: 1_000_000) == BuddyPrinter.render(deep))
  }
}
