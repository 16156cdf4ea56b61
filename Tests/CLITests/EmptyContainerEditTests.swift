import Foundation
import PlistKit
import Testing

/// Every route that edits a file in place, on the file build scripts write first
/// (`<plist version="1.0"><dict></dict></plist>`): each one crashed before it changed a byte.
@Suite("editing files with empty containers")
struct EmptyContainerEditTests {
  static let empty = #"<plist version="1.0"><dict></dict></plist>"#
  static let oneEntry = "<plist version=\"1.0\"><dict>\n\t<key>Name</key>\n\t<string>App</string>\n</dict></plist>"

  @Test(arguments: [
    ["set", "FILE", "Name", "App", "--type", "string"],
    ["insert", "FILE", "Name", "App", "--type", "string"],
    ["plutil", "-insert", "Name", "-string", "App", "FILE"],
    ["plutil", "-replace", "Name", "-string", "App", "FILE"],
    ["buddy", "-c", "Add :Name string App", "FILE"],
  ])
  func addingTheFirstEntry(command: [String]) throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("Info.plist", Self.empty)
    let run = try CLI.run(command.map { $0 == "FILE" ? path : $0 })
    #expect(run.status == 0, "\(run.stderr)")
    let value = try PropertyList(bytes: try folder.contents("Info.plist"))
    #expect(value == ["Name": "App"])
    if command[0] != "buddy" {
      // The document layer keeps the text around the edit.
      #expect(String(decoding: try folder.contents("Info.plist"), as: UTF8.self) == Self.oneEntry)
    }
  }

  @Test func removingAndMovingInsideEmptyContainers() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file(
      "Info.plist",
      #"<plist version="1.0"><dict><key>a</key><array></array><key>b</key><dict><!-- none --></dict><key>c</key><string>x</string></dict></plist>"#
    )
    for command in [
      ["move", path, "c", "a.0"], ["remove", path, "b"], ["insert", path, "b", "y", "--type", "string"],
    ] {
      let run = try CLI.run(command)
      #expect(run.status == 0, "\(command): \(run.stderr)")
    }
    #expect(try PropertyList(bytes: try folder.contents("Info.plist")) == ["a": ["x"], "b": "y"])
  }

  /// A clean merge of two additions to an empty dictionary: the driver crashed, and git left
  /// a conflict.
  @Test func theMergeDriverMergesAdditionsToAnEmptyDictionary() throws {
    let repository = try GitIntegrationTests.Repository()
    try repository.folder.file("Info.plist", Self.empty)
    try repository.commitAll("base")
    try repository.run("checkout", "-q", "-b", "feature")
    try repository.folder.file(
      "Info.plist", "<plist version=\"1.0\"><dict>\n\t<key>B</key>\n\t<string>theirs</string>\n</dict></plist>")
    try repository.commitAll("theirs")
    try repository.run("checkout", "-q", "main")
    try repository.folder.file(
      "Info.plist", "<plist version=\"1.0\"><dict>\n\t<key>A</key>\n\t<string>ours</string>\n</dict></plist>")
    try repository.commitAll("ours")
    let merge = try repository.run("merge", "-q", "--no-edit", "feature", allowFailure: true)
    #expect(merge.status == 0, "\(merge.stdout)\(merge.stderr)")
    #expect(
      String(decoding: try repository.folder.contents("Info.plist"), as: UTF8.self)
        == "<plist version=\"1.0\"><dict>\n\t<key>A</key>\n\t<string>ours</string>\n\t<key>B</key>\n\t<string>theirs</string>\n</dict></plist>"
    )
  }
}
