import Foundation
import PlistKit

/// The Xcode-written project files of the shared corpus (`../shared/corpus/xcode/`, from
/// CocoaPods/Xcodeproj; see its README.md): tests that read them need `.needsCorpus("xcode")`.
enum Projects {
  static func bytes(_ name: String) throws -> [UInt8] { try Corpus.bytes("xcode/" + name) }

  static func value(_ name: String) throws -> PropertyList { try PropertyList(bytes: try bytes(name)) }

  /// The Cocoa Application target's main group and its Sources build phase.
  static let group = "E525239616245A900012E2BA"
  static let sources = "E525238816245A900012E2BA"

  /// Adds a source file to the Cocoa Application target the way Xcode does: a file reference,
  /// a build file, a child of the group, an entry of the Sources phase.
  static func addingFile(
    _ name: String, reference: String, buildFile: String, to project: PropertyList
  ) throws
    -> PropertyList
  {
    var project = project
    try project.setValue(
      [
        "isa": "PBXFileReference", "lastKnownFileType": "sourcecode.swift", "path": .string(name),
        "sourceTree": "<group>",
      ],
      at: PropertyListKeyPath(components: ["objects", reference]))
    try project.setValue(
      ["isa": "PBXBuildFile", "fileRef": .string(reference)],
      at: PropertyListKeyPath(components: ["objects", buildFile]))
    try project.insertValue(
      .string(reference), at: PropertyListKeyPath(components: ["objects", group, "children"]), append: true)
    try project.insertValue(
      .string(buildFile), at: PropertyListKeyPath(components: ["objects", sources, "files"]), append: true)
    return project
  }
}
