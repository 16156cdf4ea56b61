/// The version `plistkit --version` prints.
enum ToolVersion {
  /// Semantic version of the tool.
  static let current = "0.1.0"
}
