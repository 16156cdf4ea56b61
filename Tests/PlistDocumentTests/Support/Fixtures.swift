import Foundation
import PlistKit

/// The files the document tests read: the project's samples and fixtures, and the shared
/// corpus beside the project when it is there.
enum Fixtures {
  /// The project's root folder.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  static func read(_ relativePath: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + relativePath)))
  }

  /// Every file under `folder` (relative to the root), recursively, sorted; none when the
  /// folder is missing.
  static func files(under folder: String) -> [String] {
    let base = URL(fileURLWithPath: root + "/" + folder).standardizedFileURL.path
    guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
    var paths: [String] = []
    while let next = enumerator.nextObject() as? String {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: base + "/" + next, isDirectory: &isDirectory), !isDirectory.boolValue {
        paths.append(folder + "/" + next)
      }
    }
    return paths.sorted()
  }

  /// The property-list files the project ships or tests with, and those of `../shared/corpus/`.
  static var propertyListFiles: [String] {
    let extensions: Set<String> = ["plist", "strings", "pbxproj", "json", "entitlements", "archive"]
    let folders = ["Samples", "Schemas", "Tests", "../shared/corpus"]
    return folders.flatMap(files(under:)).filter { extensions.contains(URL(fileURLWithPath: $0).pathExtension) }
  }

  /// Real text property lists to edit: the samples, the Xcode fixtures, the shared book files.
  static let editable: [String] = [
    "Samples/Localizable.strings", "Samples/project.pbxproj", "Samples/computers.plist", "Samples/koreanmenu.plist",
    "Tests/Fixtures/Xcode/InfoPlist.strings", "Tests/Fixtures/Xcode/munkistatus-utf16.strings",
    "Tests/Fixtures/Xcode/munkistatus-en-AU-utf8bom.strings", "Tests/Fixtures/Xcode/shared-schemes.pbxproj",
    "Tests/Fixtures/Xcode/cocoa-application.pbxproj", "Tests/Fixtures/Xcode/emoji.pbxproj",
    "Tests/KeyedArchiveTests/Fixtures/Presidents.nska.json", "Tests/PlistSchemaTests/Fixtures/Invalid/menu.json",
  ]
}
