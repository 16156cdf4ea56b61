/// What the integrity check needs to know of an object's keys and classes: which keys hold
/// object IDs, and which classes have fields they cannot do without.
enum ProjectFieldRole: Equatable, Sendable {
  /// A key whose value is no reference.
  case plain
  /// `isa`.
  case isa
  /// A key whose value, or each element of whose list, is an object ID: `ProjectFieldRole.names[index]`.
  case reference(Int)
  /// `remoteGlobalIDString` of a `PBXContainerItemProxy`: an ID in the project its
  /// `containerPortal` names, which is this project only when the portal is the root object.
  case remoteGlobalID
  /// `TargetAttributes` of the project's `attributes`: a dictionary keyed by target IDs.
  case targetAttributes
  /// The top-level `objects`: the dictionary of every object by its ID.
  case objects

  /// The keys whose values are object IDs, in any class: single references, then lists, then
  /// the keys inside the project's `attributes` and `projectReferences`.
  static let names = [
    "rootObject", "fileRef", "productRef", "buildConfigurationList", "productReference", "package", "target",
    "targetProxy", "containerPortal", "remoteRef", "mainGroup", "productRefGroup", "baseConfigurationReference",
    "baseConfigurationReferenceAnchor", "currentVersion", "buildPhase",
    "children", "files", "buildConfigurations", "buildPhases", "buildRules", "dependencies", "targets",
    "packageReferences", "packageProductDependencies", "fileSystemSynchronizedGroups", "exceptions",
    "TestTargetID", "ProductGroup", "ProjectRef", "TargetAttributes",
  ]

  /// Indices in ``names`` of the fields an object is checked to have.
  static let rootObject = 0
  static let fileRef = 1
  static let productRef = 2
  static let buildConfigurationList = 3
  static let containerPortal = 8
  static let children = 16
  /// The name a key of `TargetAttributes` is reported under.
  static let targetAttributeKey = names.count - 1

  private static let table = ByteNameTable<ProjectFieldRole>(
    names.indices.dropLast().map { (names[$0], .reference($0)) } + [
      ("isa", .isa), ("remoteGlobalIDString", .remoteGlobalID), ("TargetAttributes", .targetAttributes),
    ])

  /// The role of the key spelled `utf8`.
  init(key utf8: UnsafeBufferPointer<UInt8>) { self = Self.table[utf8] ?? .plain }
}

/// The classes whose objects must have a field: a build file its file, a target and the project
/// their configurations, a group its children; a container proxy's remote ID is checked when
/// it points into this project.
enum ProjectClassRole: Sendable {
  case buildFile
  case target
  case project
  case group
  case containerProxy
  case other

  private static let table = ByteNameTable<ProjectClassRole>(
    XcodeProjectClasses.all.map { name in
      switch name {
      case "PBXBuildFile": (name, .buildFile)
      case "PBXNativeTarget", "PBXAggregateTarget", "PBXLegacyTarget": (name, .target)
      case "PBXProject": (name, .project)
      case "PBXGroup", "PBXVariantGroup", "XCVersionGroup": (name, .group)
      case "PBXContainerItemProxy": (name, .containerProxy)
      default: (name, .other)
      }
    })

  /// The role of the class spelled `utf8`; nil for a class Xcode does not write.
  init?(isa utf8: UnsafeBufferPointer<UInt8>) {
    guard let role = Self.table[utf8] else { return nil }
    self = role
  }
}
