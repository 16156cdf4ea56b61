import Foundation

/// Paths of the shipped files.
enum Fixtures {
  /// The project's root folder.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path
  /// `Samples/`.
  static let samples = root + "/Samples"
}
