import PlistKit

/// The `isa` values Xcode's comment rules treat apart, told from a string by its length and
/// bytes (``ByteNameTable``): a project has one `isa` per object, and hashing each into a set of
/// names cost more than the rest of the rules. Every class Xcode writes is in
/// ``XcodeProjectClasses``.
enum XcodeObjectClass: Equatable, Sendable {
  /// A build phase; `defaultName` is its comment when it has no `name`.
  case buildPhase(defaultName: String)
  /// `PBXFileReference`, `PBXGroup`, `PBXVariantGroup`, `XCVersionGroup`,
  /// `PBXFileSystemSynchronizedRootGroup`: named by `name`, else `path`.
  case fileElement
  /// `PBXNativeTarget`, `PBXAggregateTarget`, `PBXLegacyTarget`.
  case target
  /// `PBXTargetDependency`, `PBXContainerItemProxy`, `PBXBuildRule`,
  /// `PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet`: named by their `isa`.
  case namedByClass
  case project
  case buildFile
  case buildConfiguration
  case referenceProxy
  case configurationList
  case packageProductDependency
  case remotePackageReference
  case localPackageReference
  case synchronizedRootGroup
  case exceptionSet
  /// Any other class.
  case other

  /// The classes by name.
  private static let byName = ByteNameTable<XcodeObjectClass>([
    ("PBXSourcesBuildPhase", .buildPhase(defaultName: "Sources")),
    ("PBXFrameworksBuildPhase", .buildPhase(defaultName: "Frameworks")),
    ("PBXResourcesBuildPhase", .buildPhase(defaultName: "Resources")),
    ("PBXHeadersBuildPhase", .buildPhase(defaultName: "Headers")),
    ("PBXCopyFilesBuildPhase", .buildPhase(defaultName: "CopyFiles")),
    ("PBXShellScriptBuildPhase", .buildPhase(defaultName: "ShellScript")),
    ("PBXRezBuildPhase", .buildPhase(defaultName: "Rez")),
    ("PBXAppleScriptBuildPhase", .buildPhase(defaultName: "AppleScript")),
    ("PBXFileReference", .fileElement), ("PBXGroup", .fileElement), ("PBXVariantGroup", .fileElement),
    ("XCVersionGroup", .fileElement), ("PBXFileSystemSynchronizedRootGroup", .synchronizedRootGroup),
    ("PBXNativeTarget", .target), ("PBXAggregateTarget", .target), ("PBXLegacyTarget", .target),
    ("PBXTargetDependency", .namedByClass), ("PBXContainerItemProxy", .namedByClass),
    ("PBXBuildRule", .namedByClass),
    ("PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet", .namedByClass),
    ("PBXProject", .project), ("PBXBuildFile", .buildFile),
    ("XCBuildConfiguration", .buildConfiguration), ("PBXReferenceProxy", .referenceProxy),
    ("XCConfigurationList", .configurationList),
    ("XCSwiftPackageProductDependency", .packageProductDependency),
    ("XCRemoteSwiftPackageReference", .remotePackageReference),
    ("XCLocalSwiftPackageReference", .localPackageReference),
    ("PBXFileSystemSynchronizedBuildFileExceptionSet", .exceptionSet),
  ])

  /// The class named `isa`.
  init(_ isa: String) {
    var isa = isa
    self = isa.withUTF8 { Self.byName[$0] } ?? .other
  }

  /// Whether objects of this class are build phases, whose `files` list build files.
  var isBuildPhase: Bool {
    if case .buildPhase = self { return true }
    return false
  }
}
