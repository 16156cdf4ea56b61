import PlistDiff
import PlistKit
import Testing
import XcodeProject

@Suite("Project files", .needsCorpus("xcode"))
struct ProjectFileTests {
  @Test("a project file is recognised")
  func recognised() throws {
    #expect(ProjectFile.isProject(try Projects.value("cocoa-application.pbxproj")))
    #expect(!ProjectFile.isProject(["objects": [:]]))
    #expect(!ProjectFile.isProject(try Samples.value("sortednames.plist")))
  }

  @Test("differences name objects by ID with Xcode's comment")
  func labels() throws {
    let old = try Projects.value("cocoa-application.pbxproj")
    var new = try Projects.addingFile(
      "Added.swift", reference: "AA0000000000000000000001", buildFile: "AA0000000000000000000002", to: old)
    try new.setValue("main2.m", at: "objects.E525239C16245A900012E2BA.path")
    let labels = try #require(ProjectPathLabels(old: old, new: new))
    let shown = PropertyListDiff().differences(from: old, to: new).map { difference in
      "\(difference.kind.rawValue) \(labels.label(difference.path, inNew: difference.kind == .added))"
    }
    #expect(
      shown == [
        "changed objects.E525239C16245A900012E2BA (main.m).path",
        "added objects.E525239616245A900012E2BA (Cocoa Application).children.6",
        "added objects.E525238816245A900012E2BA (Sources).files.6",
        "added objects.AA0000000000000000000001 (Added.swift)",
        "added objects.AA0000000000000000000002 (Added.swift in Sources)",
      ])
    #expect(labels.comment(forObject: "E525239C16245A900012E2BA") == "main.m")
    #expect(labels.comment(forObject: "E525239C16245A900012E2BA", inNew: true) == "main2.m")
    #expect(labels.comment(forObject: "AA0000000000000000000001") == "Added.swift")
    #expect(labels.comment(forObject: "AA0000000000000000000001", inNew: true) == "Added.swift")
    #expect(labels.comment(forObject: "not an object") == nil)
  }

  @Test("two branches that each add a file merge cleanly, and write back in Xcode's layout")
  func bothAddFiles() throws {
    let base = try Projects.value("cocoa-application.pbxproj")
    let ours = try Projects.addingFile(
      "Ours.swift", reference: "AA0000000000000000000001", buildFile: "AA0000000000000000000002", to: base)
    let theirs = try Projects.addingFile(
      "Theirs.swift", reference: "BB0000000000000000000001", buildFile: "BB0000000000000000000002", to: base)
    let result = PropertyListMerge().merge(base: base, ours: ours, theirs: theirs)
    #expect(result.isClean)
    let children = try result.value.value(at: PropertyListKeyPath("objects.\(Projects.group).children")).arrayValue!
    #expect(children.suffix(2) == ["AA0000000000000000000001", "BB0000000000000000000001"])
    let files = try result.value.value(at: PropertyListKeyPath("objects.\(Projects.sources).files")).arrayValue!
    #expect(files.suffix(2) == ["AA0000000000000000000002", "BB0000000000000000000002"])
    // The merge is both branches' changes and nothing else.
    let expected = try Projects.addingFile(
      "Theirs.swift", reference: "BB0000000000000000000001", buildFile: "BB0000000000000000000002", to: ours)
    #expect(PropertyListDiff().change(from: expected, to: result.value) == nil)
    let written = String(
      decoding: try XcodeProjectWriter(projectName: "Cocoa Application").write(result.value), as: UTF8.self)
    #expect(
      written.contains(
        "\t\t\t\tAA0000000000000000000002 /* Ours.swift in Sources */,\n\t\t\t\tBB0000000000000000000002 /* Theirs.swift in Sources */,\n"
      ))
    // With both sides unchanged elsewhere, the rest of the file is Xcode's, line for line.
    let original = String(decoding: try Projects.bytes("cocoa-application.pbxproj"), as: UTF8.self)
    let extra = Set(written.split(separator: "\n")).subtracting(original.split(separator: "\n"))
    // Two file references, two build files, two group children, two build-phase entries.
    #expect(extra.count == 8)
  }

  @Test("both branches renaming one file differently conflicts at the file's path")
  func renameConflict() throws {
    let base = try Projects.value("cocoa-application.pbxproj")
    var ours = base
    try ours.setValue("mine.m", at: "objects.E525239C16245A900012E2BA.path")
    var theirs = base
    try theirs.setValue("yours.m", at: "objects.E525239C16245A900012E2BA.path")
    let result = PropertyListMerge().merge(base: base, ours: ours, theirs: theirs)
    #expect(
      lines(result.conflicts) == [
        #"! both-changed objects.E525239C16245A900012E2BA.path: base "main.m" | ours "mine.m" | theirs "yours.m""#
      ])
  }
}
