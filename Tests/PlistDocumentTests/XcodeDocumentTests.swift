import DocumentLayouts
import PlistDocument
import PlistKit
import Testing
import XcodeProject

/// Editing Xcode's own project files: the result is what Xcode's layout gives for the edited
/// value (the file was written by Xcode, so it is that layout for the unedited value), and an
/// edit changes only its own lines and the comments that name what it changed. The files are
/// the corpus's `xcode/` (from CocoaPods/Xcodeproj); skipped without it.
@Suite("Xcode project documents", .needsCorpus("xcode"))
struct XcodeDocumentTests {
  static let path = Fixtures.corpus + "/xcode/cocoa-application.pbxproj"

  struct Example: Sendable, CustomTestStringConvertible {
    let name: String
    let edits: [RandomEdit]
    var testDescription: String { name }

    init(name: String, edit: RandomEdit) { (self.name, self.edits) = (name, [edit]) }
    init(name: String, edits: [RandomEdit]) { (self.name, self.edits) = (name, edits) }
  }

  static let examples: [Example] = [
    Example(name: "rename a file reference", edit: .set("objects.E525239C16245A900012E2BA.path", "main2.m")),
    Example(
      name: "add a file reference", edit: .insert("objects.AAAA00000000000000000001", Self.newFile, append: false)),
    Example(
      name: "add a build file to the Sources phase",
      edit: .insert("objects.E525238816245A900012E2BA.files", "E525239D16245A900012E2BA", append: true)),
    Example(name: "remove the only aggregate target", edit: .remove("objects.E550D6AA16371AF600A003E9")),
    Example(
      name: "add an object of a new isa",
      edit: .insert(
        "objects.BBBB00000000000000000001",
        [
          "isa": "XCRemoteSwiftPackageReference", "repositoryURL": "https://github.com/apple/swift-collections.git",
        ], append: false)),
    Example(
      name: "add a build setting", edit: .set("objects.E52523E716245A910012E2BA.buildSettings.ENABLE_NEW", "YES")),
    Example(name: "change an object's isa", edit: .set("objects.E525239C16245A900012E2BA.isa", "PBXGroup")),
    // The only object of its section: the emptied section's marks go with it.
    Example(
      name: "change the isa of the only object of its isa",
      edit: .set("objects.E550D6AA16371AF600A003E9.isa", "PBXGroup")),
    Example(
      name: "remove the isa of the only object of its isa", edit: .remove("objects.E550D6AA16371AF600A003E9.isa")),
    Example(name: "rename a build phase", edit: .set("objects.E525238816245A900012E2BA.name", "Compile")),
    Example(name: "add a key to a one-line object", edit: .set("objects.E525239C16245A900012E2BA.name", "Main.m")),
    Example(name: "remove a file from a group", edit: .remove("objects.806F6FB817EFAF46001051EE.children.0")),
    Example(
      name: "move a target dependency",
      edit: .move("objects.E550D6AA16371AF600A003E9.dependencies.0", "objects.E550D6B016371B0600A003E9.dependencies.0")),
    Example(
      name: "fill an empty array of a one-line object",
      edits: [
        .set("objects.E525239C16245A900012E2BA.tags", []),
        .insert("objects.E525239C16245A900012E2BA.tags.0", ["a", "b"], append: false),
        .insert("objects.E525239C16245A900012E2BA.tags.0", [], append: false),
      ]),
    Example(
      name: "fill an empty dictionary of a one-line object",
      edits: [
        .set("objects.E525239C16245A900012E2BA.info", [:]),
        .set("objects.E525239C16245A900012E2BA.info.a", ["b": "c"]),
      ]),
    Example(
      name: "edit a file whose name has a line break",
      edits: [
        .set("objects.E525239C16245A900012E2BA.path", "line\nbreak"),
        .set("objects.E525239C16245A900012E2BA.sourceTree", "SOURCE_ROOT"),
        .set("objects.E525239C16245A900012E2BA.path", "main.m"),
      ]),
  ]

  static let newFile: PropertyList = [
    "isa": "PBXFileReference", "path": "New.swift", "sourceTree": "<group>", "lastKnownFileType": "sourcecode.swift",
  ]

  @Test(arguments: examples)
  func editGivesXcodesLayoutOfTheEditedValue(_ example: Example) throws {
    let bytes = try Fixtures.read(Self.path)
    var document = try PropertyListDocument(bytes: bytes)
    #expect(document.isXcodeProject)
    #expect(document.projectName == "Cocoa Application")
    var value = try PropertyList(bytes: bytes)
    for (step, edit) in example.edits.enumerated() {
      try edit.apply(to: &document)
      try edit.apply(to: &value)
      let expected = try XcodeProjectWriter(projectName: "Cocoa Application").write(value)
      #expect(document.bytes == expected, "step \(step): \(EditLocality.firstDifference(expected, document.bytes))")
    }
  }

  @Test func renamingAFileChangesItsLineAndTheCommentsThatNameIt() throws {
    let bytes = try Fixtures.read(Self.path)
    var document = try PropertyListDocument(bytes: bytes)
    try document.setValue("AppMain.m", at: "objects.E525239C16245A900012E2BA.path")
    let before = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    let after = String(decoding: document.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(before.count == after.count)
    let changed = before.indices.filter { before[$0] != after[$0] }.map { String(after[$0]) }
    #expect(
      changed == [
        "\t\tE525239D16245A900012E2BA /* AppMain.m in Sources */ = {isa = PBXBuildFile; fileRef = E525239C16245A900012E2BA /* AppMain.m */; };",
        "\t\tE525239C16245A900012E2BA /* AppMain.m */ = {isa = PBXFileReference; comments = \"I must comment a lot!\"; lastKnownFileType = sourcecode.c.objc; path = AppMain.m; sourceTree = \"<group>\"; };",
        "\t\t\t\tE525239C16245A900012E2BA /* AppMain.m */,",
        "\t\t\t\tE525239D16245A900012E2BA /* AppMain.m in Sources */,",
      ])
  }

  @Test func aNewObjectTakesItsSectionAndItsComments() throws {
    var document = try PropertyListDocument(bytes: try Fixtures.read(Self.path))
    try document.insertValue(Self.newFile, at: "objects.E52523A016245A900012E2AA")
    try document.insertValue(
      ["isa": "PBXBuildFile", "fileRef": "E52523A016245A900012E2AA"], at: "objects.E52523A016245A900012E2AB")
    let text = String(decoding: document.bytes, as: UTF8.self)
    #expect(
      text.contains(
        "\t\tE525239E16245A900012E2BA /* Cocoa Application-Prefix.pch */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.c.h; path = \"Cocoa Application-Prefix.pch\"; sourceTree = \"<group>\"; };\n\t\tE52523A016245A900012E2AA /* New.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = New.swift; sourceTree = \"<group>\"; };\n"
      ))
    #expect(
      text.contains(
        "\t\tE52523A016245A900012E2AB /* New.swift in (null) */ = {isa = PBXBuildFile; fileRef = E52523A016245A900012E2AA /* New.swift */; };\n\t\tE52523A116245A900012E2BA /* Credits.rtf in Resources */"
      ))
  }

  @Test func theProjectNameComesFromTheFileOrTheOptions() throws {
    let emoji = try PropertyListDocument(bytes: try Fixtures.read(Fixtures.corpus + "/xcode/emoji.pbxproj"))
    #expect(emoji.projectName == "Emoji")
    let named = try PropertyListDocument(
      bytes: try Fixtures.read(Fixtures.corpus + "/xcode/emoji.pbxproj"), options: .init(projectName: "Other"))
    #expect(named.projectName == "Other")
    let plain = try PropertyListDocument(bytes: Array("{ a = b; }".utf8))
    #expect(!plain.isXcodeProject)
    #expect(plain.projectName == nil)
  }
}
