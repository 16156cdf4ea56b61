import Foundation

/// The `plutil` that ships with the Swift toolchain, as the peer that plutil mode copies. A test
/// that compares with it is enabled only where the toolchain is installed in `/opt/swift`, and
/// reported skipped elsewhere.
enum Plutil {
  /// Where the toolchain installs it.
  static let path = "/opt/swift/usr/bin/plutil"
  /// True when the toolchain's plutil can be run.
  static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: path) }
}
