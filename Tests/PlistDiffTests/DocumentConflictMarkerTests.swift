import PlistDiff
import PlistDocument
import PlistKit
import Testing

/// Conflict markers spliced into OURS' own text: everything outside the conflicts' lines is
/// the text a clean merge writes into OURS, comments and layout included.
@Suite("Conflict markers in OURS' text")
struct DocumentConflictMarkerTests {
  func marked(
    base: String, ours: String, theirs: String, oursLabel: String = "OURS", theirsLabel: String = "THEIRS"
  ) throws -> (text: String, conflicts: [PropertyListConflict]) {
    let document = try PropertyListDocument(
      bytes: Array(ours.utf8), options: .init(writing: PropertyListWritingOptions(openStepWritesGNUstepScalars: true)))
    let (bytes, conflicts) = try ConflictMarkers.document(
      base: try PropertyList(bytes: Array(base.utf8)), ours: document,
      theirs: try PropertyList(bytes: Array(theirs.utf8)), oursLabel: oursLabel, theirsLabel: theirsLabel)
    return (String(decoding: bytes, as: UTF8.self), conflicts)
  }

  static let xmlBase = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <!-- The book's settings, kept by hand. -->
    <dict>
    \t<!-- Who signed it. -->
    \t<key>Name</key>
    \t<string>Gerald Ford</string>
    \t<key>Party</key>   <string>Republican</string>
    \t<key>Tags</key>
    \t<array>
    \t\t<string>a</string> <!-- first -->
    \t\t<string>b</string>
    \t</array>
    </dict>
    </plist>

    """

  @Test("XML: comments and layout stay; the conflicting entry is marked, THEIRS' side in OURS' layout")
  func xmlWithComments() throws {
    let ours = Self.xmlBase.replacingOccurrences(of: "Gerald Ford", with: "Gerald R. Ford")
    let theirs = Self.xmlBase.replacingOccurrences(of: "Gerald Ford", with: "Jerry Ford")
      .replacingOccurrences(of: "<string>b</string>", with: "<string>b</string><string>c</string>")
    let (text, conflicts) = try marked(base: Self.xmlBase, ours: ours, theirs: theirs, theirsLabel: "feature")
    #expect(
      lines(conflicts) == [#"! both-changed Name: base "Gerald Ford" | ours "Gerald R. Ford" | theirs "Jerry Ford""#])
    #expect(
      text == """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <!-- The book's settings, kept by hand. -->
        <dict>
        \t<!-- Who signed it. -->
        <<<<<<< OURS
        \t<key>Name</key>
        \t<string>Gerald R. Ford</string>
        =======
        \t<key>Name</key>
        \t<string>Jerry Ford</string>
        >>>>>>> feature
        \t<key>Party</key>   <string>Republican</string>
        \t<key>Tags</key>
        \t<array>
        \t\t<string>a</string> <!-- first -->
        \t\t<string>b</string>
        \t\t<string>c</string>
        \t</array>
        </dict>
        </plist>

        """)
  }

  static let projectBase = """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tclasses = {
    \t};
    \tobjectVersion = 46;
    \tobjects = {

    /* Begin PBXBuildFile section */
    \t\tAA0000000000000000000002 /* main.m in Sources */ = {isa = PBXBuildFile; fileRef = AA0000000000000000000001 /* main.m */; };
    /* End PBXBuildFile section */

    /* Begin PBXFileReference section */
    \t\tAA0000000000000000000001 /* main.m */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.c.objc; path = main.m; sourceTree = "<group>"; };
    /* End PBXFileReference section */

    /* Begin PBXSourcesBuildPhase section */
    \t\tAA0000000000000000000004 /* Sources */ = {
    \t\t\tisa = PBXSourcesBuildPhase;
    \t\t\tbuildActionMask = 2147483647;
    \t\t\tfiles = (
    \t\t\t\tAA0000000000000000000002 /* main.m in Sources */,
    \t\t\t);
    \t\t\trunOnlyForDeploymentPostprocessing = 0;
    \t\t};
    /* End PBXSourcesBuildPhase section */

    /* Begin XCBuildConfiguration section */
    \t\tAA0000000000000000000003 /* Debug */ = {
    \t\t\tisa = XCBuildConfiguration;
    \t\t\tbuildSettings = {
    \t\t\t\tMACOSX_DEPLOYMENT_TARGET = 10.8;
    \t\t\t\tSDKROOT = macosx;
    \t\t\t};
    \t\t\tname = Debug;
    \t\t};
    /* End XCBuildConfiguration section */
    \t};
    \trootObject = AA0000000000000000000003 /* Debug */;
    }

    """

  @Test("a project file: the header, section and object comments stay; THEIRS' side gets Xcode's comments")
  func projectFile() throws {
    // Each side renamed the file, Xcode's comments with it, and changed a setting.
    let ours = Self.projectBase.replacingOccurrences(of: "= 10.8", with: "= 10.9")
      .replacingOccurrences(of: "main.m", with: "Main.m")
    let theirs = Self.projectBase.replacingOccurrences(of: "= 10.8", with: "= 10.10")
      .replacingOccurrences(of: "main.m", with: "App.m").replacingOccurrences(
        of: "SDKROOT = macosx", with: "SDKROOT = iphoneos")
    let (text, conflicts) = try marked(base: Self.projectBase, ours: ours, theirs: theirs)
    #expect(
      conflicts.map(\.path.description) == [
        "objects.AA0000000000000000000001.path",
        "objects.AA0000000000000000000003.buildSettings.MACOSX_DEPLOYMENT_TARGET",
      ])
    // The file's name is in comments wherever it is referenced: each of those lines is marked.
    #expect(
      text == """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tclasses = {
        \t};
        \tobjectVersion = 46;
        \tobjects = {

        /* Begin PBXBuildFile section */
        <<<<<<< OURS
        \t\tAA0000000000000000000002 /* Main.m in Sources */ = {isa = PBXBuildFile; fileRef = AA0000000000000000000001 /* Main.m */; };
        =======
        \t\tAA0000000000000000000002 /* App.m in Sources */ = {isa = PBXBuildFile; fileRef = AA0000000000000000000001 /* App.m */; };
        >>>>>>> THEIRS
        /* End PBXBuildFile section */

        /* Begin PBXFileReference section */
        <<<<<<< OURS
        \t\tAA0000000000000000000001 /* Main.m */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.c.objc; path = Main.m; sourceTree = "<group>"; };
        =======
        \t\tAA0000000000000000000001 /* App.m */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.c.objc; path = App.m; sourceTree = "<group>"; };
        >>>>>>> THEIRS
        /* End PBXFileReference section */

        /* Begin PBXSourcesBuildPhase section */
        \t\tAA0000000000000000000004 /* Sources */ = {
        \t\t\tisa = PBXSourcesBuildPhase;
        \t\t\tbuildActionMask = 2147483647;
        \t\t\tfiles = (
        <<<<<<< OURS
        \t\t\t\tAA0000000000000000000002 /* Main.m in Sources */,
        =======
        \t\t\t\tAA0000000000000000000002 /* App.m in Sources */,
        >>>>>>> THEIRS
        \t\t\t);
        \t\t\trunOnlyForDeploymentPostprocessing = 0;
        \t\t};
        /* End PBXSourcesBuildPhase section */

        /* Begin XCBuildConfiguration section */
        \t\tAA0000000000000000000003 /* Debug */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbuildSettings = {
        <<<<<<< OURS
        \t\t\t\tMACOSX_DEPLOYMENT_TARGET = 10.9;
        =======
        \t\t\t\tMACOSX_DEPLOYMENT_TARGET = 10.10;
        >>>>>>> THEIRS
        \t\t\t\tSDKROOT = iphoneos;
        \t\t\t};
        \t\t\tname = Debug;
        \t\t};
        /* End XCBuildConfiguration section */
        \t};
        \trootObject = AA0000000000000000000003 /* Debug */;
        }

        """)
  }

  @Test("a key OURS removed and THEIRS changed: nothing on OURS' side, THEIRS' entry where the document adds it")
  func removedByOurs() throws {
    let base = "{\n    // kept\n    a = 1;\n    b = 2;\n}\n"
    let (text, conflicts) = try marked(
      base: base, ours: "{\n    // kept\n    b = 2;\n}\n", theirs: "{\n    a = 3;\n    b = 2;\n}\n")
    #expect(conflicts.map(\.kind) == [.removedByOurs])
    #expect(
      text == "{\n    // kept\n    b = 2;\n<<<<<<< OURS\n=======\n    a = 3;\n>>>>>>> THEIRS\n}\n")
  }

  @Test("conflicting array elements are marked element by element, in OURS' layout")
  func elements() throws {
    let base = "( /* list */\n  one,\n  two,\n  three\n)\n"
    let (text, conflicts) = try marked(
      base: base, ours: "( /* list */\n  one,\n  TWO,\n  three\n)\n", theirs: "(one, 2, three)")
    #expect(conflicts.map(\.kind) == [.changedOnBothSides])
    #expect(
      text == "( /* list */\n  one,\n<<<<<<< OURS\n  TWO,\n=======\n  2,\n>>>>>>> THEIRS\n  three\n)\n")
  }

  @Test("a clean merge gives the clean merge's text, and CRLF lines get CRLF markers")
  func cleanAndCRLF() throws {
    let base = "{\r\n  a = 1; // one\r\n  b = 2;\r\n}\r\n"
    let clean = try marked(base: base, ours: "{\r\n  a = 1; // one\r\n  b = 3;\r\n}\r\n", theirs: "{ a = 4; b = 2; }")
    #expect(clean.conflicts.isEmpty)
    #expect(clean.text == "{\r\n  a = 4; // one\r\n  b = 3;\r\n}\r\n")
    let conflict = try marked(
      base: base, ours: "{\r\n  a = 5; // one\r\n  b = 2;\r\n}\r\n", theirs: "{ a = 4; b = 2; }")
    #expect(
      conflict.text
        == "{\r\n<<<<<<< OURS\r\n  a = 5; // one\r\n=======\r\n  a = 4; // one\r\n>>>>>>> THEIRS\r\n  b = 2;\r\n}\r\n")
  }
}
