import DocumentLayouts
import PlistDocument
import PlistKit
import Testing
import XcodeProject

/// Edits of projects with synchronized folders give Xcode's layout for the edited value, in the
/// project's own `objectVersion`: a folder added to a project of version 70 goes on one line, a
/// folder added to one of version 77 over several, and a change of the version writes the
/// folders and the exception sets' comments again as the new version has them.
@Suite struct SynchronizedFolderEditTests {
  static let target = "AA0000000000000000000001"
  static let group = "AA0000000000000000000002"
  static let exceptionSet = "AA0000000000000000000003"
  static let newGroup = "AA0000000000000000000004"
  static let newExceptionSet = "AA0000000000000000000005"

  /// A project the test writes itself, in the writer's layout for `objectVersion`.
  static func project(objectVersion: String) -> PropertyList {
    [
      "archiveVersion": "1", "classes": [:], "objectVersion": .string(objectVersion),
      "objects": [
        target: [
          "isa": "PBXNativeTarget", "name": "App", "fileSystemSynchronizedGroups": [.string(group)],
        ],
        group: [
          "isa": "PBXFileSystemSynchronizedRootGroup", "exceptions": [.string(exceptionSet)],
          "explicitFileTypes": [:], "explicitFolders": [], "path": "App", "sourceTree": "<group>",
        ],
        exceptionSet: [
          "isa": "PBXFileSystemSynchronizedBuildFileExceptionSet", "membershipExceptions": ["Info.plist"],
          "target": .string(target),
        ],
      ],
      "rootObject": .string(target),
    ]
  }

  static func at(_ components: String...) -> PropertyListKeyPath { PropertyListKeyPath(components: components) }

  static let addedGroup: PropertyList = [
    "isa": "PBXFileSystemSynchronizedRootGroup", "exceptions": [.string(newExceptionSet)], "explicitFileTypes": [:],
    "explicitFolders": [], "path": "Widget", "sourceTree": "<group>",
  ]
  static let addedExceptionSet: PropertyList = [
    "isa": "PBXFileSystemSynchronizedBuildFileExceptionSet", "membershipExceptions": ["Widget.plist"],
    "target": .string(target),
  ]

  static let examples: [(name: String, edits: [RandomEdit])] = [
    (
      "add a folder and its exception set",
      [
        .insert(at("objects", newGroup), addedGroup, append: false),
        .insert(at("objects", newExceptionSet), addedExceptionSet, append: false),
      ]
    ),
    (
      "add an exception set before its folder",
      [
        .insert(at("objects", newExceptionSet), addedExceptionSet, append: false),
        .insert(at("objects", newGroup), addedGroup, append: false),
      ]
    ),
    ("rename a folder", [.set(at("objects", group, "path"), "Sources")]),
    ("rename the target", [.set(at("objects", target, "name"), "Application")]),
    (
      "add an explicit folder",
      [.insert(at("objects", group, "explicitFolders", "0"), "Resources/images", append: false)]
    ),
    (
      "remove the exception set",
      [.remove(at("objects", group, "exceptions", "0")), .remove(at("objects", exceptionSet))]
    ),
    ("turn a folder into a group", [.set(at("objects", group, "isa"), "PBXGroup")]),
    (
      "turn a group into a folder",
      [
        .insert(
          at("objects", newGroup), ["isa": "PBXGroup", "path": "Widget", "sourceTree": "<group>"], append: false),
        .set(at("objects", newGroup, "isa"), "PBXFileSystemSynchronizedRootGroup"),
      ]
    ),
    ("move to version 77", [.set("objectVersion", "77")]),
    ("move to version 70", [.set("objectVersion", "70")]),
    ("forget the version", [.remove("objectVersion")]),
    ("replace the whole project", [.set("", project(objectVersion: "77"))]),
  ]

  @Test(arguments: ["54", "70", "77"], examples.indices)
  func editsGiveXcodesLayoutInTheProjectsVersion(objectVersion: String, example: Int) throws {
    var value = Self.project(objectVersion: objectVersion)
    let bytes = try XcodeProjectWriter(projectName: "App").write(value)
    var document = try PropertyListDocument(bytes: bytes)
    #expect(document.isXcodeProject)
    for (step, edit) in Self.examples[example].edits.enumerated() {
      try edit.apply(to: &document)
      try edit.apply(to: &value)
      let expected = try XcodeProjectWriter(projectName: "App").write(value)
      #expect(
        String(decoding: document.bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
        "\(Self.examples[example].name) step \(step): \(EditLocality.firstDifference(expected, document.bytes))")
    }
  }

  /// The lines a new folder and its exception set start with, by version.
  static let newFolderLines: [(objectVersion: String, folder: String, exceptionSet: String)] = [
    (
      "70",
      "\t\tAA0000000000000000000004 /* Widget */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (AA0000000000000000000005 /* PBXFileSystemSynchronizedBuildFileExceptionSet */, ); explicitFileTypes = {}; explicitFolders = (); path = Widget; sourceTree = \"<group>\"; };\n",
      "\t\tAA0000000000000000000005 /* PBXFileSystemSynchronizedBuildFileExceptionSet */ = {\n"
    ),
    (
      "77",
      "\t\tAA0000000000000000000004 /* Widget */ = {\n\t\t\tisa = PBXFileSystemSynchronizedRootGroup;\n\t\t\texceptions = (\n"
        + "\t\t\t\tAA0000000000000000000005 /* Exceptions for \"Widget\" folder in \"App\" target */,\n",
      "\t\tAA0000000000000000000005 /* Exceptions for \"Widget\" folder in \"App\" target */ = {\n"
    ),
  ]

  @Test(arguments: newFolderLines)
  func aNewFolderTakesTheLayoutOfTheProjectsVersion(
    lines: (objectVersion: String, folder: String, exceptionSet: String)
  )
    throws
  {
    var document = try PropertyListDocument(
      bytes: try XcodeProjectWriter(projectName: "App").write(Self.project(objectVersion: lines.objectVersion)))
    try document.insertValue(Self.addedGroup, at: Self.at("objects", Self.newGroup))
    try document.insertValue(Self.addedExceptionSet, at: Self.at("objects", Self.newExceptionSet))
    let text = String(decoding: document.bytes, as: UTF8.self)
    #expect(text.contains(lines.folder))
    #expect(text.contains(lines.exceptionSet))
  }
}
