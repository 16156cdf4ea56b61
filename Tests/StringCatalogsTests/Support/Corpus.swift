import Foundation
import Testing

/// The shared test corpus: third-party `.strings`, `.stringsdict` and `.xcstrings` files the
/// project does not ship, read from `../shared/corpus/` beside the package's root, where CI has
/// it too. A clone without it skips the tests that need it, through ``needsCorpus(_:)``.
enum Corpus {
  /// The package's root, from this file's path (never the working directory).
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// `../shared/corpus`, beside the package's root.
  static let root = packageRoot.appendingPathComponent("../shared/corpus").standardizedFileURL

  /// The bytes of a file of the corpus.
  static func bytes(_ relativePath: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: root.appendingPathComponent(relativePath)))
  }

  /// The names of the files in a folder of the corpus with extension `pathExtension`, sorted.
  static func files(in folder: String, pathExtension: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
      .filter { $0.hasSuffix("." + pathExtension) }.sorted()
  }

  /// True when the corpus has `folder`.
  static func has(_ folder: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: root.appendingPathComponent(folder).path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }
}

extension Trait where Self == ConditionTrait {
  /// Runs a test or suite only where the corpus has `folder`; elsewhere it is skipped, with this
  /// reason, rather than failed: the files are third-party and never copied into the project.
  static func needsCorpus(_ folder: String) -> Self {
    .enabled(if: Corpus.has(folder), "reads ../shared/corpus/\(folder)/, third-party files the project does not ship")
  }
}
