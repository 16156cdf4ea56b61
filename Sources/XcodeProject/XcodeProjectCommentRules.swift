import PlistKit

/// The objects of a project, as the comment rules read them: a value (``XcodeProjectComments``)
/// or the syntax of a document that is being edited without its value.
package protocol XcodeProjectObjects {
  /// One object: its fields, however the source holds them.
  associatedtype Object

  /// The project's `rootObject`, if it names one.
  var rootObject: String? { get }
  /// The project's `objectVersion`, if it gives one: some comments depend on it.
  var objectVersion: String? { get }
  /// Calls `body` with the ID and fields of every object that is a dictionary, in file order.
  func forEachObject(_ body: (String, Object) -> Void)
  /// The object with ID `id`, if it is there and a dictionary.
  func object(withID id: String) -> Object?
  /// The string under `key`, if there is one.
  func string(_ key: String, in object: Object) -> String?
  /// The strings of the array under `key` (none when it is missing or not an array).
  func strings(_ key: String, in object: Object) -> [String]
}

/// Xcode's comment rules (see ``XcodeProjectComments``), over any ``XcodeProjectObjects``.
package enum XcodeProjectCommentRules {
  /// What points back from one object to another: the build phase that lists a build file, the
  /// target or project that owns a configuration list, the synchronized group that lists an
  /// exception set. When two objects claim one, the smaller ID wins, so the answer does not
  /// depend on the order of the objects.
  package struct Relations {
    var phaseOfBuildFile: [ExactKey: String] = [:]
    var ownerOfConfigurationList: [ExactKey: String] = [:]
    var groupOfExceptionSet: [ExactKey: String] = [:]

    /// Finds what points back to every object, or only to the objects in `only`.
    package init<Objects: XcodeProjectObjects>(_ objects: Objects, only: Set<ExactKey>? = nil) {
      objects.forEachObject { id, object in
        guard let isa = objects.string("isa", in: object) else { return }
        let kind = XcodeObjectClass(isa)
        if kind.isBuildPhase {
          for file in objects.strings("files", in: object) { Self.claim(&phaseOfBuildFile, file, by: id, only) }
        }
        if kind == .project || kind == .target, let list = objects.string("buildConfigurationList", in: object) {
          Self.claim(&ownerOfConfigurationList, list, by: id, only)
        }
        if kind == .synchronizedRootGroup {
          for set in objects.strings("exceptions", in: object) { Self.claim(&groupOfExceptionSet, set, by: id, only) }
        }
      }
    }

    private static func claim(
      _ table: inout [ExactKey: String], _ object: String, by owner: String, _ only: Set<ExactKey>?
    ) {
      let key = ExactKey(object)
      if let only, !only.contains(key) { return }
      if let current = table[key], current.utf8.lexicographicallyPrecedes(owner.utf8) { return }
      table[key] = owner
    }
  }

  /// The comment of one object.
  package static func comment<Objects: XcodeProjectObjects>(
    of object: Objects.Object, id: String, in objects: Objects, relations: Relations, projectName: String?
  ) -> String? {
    guard let isa = objects.string("isa", in: object) else { return nil }
    let name = objects.string("name", in: object)
    switch XcodeObjectClass(isa) {
    case .buildPhase(let defaultName):
      return name ?? defaultName
    case .fileElement, .synchronizedRootGroup:
      return name ?? objects.string("path", in: object)
    case .target, .buildConfiguration:
      return name
    case .namedByClass:
      return isa
    case .project:
      return "Project object"
    case .buildFile:
      // A build file's file is a file element; one that names another build file (which Xcode
      // never writes) gets no name from it, as following such names could go in circles.
      let file =
        objects.string("fileRef", in: object).flatMap { fileRef in
          objects.object(withID: fileRef).flatMap {
            objects.string("isa", in: $0) == "PBXBuildFile"
              ? nil : comment(of: $0, id: fileRef, in: objects, relations: relations, projectName: projectName)
          }
        }
        ?? objects.string("productRef", in: object).flatMap { objects.object(withID: $0) }.flatMap {
          objects.string("productName", in: $0)
        }
      let phase = relations.phaseOfBuildFile[ExactKey(id)].flatMap { phaseID in
        objects.object(withID: phaseID).flatMap { phase -> String? in
          guard let phaseISA = objects.string("isa", in: phase),
            case .buildPhase(let defaultName) = XcodeObjectClass(phaseISA)
          else { return nil }
          return objects.string("name", in: phase) ?? defaultName
        }
      }
      return "\(file ?? "(null)") in \(phase ?? "(null)")"
    case .referenceProxy:
      return name ?? objects.string("path", in: object).map(lastPathComponent)
    case .configurationList:
      guard let ownerID = relations.ownerOfConfigurationList[ExactKey(id)],
        let owner = objects.object(withID: ownerID), let ownerISA = objects.string("isa", in: owner)
      else { return nil }
      let ownerName = ownerISA == "PBXProject" ? projectName : objects.string("name", in: owner)
      return configurationListComment(ownerISA: ownerISA, ownerName: ownerName ?? "")
    case .packageProductDependency:
      return objects.string("productName", in: object)
    case .remotePackageReference:
      var package = lastPathComponent(objects.string("repositoryURL", in: object) ?? "")
      if package.hasSuffix(".git") { package.removeLast(4) }
      return "XCRemoteSwiftPackageReference \"\(package)\""
    case .localPackageReference:
      return "XCLocalSwiftPackageReference \"\(objects.string("relativePath", in: object) ?? "")\""
    case .exceptionSet:
      // Before version 77 Xcode names exception sets by their class, as it does dependencies.
      if XcodeObjectVersion(objects.objectVersion).keepsSynchronizedFoldersCompact { return isa }
      let folder = relations.groupOfExceptionSet[ExactKey(id)].flatMap { objects.object(withID: $0) }.flatMap {
        objects.string("name", in: $0) ?? objects.string("path", in: $0)
      }
      let target = objects.string("target", in: object).flatMap { objects.object(withID: $0) }.flatMap {
        objects.string("name", in: $0)
      }
      return "Exceptions for \"\(folder ?? "")\" folder in \"\(target ?? "")\" target"
    case .other:
      return name
    }
  }

  /// The comment of a configuration list: `Build configuration list for ISA "NAME"`, naming the
  /// target or project that owns it.
  static func configurationListComment(ownerISA: String, ownerName: String) -> String {
    "Build configuration list for \(ownerISA) \"\(ownerName)\""
  }

  /// The project's name that the comment of the project's own configuration list gives, if
  /// `comment` is one: where a project file that Xcode wrote keeps the name of its folder.
  package static func projectName(fromConfigurationListComment comment: String) -> String? {
    let prefix = configurationListComment(ownerISA: "PBXProject", ownerName: "").dropLast()
    guard comment.hasPrefix(prefix), comment.hasSuffix("\"") else { return nil }
    return String(comment.dropFirst(prefix.count).dropLast())
  }

  /// The name of the first target of the project's root object: what Xcode's templates name
  /// a project after, when its real name (its folder's) is not known.
  package static func firstTargetName<Objects: XcodeProjectObjects>(in objects: Objects) -> String? {
    guard let root = objects.rootObject.flatMap({ objects.object(withID: $0) }),
      let first = objects.strings("targets", in: root).first, let target = objects.object(withID: first)
    else { return nil }
    return objects.string("name", in: target)
  }

  /// The text after the last `/` (all of it when there is none).
  static func lastPathComponent(_ path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
    return String(path[path.utf8.index(after: slash)...])
  }
}
