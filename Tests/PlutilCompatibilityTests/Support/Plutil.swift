import Foundation

/// The toolchain's `plutil`, as a peer; the tests that need it skip without it.
enum Plutil {
  static let path = "/opt/swift/usr/bin/plutil"
  static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: path) }
}
