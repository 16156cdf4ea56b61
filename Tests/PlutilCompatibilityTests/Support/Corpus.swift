import Foundation

/// The shared test corpus: third-party files the project does not ship (here the project files
/// and `.strings` files Xcode wrote, and the book's files), read from `../shared/corpus/` beside
/// the package's root, where CI has it too. A clone without it checks fewer files.
enum Corpus {
  /// `../shared/corpus`, found from the package's root (``Fixtures/root``, from `#filePath`),
  /// never from the working directory.
  static let root = URL(fileURLWithPath: Fixtures.root + "/../shared/corpus").standardizedFileURL.path

  /// True when the corpus has `folder`.
  static func has(_ folder: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: root + "/" + folder, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }
}
