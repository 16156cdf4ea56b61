import PlistDiff
import PlistDocument
import PlistKit
import Testing

/// A three-way merge of dictionaries with thousands of changed keys, written into OURS' text as
/// the `merge` command writes it: a few passes over the text, and the merged value.
@Suite("Large merges")
struct LargeMergeTests {
  @Test func thousandsOfChangedKeysMergeInAFewPasses() throws {
    let count = 3_000
    var base = PropertyListDictionary()
    for index in 0..<(2 * count) { base["k\(index)"] = .string("v\(index)") }
    var ours = base
    var theirs = base
    for index in stride(from: 0, to: 2 * count, by: 2) { ours["k\(index)"] = .string("ours \(index)") }
    for index in stride(from: 1, to: 2 * count, by: 2) { theirs["k\(index)"] = .string("theirs \(index)") }
    let result = PropertyListMerge().merge(
      base: .dictionary(base), ours: .dictionary(ours), theirs: .dictionary(theirs))
    #expect(result.isClean)
    let oursBytes = try PropertyList.dictionary(ours).serialized(as: .xml)
    var document = try PropertyListDocument(bytes: oursBytes)
    let change = try #require(PropertyListDiff().change(from: .dictionary(ours), to: result.value))
    try document.apply(change)
    #expect(document.syntaxScans <= 2, "\(document.syntaxScans) scans of the text")
    let merged = try PropertyList(bytes: document.bytes)
    #expect(merged.isIdentical(to: result.value))
    #expect(try merged.value(at: "k2") == "ours 2")
    #expect(try merged.value(at: "k3") == "theirs 3")
  }
}
