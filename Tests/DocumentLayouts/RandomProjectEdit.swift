import PlistKit

/// Random edits that an Xcode project file meets in use, which a random value rarely makes:
/// objects of the classes whose layout or comments depend on others (build files, file
/// references, synchronized folders and their exception sets, package products), a folder that
/// lists an exception set, an object that changes class, and a change of the project's
/// `objectVersion`, which decides how synchronized folders are written.
extension RandomEdit {
  /// The classes a new object, or an object that changes class, takes.
  public static let projectClasses = [
    "PBXBuildFile", "PBXFileReference", "PBXGroup", "PBXFileSystemSynchronizedRootGroup",
    "PBXFileSystemSynchronizedBuildFileExceptionSet", "PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet",
    "XCSwiftPackageProductDependency", "PBXNativeTarget",
  ]

  /// The versions an edit sets: before, at and after the one from which synchronized folders
  /// span lines.
  public static let objectVersions = ["46", "54", "70", "77", "90"]

  /// A random edit of a project's value, nil for a value that is not a project.
  public static func randomProjectEdit(
    for value: PropertyList, using rng: inout some RandomNumberGenerator
  ) -> RandomEdit? {
    guard case .dictionary(let root) = value, case .dictionary(let objects)? = root["objects"] else { return nil }
    let allIDs = objects.keys
    func ids(of isa: String) -> [String] {
      objects.compactMap { id, object in object.dictionaryValue?["isa"]?.stringValue == isa ? id : nil }
    }
    func anyID(of isa: String) -> PropertyList {
      .string(ids(of: isa).randomElement(using: &rng) ?? allIDs.randomElement(using: &rng) ?? "MISSING")
    }
    let newID = PropertyListKeyPath(components: ["objects", randomObjectID(using: &rng)])
    switch Int.random(in: 0..<8, using: &rng) {
    case 0:
      return .set("objectVersion", .string(objectVersions.randomElement(using: &rng)!))
    case 1:
      guard let id = allIDs.randomElement(using: &rng) else { return nil }
      return .set(
        PropertyListKeyPath(components: ["objects", id, "isa"]), .string(projectClasses.randomElement(using: &rng)!))
    case 2:
      // A folder lists an exception set (one that another folder may list too).
      guard let folder = ids(of: "PBXFileSystemSynchronizedRootGroup").randomElement(using: &rng) else { return nil }
      return .insert(
        PropertyListKeyPath(components: ["objects", folder, "exceptions"]),
        [anyID(of: "PBXFileSystemSynchronizedBuildFileExceptionSet")], append: false)
    default:
      let object: PropertyList
      switch projectClasses.randomElement(using: &rng)! {
      case "PBXBuildFile":
        object = ["isa": "PBXBuildFile", "fileRef": anyID(of: "PBXFileReference")]
      case "PBXFileSystemSynchronizedRootGroup":
        var folder: PropertyListDictionary = [
          "isa": "PBXFileSystemSynchronizedRootGroup", "path": .string(words.randomElement(using: &rng)!),
          "sourceTree": "<group>",
        ]
        if Bool.random(using: &rng) {
          folder["exceptions"] = [anyID(of: "PBXFileSystemSynchronizedBuildFileExceptionSet")]
          folder["explicitFileTypes"] = [:]
          folder["explicitFolders"] = Bool.random(using: &rng) ? [] : ["Resources/images"]
        }
        object = .dictionary(folder)
      case "PBXFileSystemSynchronizedBuildFileExceptionSet":
        object = [
          "isa": "PBXFileSystemSynchronizedBuildFileExceptionSet", "membershipExceptions": ["Info.plist"],
          "target": anyID(of: "PBXNativeTarget"),
        ]
      case "PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet":
        object = [
          "isa": "PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet",
          "buildPhase": anyID(of: "PBXSourcesBuildPhase"), "membershipExceptions": ["a.swift"],
        ]
      case "XCSwiftPackageProductDependency":
        object = ["isa": "XCSwiftPackageProductDependency", "productName": .string(words.randomElement(using: &rng)!)]
      case let isa:
        object = ["isa": .string(isa), "name": .string(words.randomElement(using: &rng)!), "sourceTree": "<group>"]
      }
      return .insert(newID, object, append: false)
    }
  }

  /// 24 upper-case hexadecimal digits, as Xcode's object IDs are.
  static func randomObjectID(using rng: inout some RandomNumberGenerator) -> String {
    let hex = String(UInt64.random(in: 0...UInt64.max, using: &rng), radix: 16, uppercase: true)
    return String(repeating: "0", count: 24 - hex.count) + hex
  }
}
