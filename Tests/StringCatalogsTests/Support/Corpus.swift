import Foundation
import Testing

/// The shared test corpus: third-party files the project does not ship (here String Catalogs
/// from open-source apps), read from `../shared/corpus/` beside the package's root, where CI has it too. A
/// clone without it skips the tests that need it, through ``needsCorpus(_:)``.
enum Corpus {
  /// The project's root folder, from `#filePath`, never from the working directory.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  /// `../shared/corpus`, beside the package's root.
  static let root = URL(fileURLWithPath: packageRoot + "/../shared/corpus").standardizedFileURL.path

  /// The path of `relativePath` inside the corpus.
  static func path(_ relativePath: String) -> String { root + "/" + relativePath }

  /// The bytes of a file of the corpus.
  static func bytes(_ relativePath: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(relativePath))))
  }

  /// The names of the files in a folder of the corpus with extension `pathExtension`, sorted.
  static func files(in folder: String, pathExtension: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path(folder)).filter { $0.hasSuffix("." + pathExtension) }
      .sorted()
  }

  /// True when the corpus has `folder`.
  static func has(_ folder: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path(folder), isDirectory: &isDirectory) && isDirectory.boolValue
  }
}

extension Trait where Self == ConditionTrait {
  /// Runs a test or suite only where the corpus has `folder`; elsewhere it is skipped, with this
  /// reason, rather than failed: the files are third-party and never copied into the project.
  static func needsCorpus(_ folder: String) -> Self {
    .enabled(if: Corpus.has(folder), "reads ../shared/corpus/\(folder)/, third-party files the project does not ship")
  }
}
