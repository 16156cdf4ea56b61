/// The object classes (`isa` values) that Xcode writes in a project file, from Xcode 3's to
/// Xcode 26's: what ``ProjectIntegrity`` knows, so that any other `isa` is reported.
public enum XcodeProjectClasses {
  /// Every class, current ones first, then the legacy ones older projects still hold and
  /// current Xcode still reads (`PBXBuildStyle`, `PBXAppleScriptBuildPhase`, …).
  public static let all: [String] = current + legacy

  /// The classes current Xcode (16–26) writes.
  public static let current = [
    "PBXProject", "PBXFileReference", "PBXGroup", "PBXVariantGroup", "XCVersionGroup", "PBXReferenceProxy",
    "PBXBuildFile", "PBXNativeTarget", "PBXAggregateTarget", "PBXLegacyTarget", "PBXTargetDependency",
    "PBXContainerItemProxy", "PBXBuildRule", "XCBuildConfiguration", "XCConfigurationList",
    "PBXSourcesBuildPhase", "PBXFrameworksBuildPhase", "PBXResourcesBuildPhase", "PBXHeadersBuildPhase",
    "PBXCopyFilesBuildPhase", "PBXShellScriptBuildPhase", "PBXRezBuildPhase",
    "XCSwiftPackageProductDependency", "XCRemoteSwiftPackageReference", "XCLocalSwiftPackageReference",
    "PBXFileSystemSynchronizedRootGroup", "PBXFileSystemSynchronizedBuildFileExceptionSet",
    "PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet",
  ]

  /// Classes of older projects: Xcode reads them, and a project last saved by an old Xcode
  /// holds them.
  public static let legacy = [
    "PBXAppleScriptBuildPhase", "PBXJavaArchiveBuildPhase", "PBXShellBuildPhase", "PBXBuildStyle",
  ]
}
