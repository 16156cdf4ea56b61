import Foundation
import Testing

/// The shared test corpus (`../shared/corpus/` beside the package's root, where CI has it too):
/// SQLite databases from forensic test data, which the project does not ship. A clone without
/// it skips the tests that need it, through ``needsCorpus(_:)``.
enum Corpus {
  /// The package's root, from this file's place in it.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  /// `../shared/corpus`, found from the package's root, never from the working directory.
  static let root = URL(fileURLWithPath: packageRoot + "/../shared/corpus").standardizedFileURL.path

  /// The path of `relativePath` inside the corpus.
  static func path(_ relativePath: String) -> String { root + "/" + relativePath }

  /// True when the corpus has `folder`.
  static func has(_ folder: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path(folder), isDirectory: &isDirectory) && isDirectory.boolValue
  }

  /// The files of `folder` whose names end in `suffix`, sorted; none without the corpus.
  static func files(in folder: String, endingWith suffix: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path(folder))) ?? []
    return names.filter { $0.hasSuffix(suffix) }.sorted()
  }
}

extension Trait where Self == ConditionTrait {
  /// Runs a test or suite only where the corpus has `folder`; elsewhere it is skipped, with this
  /// reason, rather than failed: the files are third-party and never copied into the project.
  static func needsCorpus(_ folder: String) -> Self {
    .enabled(if: Corpus.has(folder), "reads ../shared/corpus/\(folder)/, third-party files the project does not ship")
  }
}
