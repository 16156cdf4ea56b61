import Foundation
import PlistDocument
import PlistKit
import Testing
import XcodeProject

/// A whole file's edit: a text file through its document (only the edited bytes change), a
/// binary file or `reformat` through its value, written in the format's own layout; errors name
/// the file.
@Suite("Editing a file")
struct FileEditorTests {
  static let xml = Array(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
      <!-- kept -->
      <key>Name</key>   <string>Old</string>
      <key>Year</key> <integer>1974</integer>
    </dict>
    </plist>

    """.utf8)

  /// Makes `edit` at `path` of `bytes` with `editor`, through whichever route the editor takes.
  static func edit(
    _ bytes: [UInt8], _ edit: KeyPathEdit, at path: String, file: String? = "file.plist",
    editor: PropertyListFileEditor = PropertyListFileEditor()
  ) throws(PropertyListError) -> [UInt8] {
    let keyPath = PropertyListKeyPath(path)
    return try editor.edit(
      bytes, path: file,
      document: { (document) throws(PropertyListError) in try edit.apply(to: &document, at: keyPath) },
      value: { (value) throws(PropertyListError) in try edit.apply(to: &value, at: keyPath) })
  }

  @Test("a text file changes only in the edited bytes: comments and layout stay")
  func textFileKeepsItsLayout() throws {
    let edited = try Self.edit(Self.xml, .set("New"), at: "Name")
    let expected = String(decoding: Self.xml, as: UTF8.self).replacingOccurrences(
      of: "<string>Old</string>", with: "<string>New</string>")
    #expect(String(decoding: edited, as: UTF8.self) == expected)
    // The same bytes the document's own edit gives.
    var document = try PropertyListDocument(bytes: Self.xml)
    try document.setValue("New", at: PropertyListKeyPath("Name"))
    #expect(edited == document.bytes)
  }

  @Test("reformat writes the whole file from its value, in the format's layout")
  func reformatWritesTheValue() throws {
    let edited = try Self.edit(
      Self.xml, .set("New"), at: "Name", editor: PropertyListFileEditor(reformat: true))
    let expected: PropertyList = ["Name": "New", "Year": 1974]
    #expect(edited == (try expected.serialized(as: .xml)))
  }

  @Test("a binary file is edited through its value and stays binary")
  func binaryFileIsWrittenWhole() throws {
    let binary = try (["Name": "Old", "Year": 1974] as PropertyList).serialized(as: .binary)
    let edited = try Self.edit(binary, .remove, at: "Year")
    #expect(edited == (try (["Name": "Old"] as PropertyList).serialized(as: .binary)))
  }

  @Test("a *.pbxproj file is a project: edited in Xcode's layout, or written whole by the project writer")
  func projectFiles() throws {
    let bytes = try Fixtures.read("Samples/project.pbxproj")
    let path = "Samples/Presidents.xcodeproj/project.pbxproj"
    let keyPath = "objects.4A1B2C3D2B00000400ABCDEF.path"
    let edited = try Self.edit(bytes, .set("Renamed.plist"), at: keyPath, file: path)
    var document = try PropertyListDocument(
      bytes: bytes, options: .init(xcodeProject: true, projectName: "Presidents"))
    try document.setValue("Renamed.plist", at: PropertyListKeyPath(keyPath))
    #expect(edited == document.bytes)
    // The comments follow the renamed file, in every reference to it.
    let text = String(decoding: edited, as: UTF8.self)
    #expect(text.contains("4A1B2C3D2B00000400ABCDEF /* Renamed.plist */ = {isa = PBXFileReference;"))
    #expect(!text.contains("/* Presidents.plist */"))

    let reformatted = try Self.edit(
      bytes, .set("Renamed.plist"), at: keyPath, file: path, editor: PropertyListFileEditor(reformat: true))
    var value = try PropertyList(bytes: bytes)
    try value.setValue("Renamed.plist", at: PropertyListKeyPath(keyPath))
    #expect(reformatted == (try XcodeProjectWriter(projectName: "Presidents").write(value)))
  }

  @Test("typed JSON and GNUstep's typed values written whole are written the same way again")
  func typedFormsStayTyped() throws {
    let reformat = PropertyListFileEditor(reformat: true)
    let typed = Array(#"{"when": {"$date": "2001-01-01T00:00:00Z"}, "n": 1}"#.utf8)
    let json = try Self.edit(typed, .set(2), at: "n", file: "file.json", editor: reformat)
    #expect(
      try PropertyList(bytes: json, format: .json, options: .init(jsonStyle: .typed)) == [
        "when": .date(PropertyListDate(secondsSinceReferenceDate: 0)), "n": 2,
      ])
    let gnustep = Array("{ n = <*I5>; s = text; }".utf8)
    let openStep = try Self.edit(gnustep, .set("other"), at: "s", file: "file.strings", editor: reformat)
    #expect(String(decoding: openStep, as: UTF8.self).contains("<*I5>"))
  }

  @Test("an edit that does not fit names the file as a field, and the key path as the location")
  func errorsNameTheFile() throws {
    #expect {
      _ = try Self.edit(Self.xml, .set("x"), at: "Missing.Deeper", file: "Info.plist")
    } throws: { error in
      guard let error = error as? PropertyListError else { return false }
      return error.file == "Info.plist" && error.kind == .keyPath && error.message.hasPrefix("no such key")
        && error.location == .keyPath("Missing")
    }
    // Standard input has no name to give.
    #expect {
      _ = try Self.edit(Self.xml, .set("x"), at: "Missing.Deeper", file: nil)
    } throws: { error in
      (error as? PropertyListError)?.file == nil
    }
    #expect {
      _ = try Self.edit(Array("<plist><dict>".utf8), .remove, at: "a", file: "broken.plist")
    } throws: { error in
      guard let error = error as? PropertyListError else { return false }
      return error.file == "broken.plist" && error.kind == .unexpectedEnd
    }
  }
}
