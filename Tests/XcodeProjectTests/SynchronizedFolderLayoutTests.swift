import Foundation
import PlistKit
import Testing
import XcodeProject

/// How a project's `objectVersion` decides the layout of synchronized folders, as Xcode 16 to 26
/// write them (the corpus's `xcode-current/` files of versions 54, 70, 73 and 77 are the
/// reference): on one line and with exception sets named by their class before 77, over
/// several lines with exception sets named after their folder and target from 77 on.
@Suite struct SynchronizedFolderLayoutTests {
  static func project(objectVersion: String?) -> PropertyList {
    var root: PropertyListDictionary = [
      "archiveVersion": "1",
      "objects": [
        "G": [
          "isa": "PBXFileSystemSynchronizedRootGroup", "exceptions": ["E", "M"], "explicitFileTypes": [:],
          "explicitFolders": [], "path": "App Folder", "sourceTree": "<group>",
        ],
        "E": [
          "isa": "PBXFileSystemSynchronizedBuildFileExceptionSet", "membershipExceptions": ["Info.plist"],
          "target": "T",
        ],
        "M": [
          "isa": "PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet", "buildPhase": "S",
          "membershipExceptions": ["a.swift"],
        ],
        "S": ["isa": "PBXSourcesBuildPhase", "files": []],
        "T": ["isa": "PBXNativeTarget", "name": "App"],
      ],
    ]
    if let objectVersion { root["objectVersion"] = .string(objectVersion) }
    return .dictionary(root)
  }

  static func written(objectVersion: String?) throws -> String {
    String(decoding: try XcodeProjectWriter().write(project(objectVersion: objectVersion)), as: UTF8.self)
  }

  static func expected(objectVersion: String, group: String, exceptionSetComment: String) -> String {
    """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tobjectVersion = \(objectVersion);
    \tobjects = {

    /* Begin PBXFileSystemSynchronizedBuildFileExceptionSet section */
    \t\tE /* \(exceptionSetComment) */ = {
    \t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;
    \t\t\tmembershipExceptions = (
    \t\t\t\tInfo.plist,
    \t\t\t);
    \t\t\ttarget = T /* App */;
    \t\t};
    /* End PBXFileSystemSynchronizedBuildFileExceptionSet section */

    /* Begin PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet section */
    \t\tM /* PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet */ = {
    \t\t\tisa = PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet;
    \t\t\tbuildPhase = S /* Sources */;
    \t\t\tmembershipExceptions = (
    \t\t\t\ta.swift,
    \t\t\t);
    \t\t};
    /* End PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet section */

    /* Begin PBXFileSystemSynchronizedRootGroup section */
    \(group)
    /* End PBXFileSystemSynchronizedRootGroup section */

    /* Begin PBXNativeTarget section */
    \t\tT /* App */ = {
    \t\t\tisa = PBXNativeTarget;
    \t\t\tname = App;
    \t\t};
    /* End PBXNativeTarget section */

    /* Begin PBXSourcesBuildPhase section */
    \t\tS /* Sources */ = {
    \t\t\tisa = PBXSourcesBuildPhase;
    \t\t\tfiles = (
    \t\t\t);
    \t\t};
    /* End PBXSourcesBuildPhase section */
    \t};
    }

    """
  }

  @Test(arguments: ["54", "70", "73", "76"])
  func beforeVersion77AFolderIsOneLineAndItsExceptionsAreNamedByClass(objectVersion: String) throws {
    let group =
      "\t\tG /* App Folder */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = ("
      + "E /* PBXFileSystemSynchronizedBuildFileExceptionSet */, "
      + "M /* PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet */, ); explicitFileTypes = {}; "
      + "explicitFolders = (); path = \"App Folder\"; sourceTree = \"<group>\"; };"
    #expect(
      try Self.written(objectVersion: objectVersion)
        == Self.expected(
          objectVersion: objectVersion, group: group,
          exceptionSetComment: "PBXFileSystemSynchronizedBuildFileExceptionSet"))
  }

  @Test(arguments: ["77", "78"])
  func fromVersion77AFolderSpansLinesAndItsExceptionsNameFolderAndTarget(objectVersion: String) throws {
    let group = """
      \t\tG /* App Folder */ = {
      \t\t\tisa = PBXFileSystemSynchronizedRootGroup;
      \t\t\texceptions = (
      \t\t\t\tE /* Exceptions for "App Folder" folder in "App" target */,
      \t\t\t\tM /* PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet */,
      \t\t\t);
      \t\t\texplicitFileTypes = {
      \t\t\t};
      \t\t\texplicitFolders = (
      \t\t\t);
      \t\t\tpath = "App Folder";
      \t\t\tsourceTree = "<group>";
      \t\t};
      """
    #expect(
      try Self.written(objectVersion: objectVersion)
        == Self.expected(
          objectVersion: objectVersion, group: group,
          exceptionSetComment: #"Exceptions for "App Folder" folder in "App" target"#))
  }

  /// A project that does not say its version (or not as a number) is written as the newest.
  @Test func aProjectWithoutAVersionIsWrittenAsTheNewest() throws {
    let newest = try Self.written(objectVersion: "77")
    #expect(
      try Self.written(objectVersion: nil) == newest.replacingOccurrences(of: "\tobjectVersion = 77;\n", with: ""))
    #expect(
      try Self.written(objectVersion: "seventy")
        == newest.replacingOccurrences(of: "objectVersion = 77;", with: "objectVersion = seventy;"))
  }

  @Test func theCommentsFollowTheVersion() {
    let old = XcodeProjectComments(project: Self.project(objectVersion: "70"))
    let new = XcodeProjectComments(project: Self.project(objectVersion: "77"))
    #expect(old[object: "E"] == "PBXFileSystemSynchronizedBuildFileExceptionSet")
    #expect(new[object: "E"] == #"Exceptions for "App Folder" folder in "App" target"#)
    #expect(old[object: "M"] == "PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet")
    #expect(new[object: "M"] == "PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet")
    #expect(old[object: "G"] == "App Folder")
    #expect(new[object: "G"] == "App Folder")
  }
}
