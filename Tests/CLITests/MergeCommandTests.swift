import Foundation
import PlistKit
import Testing
import XcodeProject

@Suite("merge")
struct MergeCommandTests {
  static let formats: [PropertyListFormat] = [.xml, .binary, .json, .openStep]
  static let formatPairs: [(PropertyListFormat, PropertyListFormat)] = formats.flatMap { a in formats.map { (a, $0) } }

  static let base: PropertyList = [
    "Name": "Gerald Ford", "Party": "Republican", "Tags": ["a", "b", "c", "d"], "Notes": ["k": "v"],
  ]

  /// A merge case: what each side did, and the merged value or the conflict report.
  struct Case: Sendable {
    var name: String
    var ours: PropertyList
    var theirs: PropertyList
    var merged: PropertyList?
    var report: String = ""
  }

  static let cases: [Case] = [
    Case(
      name: "changes to different keys",
      ours: ["Name": "Gerald R. Ford", "Party": "Republican", "Tags": ["a", "b", "c", "d"], "Notes": ["k": "v"]],
      theirs: ["Name": "Gerald Ford", "Party": "GOP", "Tags": ["a", "b", "c", "d"], "Notes": ["k": "v"]],
      merged: ["Name": "Gerald R. Ford", "Party": "GOP", "Tags": ["a", "b", "c", "d"], "Notes": ["k": "v"]]),
    Case(
      name: "the same change on both sides",
      ours: ["Name": "Jerry", "Party": "Republican", "Tags": ["a", "b", "c", "d"], "Notes": ["k": "v"]],
      theirs: ["Name": "Jerry", "Party": "Republican", "Tags": ["a", "b", "c", "d"], "Notes": ["k": "v"], "New": "1"],
      merged: ["Name": "Jerry", "Party": "Republican", "Tags": ["a", "b", "c", "d"], "Notes": ["k": "v"], "New": "1"]),
    Case(
      name: "array edits in different hunks",
      ours: ["Name": "Gerald Ford", "Party": "Republican", "Tags": ["a", "c", "d"], "Notes": ["k": "v"]],
      theirs: ["Name": "Gerald Ford", "Party": "Republican", "Tags": ["a", "b", "c", "x", "d"], "Notes": ["k": "v"]],
      merged: ["Name": "Gerald Ford", "Party": "Republican", "Tags": ["a", "c", "x", "d"], "Notes": ["k": "v"]]),
    Case(
      name: "removed on one side, changed on the other",
      ours: ["Name": "Gerald Ford", "Party": "Republican", "Tags": ["a", "b", "c", "d"]],
      theirs: ["Name": "Gerald Ford", "Party": "Republican", "Tags": ["a", "b", "c", "d"], "Notes": ["k": "w"]],
      report: #"CONFLICT Notes (OURS removed what THEIRS changed): BASE {"k": "v"} | OURS (none) | THEIRS {"k": "w"}"#),
    Case(
      name: "a scalar both changed differently",
      ours: ["Name": "Gerald R. Ford", "Party": "Republican", "Tags": ["a", "b", "c", "d"], "Notes": ["k": "v"]],
      theirs: ["Name": "Jerry Ford", "Party": "Republican", "Tags": ["a", "b", "c", "d"], "Notes": ["k": "v"]],
      report: #"CONFLICT Name (both changed): BASE "Gerald Ford" | OURS "Gerald R. Ford" | THEIRS "Jerry Ford""#),
    Case(
      name: "array elements both changed differently",
      ours: ["Name": "Gerald Ford", "Party": "Republican", "Tags": ["a", "B", "c", "d"], "Notes": ["k": "v"]],
      theirs: ["Name": "Gerald Ford", "Party": "Republican", "Tags": ["a", "b2", "c", "d"], "Notes": ["k": "v"]],
      report: #"CONFLICT Tags.1 (both changed): BASE "b" | OURS "B" | THEIRS "b2""#),
  ]

  static let options = PropertyListWritingOptions(openStepWritesGNUstepScalars: true)

  @Test("every merge case, with OURS and THEIRS in every pair of formats", arguments: formatPairs)
  func everyFormatPair(_ pair: (PropertyListFormat, PropertyListFormat)) throws {
    let folder = try TemporaryDirectory()
    for (index, merge) in Self.cases.enumerated() {
      // BASE in a third format, so that all three differ where they can.
      let baseFormat = Self.formats[(Self.formats.firstIndex(of: pair.1)! + 1) % 4]
      let base = try folder.file("base\(index)", try Self.base.serialized(as: baseFormat))
      let oursBytes = try merge.ours.serialized(as: pair.0)
      let ours = try folder.file("ours\(index)", oursBytes)
      let theirs = try folder.file("theirs\(index)", try merge.theirs.serialized(as: pair.1))
      let run = try CLI.run(["merge", base, ours, theirs])
      let written = try folder.contents("ours\(index)")
      if let merged = merge.merged {
        #expect(run.status == 0, "\(merge.name): \(run.stderr)")
        #expect(run.output == "" && run.stderr == "", "\(merge.name)")
        #expect(written == (try merged.serialized(as: pair.0, options: Self.options)), "\(merge.name)")
      } else {
        #expect(run.status == 1, "\(merge.name)")
        #expect(run.output == merge.report + "\n", "\(merge.name)")
        #expect(run.stderr == "plistkit: 1 conflict; \(ours) was not written\n", "\(merge.name)")
        #expect(written == oursBytes, "\(merge.name): OURS must be left as it was")
      }
    }
  }

  @Test("--ours and --theirs resolve every conflict; -o writes elsewhere")
  func resolutions() throws {
    let folder = try TemporaryDirectory()
    let conflict = Self.cases[4]
    let base = try folder.file("base.plist", try Self.base.serialized(as: .xml))
    let ours = try folder.file("ours.plist", try conflict.ours.serialized(as: .binary))
    let theirs = try folder.file("theirs.plist", try conflict.theirs.serialized(as: .xml))
    let out = folder.path + "/out.plist"
    let run = try CLI.run(["merge", base, ours, theirs, "--theirs", "-o", out])
    #expect(run.status == 0)
    #expect(run.output == "resolved with THEIRS: \(conflict.report)\n")
    #expect(try PropertyList(bytes: try folder.contents("out.plist"), format: .binary) == conflict.theirs)
    #expect(try folder.contents("ours.plist") == (try conflict.ours.serialized(as: .binary)))
    let quiet = try CLI.run(["merge", base, ours, theirs, "--ours", "-q", "-o", "-"])
    #expect(quiet.status == 0 && quiet.stderr == "")
    #expect(try PropertyList(bytes: quiet.stdout) == conflict.ours)
    #expect(try CLI.run(["merge", base, ours, theirs, "--ours", "--theirs"]).status == 2)
  }

  @Test("--path names the file in every message instead of the files merged; -o keeps its own name")
  func namedPath() throws {
    let folder = try TemporaryDirectory()
    let conflict = Self.cases[4]
    let base = try folder.file(".merge_file_base", try Self.base.serialized(as: .xml))
    let ours = try folder.file(".merge_file_ours", try conflict.ours.serialized(as: .binary))
    let theirs = try folder.file(".merge_file_theirs", try conflict.theirs.serialized(as: .xml))
    let named = ["--path", "Config/Settings.plist"]
    let run = try CLI.run(["merge", base, ours, theirs] + named)
    #expect(run.status == 1)
    // git runs the driver once per file: each conflict line names it.
    #expect(run.output == "Config/Settings.plist: " + conflict.report + "\n")
    #expect(run.stderr == "plistkit: 1 conflict; Config/Settings.plist was not written\n")
    let markers = try CLI.run(["merge", base, ours, theirs, "--conflict-markers"] + named)
    #expect(
      markers.stderr
        == "plistkit: conflict markers need a text format, and OURS is binary; Config/Settings.plist was not written\n")
    let out = folder.path + "/out.plist"
    let elsewhere = try CLI.run(["merge", base, ours, theirs, "-o", out] + named)
    #expect(elsewhere.stderr == "plistkit: 1 conflict; \(out) was not written\n")
    let broken = try folder.file(".merge_file_broken", "<plist><dict><key>A</key></dict></plist>\n")
    let badBase = try CLI.run(["merge", broken, ours, theirs] + named)
    #expect(badBase.status == 2)
    #expect(badBase.stderr.hasPrefix("plistkit: Config/Settings.plist (BASE):1:"), "\(badBase.stderr)")
    let badTheirs = try CLI.run(["merge", base, ours, broken] + named)
    #expect(badTheirs.stderr.hasPrefix("plistkit: Config/Settings.plist (THEIRS):1:"), "\(badTheirs.stderr)")
    let badOurs = try CLI.run(["merge", base, broken, theirs] + named)
    #expect(badOurs.stderr.hasPrefix("plistkit: Config/Settings.plist:1:"), "\(badOurs.stderr)")
    #expect(!(badBase.stderr + badTheirs.stderr + badOurs.stderr).contains(".merge_file"))
  }

  @Test("--conflict-markers writes text formats with markers, and refuses binary")
  func markers() throws {
    let folder = try TemporaryDirectory()
    let conflict = Self.cases[4]
    let base = try folder.file("base.plist", try Self.base.serialized(as: .xml))
    let ours = try folder.file("ours.plist", try conflict.ours.serialized(as: .xml))
    let theirs = try folder.file("theirs.plist", try conflict.theirs.serialized(as: .binary))
    let run = try CLI.run(["merge", base, ours, theirs, "--conflict-markers", "--marker-size", "3"])
    #expect(run.status == 1)
    #expect(run.output == conflict.report + "\n")
    let text = String(decoding: try folder.contents("ours.plist"), as: UTF8.self)
    #expect(
      text.contains(
        "<dict>\n<<< OURS\n\t<key>Name</key>\n\t<string>Gerald R. Ford</string>\n===\n\t<key>Name</key>\n"
          + "\t<string>Jerry Ford</string>\n>>> THEIRS\n\t<key>Party</key>\n"))
    let binaryOurs = try folder.file("binary.plist", try conflict.ours.serialized(as: .binary))
    let refused = try CLI.run(["merge", base, binaryOurs, theirs, "--conflict-markers"])
    #expect(refused.status == 1)
    #expect(
      refused.stderr
        == "plistkit: conflict markers need a text format, and OURS is binary; \(binaryOurs) was not written\n")
    #expect(try folder.contents("binary.plist") == (try conflict.ours.serialized(as: .binary)))
  }

  @Test("--conflict-markers splices the markers into OURS' text: comments, layout and the rest stay")
  func markersInOursText() throws {
    let folder = try TemporaryDirectory()
    let baseText = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <!-- Kept by hand. -->
      <dict>
        <key>Name</key>   <string>Gerald Ford</string>
        <!-- the party -->
        <key>Party</key>  <string>Republican</string>
      </dict>
      </plist>

      """
    let base = try folder.file("base.plist", baseText)
    let oursText = baseText.replacingOccurrences(of: "Gerald Ford", with: "Gerald R. Ford")
    let ours = try folder.file("ours.plist", oursText)
    // THEIRS in another format: its side is written in OURS' form and layout.
    let theirs = try folder.file("theirs.plist", #"{ Name = "Jerry Ford"; Party = GOP; }"#)
    let run = try CLI.run([
      "merge", base, ours, theirs, "--conflict-markers", "--ours-label", "HEAD", "--theirs-label", "feature",
    ])
    #expect(run.status == 1)
    #expect(
      run.output == #"CONFLICT Name (both changed): BASE "Gerald Ford" | OURS "Gerald R. Ford" | THEIRS "Jerry Ford""#
        + "\n")
    #expect(
      String(decoding: try folder.contents("ours.plist"), as: UTF8.self) == """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <!-- Kept by hand. -->
        <dict>
        <<<<<<< HEAD
          <key>Name</key>   <string>Gerald R. Ford</string>
        =======
          <key>Name</key>   <string>Jerry Ford</string>
        >>>>>>> feature
          <!-- the party -->
          <key>Party</key>  <string>GOP</string>
        </dict>
        </plist>

        """)
  }

  @Test("a text OURS keeps its layout and comments: only what the merge changed is written again")
  func layoutKept() throws {
    let folder = try TemporaryDirectory()
    let base = try folder.file("base.plist", "{ Name = Ford; Party = R; Tags = (a, b); }")
    let oursText = """
      // Settings, kept by hand.
      {
          Name    = "Gerald Ford";   /* the 38th */
          Party   = R;
          Tags    = ( a, b );
      }

      """
    let ours = try folder.file("ours.plist", oursText)
    let theirs = try folder.file("theirs.plist", "{ Name = Ford; Party = Republican; Tags = (a, b, c); }")
    let run = try CLI.run(["merge", base, ours, theirs])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      String(decoding: try folder.contents("ours.plist"), as: UTF8.self) == """
        // Settings, kept by hand.
        {
            Name    = "Gerald Ford";   /* the 38th */
            Party   = Republican;
            Tags    = ( a, b, c );
        }

        """)
    let xmlOurs = try folder.file(
      "ours.xml",
      "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<!-- mine -->\n<dict>\n  <key>Name</key> <string>Gerald Ford</string>\n"
        + "  <key>Party</key> <string>R</string>\n  <key>Tags</key> <array><string>a</string><string>b</string></array>\n</dict>\n</plist>\n"
    )
    #expect(try CLI.run(["merge", base, xmlOurs, theirs]).status == 0)
    let xml = String(decoding: try folder.contents("ours.xml"), as: UTF8.self)
    #expect(xml.contains("<!-- mine -->\n<dict>\n  <key>Name</key> <string>Gerald Ford</string>\n"))
    #expect(
      try PropertyList(bytes: try folder.contents("ours.xml")) == [
        "Name": "Gerald Ford", "Party": "Republican", "Tags": ["a", "b", "c"],
      ])
  }

  @Test("trouble exits 2 and writes nothing")
  func trouble() throws {
    let folder = try TemporaryDirectory()
    let base = try folder.file("base.plist", try Self.base.serialized(as: .xml))
    let ours = try folder.file("ours.plist", try Self.base.serialized(as: .xml))
    let broken = try folder.file("broken.plist", "<plist><array>")
    let run = try CLI.run(["merge", base, ours, broken])
    #expect(run.status == 2)
    #expect(run.stderr == "plistkit: \(broken):1:15: expected '</array>', found the end of the input\n")
    #expect(try CLI.run(["merge", base, ours]).status == 2)
    #expect(try CLI.run(["merge", base, ours, ours, "--marker-size", "x"]).status == 2)
  }

  @Test("keyed archives merge as object graphs, and the result validates")
  func archives() throws {
    let folder = try TemporaryDirectory()
    let base = CLI.sample("Presidents.plist")
    let ours = folder.path + "/ours.plist"
    let theirs = folder.path + "/theirs.plist"
    try FileManager.default.copyItem(atPath: base, toPath: ours)
    try FileManager.default.copyItem(atPath: base, toPath: theirs)
    #expect(
      try CLI.run(["set", "--archive", ours, "Presidents.37.Name", "Gerald R. Ford", "--type", "string"]).status == 0)
    #expect(try CLI.run(["set", "--archive", theirs, "Presidents.2.Party", "Whig", "--type", "string"]).status == 0)
    // Theirs renumbered: written by the archiver from XML.
    #expect(try CLI.run(["convert", theirs, "--to", "xml", "-o", theirs]).status == 0)
    let run = try CLI.run(["merge", base, ours, theirs])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try CLI.run(["validate", ours]).status == 0)
    #expect(PropertyListFormat.detect(try PropertyListFile.read(path: ours).withUnsafeBytes { $0 }) == .binary)
    let diff = try CLI.run(["diff", base, ours])
    #expect(
      diff.output == """
        ~ Presidents.2.Party: "Democratic-Republican" → "Whig"
        ~ Presidents.37.Name: "Gerald Ford" → "Gerald R. Ford"

        """)
    // A conflict in an archive is reported at the archive's path.
    #expect(
      try CLI.run(["set", "--archive", theirs, "Presidents.37.Name", "Jerry Ford", "--type", "string"]).status == 0)
    try FileManager.default.removeItem(atPath: ours)
    try FileManager.default.copyItem(atPath: base, toPath: ours)
    #expect(
      try CLI.run(["set", "--archive", ours, "Presidents.37.Name", "Gerald R. Ford", "--type", "string"]).status == 0)
    let conflict = try CLI.run(["merge", base, ours, theirs])
    #expect(conflict.status == 1)
    #expect(
      conflict.output
        == "CONFLICT Presidents.37.Name (both changed): BASE \"Gerald Ford\" | OURS \"Gerald R. Ford\" | THEIRS \"Jerry Ford\"\n"
    )
  }

  @Test("two branches that each add a file to a project merge cleanly, in Xcode's layout", .needsCorpus("xcode"))
  func projectFiles() throws {
    let folder = try TemporaryDirectory()
    let fixture = Corpus.path("xcode/cocoa-application.pbxproj")
    let base = try ProjectEdits.copy(fixture, to: folder.path + "/base.pbxproj")
    let ours = try ProjectEdits.copy(fixture, to: folder.path + "/ours.pbxproj")
    let theirs = try ProjectEdits.copy(fixture, to: folder.path + "/theirs.pbxproj")
    try ProjectEdits.addFile("Ours.swift", ids: ("AA0000000000000000000001", "AA0000000000000000000002"), to: ours)
    try ProjectEdits.addFile("Theirs.swift", ids: ("BB0000000000000000000001", "BB0000000000000000000002"), to: theirs)
    let run = try CLI.run(["merge", base, ours, theirs])
    #expect(run.status == 0, "\(run.stderr)")
    let merged = String(decoding: try PropertyListFile.read(path: ours), as: UTF8.self)
    #expect(merged.hasPrefix("// !$*UTF8*$!\n{\n"))
    #expect(
      merged.contains(
        "\t\tAA0000000000000000000002 /* Ours.swift in Sources */ = {isa = PBXBuildFile; fileRef = AA0000000000000000000001 /* Ours.swift */; };\n"
      ))
    #expect(
      merged.contains(
        "\t\t\t\tAA0000000000000000000001 /* Ours.swift */,\n\t\t\t\tBB0000000000000000000001 /* Theirs.swift */,\n"))
    #expect(
      merged.contains(
        "\t\t\t\tAA0000000000000000000002 /* Ours.swift in Sources */,\n\t\t\t\tBB0000000000000000000002 /* Theirs.swift in Sources */,\n"
      ))
    // Everything else is the file Xcode wrote, line for line, its project name included.
    let original = String(decoding: try PropertyListFile.read(path: fixture), as: UTF8.self)
    #expect(Set(original.split(separator: "\n")).subtracting(merged.split(separator: "\n")).isEmpty)
    #expect(Set(merged.split(separator: "\n")).subtracting(original.split(separator: "\n")).count == 8)
  }
}

/// Edits of project files as Xcode makes them, written in Xcode's layout.
enum ProjectEdits {
  static let group = "E525239616245A900012E2BA"
  static let sources = "E525238816245A900012E2BA"

  static func copy(_ source: String, to path: String) throws -> String {
    try FileManager.default.copyItem(atPath: source, toPath: path)
    return path
  }

  /// Adds a source file to the Cocoa Application target: a file reference, a build file, a
  /// group child and a Sources build-phase entry.
  static func addFile(_ name: String, ids: (reference: String, buildFile: String), to path: String) throws {
    var project = try PropertyList(bytes: try PropertyListFile.read(path: path))
    try project.setValue(
      [
        "isa": "PBXFileReference", "lastKnownFileType": "sourcecode.swift", "path": .string(name),
        "sourceTree": "<group>",
      ],
      at: PropertyListKeyPath(components: ["objects", ids.reference]))
    try project.setValue(
      ["isa": "PBXBuildFile", "fileRef": .string(ids.reference)],
      at: PropertyListKeyPath(components: ["objects", ids.buildFile]))
    try project.insertValue(
      .string(ids.reference), at: PropertyListKeyPath(components: ["objects", group, "children"]), append: true)
    try project.insertValue(
      .string(ids.buildFile), at: PropertyListKeyPath(components: ["objects", sources, "files"]), append: true)
    try PropertyListFile.writeAtomically(
      try XcodeProjectWriter(projectName: "Cocoa Application").write(project), to: path)
  }
}
