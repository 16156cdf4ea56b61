import Foundation
import PlistKit
import Testing

/// The files the document tests read: the project's samples and fixtures, and the shared
/// corpus beside the project when it is there.
enum Fixtures {
  /// The project's root folder.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  /// The shared test corpus, relative to the root: third-party files the project does not
  /// ship, beside the project (CI has it there too). A clone without it skips what needs it.
  static let corpus = "../shared/corpus"

  /// True when `relativePath` (relative to the root) exists.
  static func exists(_ relativePath: String) -> Bool {
    FileManager.default.fileExists(atPath: root + "/" + relativePath)
  }

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
    let folders = ["Samples", "Schemas", "Tests", corpus]
    return folders.flatMap(files(under:)).filter { extensions.contains(URL(fileURLWithPath: $0).pathExtension) }
  }

  /// Real text property lists to edit: the samples and fixtures, and where the corpus is, the
  /// project files and `.strings` files Xcode wrote (`xcode/`).
  static let editable: [String] =
    [
      "Samples/Localizable.strings", "Samples/project.pbxproj", "Samples/computers.plist", "Samples/koreanmenu.plist",
      corpus + "/xcode/InfoPlist.strings", corpus + "/xcode/munkistatus-utf16.strings",
      corpus + "/xcode/munkistatus-en-AU-utf8bom.strings", corpus + "/xcode/shared-schemes.pbxproj",
      corpus + "/xcode/cocoa-application.pbxproj", corpus + "/xcode/emoji.pbxproj",
      "Tests/KeyedArchiveTests/Fixtures/Presidents.nska.json", "Tests/PlistSchemaTests/Fixtures/Invalid/menu.json",
    ].filter(exists)

  /// The project files of current Xcode (`xcode-current/`, objectVersion 54–77), where the
  /// corpus has them.
  static let currentProjects: [String] = files(under: corpus + "/xcode-current").filter { $0.hasSuffix(".pbxproj") }
}

extension Trait where Self == ConditionTrait {
  /// Runs a test or suite only where the shared corpus has `folder`; elsewhere it is skipped,
  /// with this reason, rather than failed: the files are third-party and never copied into the
  /// project.
  static func needsCorpus(_ folder: String) -> Self {
    .enabled(
      if: Fixtures.exists(Fixtures.corpus + "/" + folder),
      "reads ../shared/corpus/\(folder)/, third-party files the project does not ship")
  }
}
