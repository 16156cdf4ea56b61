import PlistKit

/// What a project file's `objectVersion` decides about its layout.
///
/// Xcode writes a project in the layout of the version the file declares, not in the layout of
/// the Xcode that writes it: Xcode 26 keeps writing a file of version 54 or 70 as those versions
/// were written. From version 77 on, a synchronized folder (`PBXFileSystemSynchronizedRootGroup`)
/// is written over several lines and a build-file exception set is named after its folder and
/// target; in every earlier version the folder is written on one line, as a build file is, and
/// its exception sets are named by their class.
package struct XcodeObjectVersion: Sendable, Equatable {
  /// The first version that writes synchronized folders over several lines and names their
  /// exception sets after the folder and the target.
  package static let expandedSynchronizedFolders = 77

  /// The version, when the file gives it as a whole number.
  package let number: Int?

  /// The version a file's `objectVersion` string gives (nil or not a number: the newest layout).
  package init(_ objectVersion: String?) {
    number = objectVersion.flatMap { Int($0) }
  }

  /// The version of a project's value: its top-level `objectVersion`.
  package init(project: PropertyList) {
    guard case .dictionary(let root) = project else {
      self.init(nil)
      return
    }
    self.init(root["objectVersion"]?.stringValue)
  }

  /// True when a synchronized folder is written on one line and its exception sets are named
  /// by their class: every version before ``expandedSynchronizedFolders``. A project that
  /// does not say its version is written as the newest version is.
  package var keepsSynchronizedFoldersCompact: Bool {
    number.map { $0 < Self.expandedSynchronizedFolders } ?? false
  }

  /// True when Xcode writes an object of class `isa` on one line: a build file and a file
  /// reference always, a synchronized folder before version 77.
  package func writesOnOneLine(isa: String) -> Bool {
    // Told by length first: every dictionary written asks.
    switch isa.utf8.count {
    case 12: return isa.exactlyEquals("PBXBuildFile")
    case 16: return isa.exactlyEquals("PBXFileReference")
    case 34: return keepsSynchronizedFoldersCompact && isa.exactlyEquals("PBXFileSystemSynchronizedRootGroup")
    default: return false
    }
  }
}
