import DocumentLayouts
import Foundation
import Testing

/// `set`, `insert` and `remove` on project files that Xcode 16 to 26 wrote (the corpus's
/// `xcode-current/`): the edited object in the layout of the project's own `objectVersion`,
/// and the whole file what `convert --to pbxproj` (Xcode's layout, written whole) makes of it.
@Suite("editing current Xcode projects in place", .needsCorpus("xcode-current"))
struct CurrentProjectEditTests {
  /// HiPixel's project: objectVersion 70, one synchronized folder with an exception set.
  static let hiPixel = "xcode-current/7alva7+HiPixel__HiPixel.xcodeproj__project.pbxproj"
  /// TTSKitExample's project: objectVersion 77.
  static let ttsKit =
    "xcode-current/argmaxinc+WhisperKit__Examples__TTS__TTSKitExample__TTSKitExample.xcodeproj__project.pbxproj"

  /// The commands that add a folder `Widget` (…F1) and its exception set for `target` (…E1).
  static func addingFolder(to target: String) -> [[String]] {
    [
      [
        "insert", "objects.0000000000000000000000F1",
        #"{"isa": "PBXFileSystemSynchronizedRootGroup", "exceptions": ["0000000000000000000000E1"], "explicitFileTypes": {}, "explicitFolders": [], "path": "Widget", "sourceTree": "<group>"}"#,
        "--type", "json",
      ],
      [
        "insert", "objects.0000000000000000000000E1",
        #"{"isa": "PBXFileSystemSynchronizedBuildFileExceptionSet", "membershipExceptions": ["Info.plist"], "target": ""#
          + target + #""}"#,
        "--type", "json",
      ],
    ]
  }

  /// The project copied to `NAME.xcodeproj/project.pbxproj` in a fresh folder.
  static func copy(_ file: String, name: String) throws -> (folder: TemporaryDirectory, path: String) {
    let folder = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      atPath: folder.path + "/\(name).xcodeproj", withIntermediateDirectories: false)
    return (folder, try folder.file("\(name).xcodeproj/project.pbxproj", try Corpus.bytes(file)))
  }

  /// Edits `path` with each command, then checks it is what Xcode's layout, written whole,
  /// makes of its value.
  static func edit(_ path: String, _ commands: [[String]]) throws -> String {
    for command in commands {
      let run = try CLI.run([command[0], path] + command.dropFirst())
      #expect(run.status == 0, "\(command): \(run.stderr)")
    }
    let edited = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    // Converted by value: the project written whole, named after the input's folder.
    let reformatted = try CLI.run(["convert", path, "--to", "pbxproj", "-o", "-"])
    #expect(reformatted.status == 0, "\(reformatted.stderr)")
    #expect(reformatted.stdout == edited, "\(EditLocality.firstDifference(reformatted.stdout, edited))")
    return String(decoding: edited, as: UTF8.self)
  }

  @Test func aFolderAddedToAVersion70ProjectIsWrittenOnOneLine() throws {
    let (_, path) = try Self.copy(Self.hiPixel, name: "HiPixel")
    let text = try Self.edit(
      path,
      Self.addingFolder(to: "6BE1BEE62C1F14A5004C9187") + [
        ["insert", "objects.6BE1BEE62C1F14A5004C9187.fileSystemSynchronizedGroups.1", "0000000000000000000000F1"]
      ])
    #expect(
      text.contains(
        "\t\t0000000000000000000000F1 /* Widget */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (0000000000000000000000E1 /* PBXFileSystemSynchronizedBuildFileExceptionSet */, ); explicitFileTypes = {}; explicitFolders = (); path = Widget; sourceTree = \"<group>\"; };\n"
      ))
    #expect(
      text.contains(
        "\t\t0000000000000000000000E1 /* PBXFileSystemSynchronizedBuildFileExceptionSet */ = {\n\t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;\n"
      ))
    #expect(text.contains("\t\t\t\t0000000000000000000000F1 /* Widget */,\n\t\t\t);\n\t\t\tname = HiPixel;\n"))
  }

  @Test func removingAnExceptionSetChangesItsFolderOnItsOneLine() throws {
    let (_, path) = try Self.copy(Self.hiPixel, name: "HiPixel")
    let original = String(decoding: try Corpus.bytes(Self.hiPixel), as: UTF8.self)
    let text = try Self.edit(
      path,
      [["remove", "objects.6B3436A42D50ABC9007636B5.exceptions.0"], ["remove", "objects.6B3439342D5161A6007636B5"]])
    #expect(
      text.contains(
        "\t\t6B3436A42D50ABC9007636B5 /* HiPixel */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (); explicitFileTypes = {}; explicitFolders = (); path = HiPixel; sourceTree = \"<group>\"; };\n"
      ))
    #expect(!text.contains("PBXFileSystemSynchronizedBuildFileExceptionSet section"))
    // The emptied section goes, with its marks and the blank line before them.
    let lines = { (text: String) in text.split(separator: "\n", omittingEmptySubsequences: false).count }
    #expect(lines(original) - lines(text) == 10)
  }

  @Test func aFolderAddedToAVersion77ProjectSpansLines() throws {
    let (_, path) = try Self.copy(Self.ttsKit, name: "TTSKitExample")
    let text = try Self.edit(
      path,
      Self.addingFolder(to: "1664E8C42F4407CF00D76464"))
    #expect(
      text.contains(
        """
        \t\t0000000000000000000000F1 /* Widget */ = {
        \t\t\tisa = PBXFileSystemSynchronizedRootGroup;
        \t\t\texceptions = (
        \t\t\t\t0000000000000000000000E1 /* Exceptions for "Widget" folder in "TTSKitExample" target */,
        \t\t\t);
        \t\t\texplicitFileTypes = {
        \t\t\t};
        \t\t\texplicitFolders = (
        \t\t\t);
        \t\t\tpath = Widget;
        \t\t\tsourceTree = "<group>";
        \t\t};

        """))
  }

  /// A file edited in place keeps the name its folder gives the project.
  @Test func anEditInPlaceNamesTheProjectAfterItsFolder() throws {
    let (_, path) = try Self.copy(
      "xcode-current/Cizzuk+CSE__Customize_Search_Engine.xcodeproj__project.pbxproj", name: "Customize Search Engine")
    let text = try Self.edit(path, [["set", "objects.90C9BE11288BE17000E22FB8.name", "Renamed"]])
    #expect(text.contains(#"/* Build configuration list for PBXProject "Customize Search Engine" */ = {"#))
  }
}
