import PlistKit

/// Xcode project files (`project.pbxproj`): how a value and a path are told to be one. A diff and
/// a merge compare and merge a project's objects by ID (its `objects` dictionary holds every
/// object by its ID), and name them with ``ProjectPathLabels``; a file edited or converted by
/// path is written in Xcode's layout (``XcodeProjectWriter``) when its name says it is a project.
public enum ProjectFile {
  /// True for the value of a project file: a dictionary with an `objects` dictionary, an
  /// `archiveVersion` and a `rootObject`.
  public static func isProject(_ value: PropertyList) -> Bool {
    guard case .dictionary(let root) = value, case .dictionary? = root["objects"] else { return false }
    return root["archiveVersion"] != nil && root["rootObject"] != nil
  }

  /// True for a file named `*.pbxproj`, which is written as Xcode writes it.
  package static func isProjectPath(_ path: String) -> Bool { path.hasSuffix(".pbxproj") }

  /// The project's name for a path inside `NAME.xcodeproj/`: Xcode names the project after
  /// that folder (the name is not stored in the file), and the comment of the project's
  /// configuration list says it.
  package static func projectName(ofPath path: String) -> String? {
    let components = path.split(separator: "/")
    guard let folder = components.dropLast().last, folder.hasSuffix(".xcodeproj") else { return nil }
    return String(folder.dropLast(".xcodeproj".count))
  }
}
