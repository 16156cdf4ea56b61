import Foundation
import Testing

/// The shared test corpus: third-party typedstreams the project does not ship, read from
/// `../shared/corpus/typedstream/` beside the package's root; a clone without it skips the
/// tests that need it, through ``needsCorpus(_:)``.
enum Corpus {
  /// The package's root, from this file's path.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

  /// `../shared/corpus`, found from the package's root, never from the working directory.
  static let root = URL(fileURLWithPath: packageRoot + "/../shared/corpus").standardizedFileURL.path

  /// The path of `relativePath` inside the corpus.
  static func path(_ relativePath: String) -> String { root + "/" + relativePath }

  /// The bytes of a file of the corpus.
  static func bytes(_ relativePath: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(relativePath))))
  }

  /// True when the corpus has `folder`.
  static func has(_ folder: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path(folder), isDirectory: &isDirectory) && isDirectory.boolValue
  }

  /// The typedstreams of the corpus (every file of `typedstream/` but its `SOURCES.tsv`).
  static func typedstreams() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path("typedstream"))) ?? []
    return names.filter { $0 != "SOURCES.tsv" && !$0.hasPrefix(".") }.sorted().map { "typedstream/" + $0 }
  }
}

extension Trait where Self == ConditionTrait {
  /// Runs a test only where the corpus has `folder`; elsewhere it is skipped with this reason.
  static func needsCorpus(_ folder: String) -> Self {
    .enabled(if: Corpus.has(folder), "reads ../shared/corpus/\(folder)/, third-party files the project does not ship")
  }
}
