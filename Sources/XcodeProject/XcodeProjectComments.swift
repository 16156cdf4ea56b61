import PlistKit

/// The `/* comment */` Xcode writes after every object reference in a `project.pbxproj` file,
/// for each object of a project: `main.swift`, `main.swift in Sources`, `Sources`, `Debug`,
/// `Build configuration list for PBXNativeTarget "App"`, `Project object`, and so on.
///
/// Xcode computes these comments from the objects themselves, so they are never data: reading a
/// project file drops them, and writing one (``XcodeProjectWriter``) makes them again from
/// the value. The rules, per `isa`:
///
/// | object | comment |
/// |---|---|
/// | `PBXProject` | `Project object` |
/// | `PBXBuildFile` | the comment of its `fileRef` (or its `productRef`'s `productName`), ` in `, the comment of the build phase whose `files` lists it: `main.swift in Sources`; `(null)` for a part that is missing |
/// | `PBXSourcesBuildPhase`, `PBXFrameworksBuildPhase`, `PBXResourcesBuildPhase`, `PBXHeadersBuildPhase`, `PBXCopyFilesBuildPhase`, `PBXShellScriptBuildPhase`, `PBXRezBuildPhase`, `PBXAppleScriptBuildPhase` | its `name`, else `Sources`, `Frameworks`, `Resources`, `Headers`, `CopyFiles`, `ShellScript`, `Rez`, `AppleScript` |
/// | `PBXFileReference`, `PBXGroup`, `PBXVariantGroup`, `XCVersionGroup`, `PBXFileSystemSynchronizedRootGroup` | its `name`, else its `path` (none when it has neither, as for a project's main group) |
/// | `PBXReferenceProxy` | its `name`, else the last component of its `path` |
/// | `PBXNativeTarget`, `PBXAggregateTarget`, `PBXLegacyTarget`, `XCBuildConfiguration` | its `name` |
/// | `PBXTargetDependency`, `PBXContainerItemProxy`, `PBXBuildRule`, `PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet` | its `isa` |
/// | `XCConfigurationList` | `Build configuration list for ISA "NAME"`, naming the target or project whose `buildConfigurationList` it is (a project is named by ``projectName``) |
/// | `XCSwiftPackageProductDependency` | its `productName` |
/// | `XCRemoteSwiftPackageReference` | `XCRemoteSwiftPackageReference "NAME"`, NAME the last component of its `repositoryURL` without `.git` |
/// | `XCLocalSwiftPackageReference` | `XCLocalSwiftPackageReference "PATH"`, its `relativePath` |
/// | `PBXFileSystemSynchronizedBuildFileExceptionSet` | `Exceptions for "FOLDER" folder in "TARGET" target`, FOLDER the synchronized folder whose `exceptions` list it; its `isa` in a project whose `objectVersion` is below 77 |
/// | any other `isa` | its `name`, if it has one |
///
/// A project's name is not stored in its file (Xcode takes it from the `NAME.xcodeproj`
/// folder), so it is given here; without one, the name of the project's first target is used,
/// which is what Xcode's templates make it.
public struct XcodeProjectComments: Sendable {
  /// The name the project's own configuration list is described with.
  public let projectName: String?
  /// The project's `objects` dictionary (empty for a value of another shape), whose index
  /// finds an ID's position.
  private let objects: PropertyListDictionary
  /// The comment of the object at each position of `objects`.
  private let byPosition: [String?]
  /// Bit n set when an ID of n UTF-8 bytes (n < 64) has a comment, bit 63 for longer ones:
  /// most strings a writer asks about are not IDs, and their length says so without hashing.
  private let idLengths: UInt64
  /// The number of objects that have a comment.
  public let count: Int

  /// Works out the comment of every object of a project: the value of a `project.pbxproj`
  /// file (a dictionary with an `objects` dictionary of object ID → object). A value of
  /// another shape has no comments.
  public init(project: PropertyList, projectName: String? = nil) {
    let projectObjects = PropertyListProjectObjects(project: project)
    let name = projectName ?? projectObjects.flatMap { XcodeProjectCommentRules.firstTargetName(in: $0) }
    self.projectName = name
    var byPosition: [String?] = []
    var idLengths: UInt64 = 0
    var count = 0
    if let projectObjects {
      let objects = projectObjects.objects
      let relations = XcodeProjectCommentRules.Relations(projectObjects)
      byPosition = Array(repeating: nil, count: objects.count)
      for position in objects.indices {
        guard case .dictionary(let fields) = objects.values[position] else { continue }
        let id = objects.keys[position]
        guard
          let comment = XcodeProjectCommentRules.comment(
            of: fields, id: id, in: projectObjects, relations: relations, projectName: name)
        else { continue }
        byPosition[position] = comment
        idLengths |= Self.lengthBit(id.utf8.count)
        count += 1
      }
    }
    objects = projectObjects?.objects ?? PropertyListDictionary()
    self.byPosition = byPosition
    self.idLengths = idLengths
    self.count = count
  }

  private static func lengthBit(_ count: Int) -> UInt64 { 1 << UInt64(min(count, 63)) }

  /// The comment Xcode writes after a reference to the object `id`, or nil when it writes
  /// none (no such object, or an object with nothing to name it by).
  public subscript(object id: String) -> String? {
    guard idLengths & Self.lengthBit(id.utf8.count) != 0, let position = objects.position(of: id) else { return nil }
    return byPosition[position]
  }

  /// The comment of the object at `position` of the `objects` dictionary these comments were
  /// made from: for a writer going through that dictionary, without looking its ID up.
  package func comment(atObjectPosition position: Int) -> String? {
    byPosition.indices.contains(position) ? byPosition[position] : nil
  }
}

/// The objects of a project value, for the comment rules.
struct PropertyListProjectObjects: XcodeProjectObjects {
  let objects: PropertyListDictionary
  let rootObject: String?
  let objectVersion: String?

  init?(project: PropertyList) {
    guard case .dictionary(let root) = project, case .dictionary(let objects)? = root["objects"] else { return nil }
    self.objects = objects
    rootObject = root["rootObject"]?.stringValue
    objectVersion = root["objectVersion"]?.stringValue
  }

  func forEachObject(_ body: (String, PropertyListDictionary) -> Void) {
    for (id, object) in objects {
      if case .dictionary(let fields) = object { body(id, fields) }
    }
  }

  func object(withID id: String) -> PropertyListDictionary? { objects[id]?.dictionaryValue }

  func string(_ key: String, in object: PropertyListDictionary) -> String? { object[key]?.stringValue }

  func strings(_ key: String, in object: PropertyListDictionary) -> [String] {
    object[key]?.arrayValue?.compactMap(\.stringValue) ?? []
  }
}
