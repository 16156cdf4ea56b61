import Foundation
import PlistKit

/// The toolchain's `plutil`, as a peer. Its JSON output is read back with PlistKit's JSON
/// reader; tests skip the comparison when it is absent.
enum Plutil {
  static let path = "/opt/swift/usr/bin/plutil"
  static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: path) }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// `plutil -convert FORMAT -o - FILE`, or nil without plutil.
  static func convert(file: String, to format: String) throws -> [UInt8]? {
    guard isAvailable else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = ["-convert", format, "-o", "-", file]
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    let error = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(description: "plutil failed: \(String(decoding: error, as: UTF8.self))")
    }
    return [UInt8](output)
  }

  /// The file as plutil reads it, through its JSON output; nil without plutil.
  static func json(ofFile file: String) throws -> PropertyList? {
    guard let bytes = try convert(file: file, to: "json") else { return nil }
    return try PropertyList(bytes: bytes, format: .json)
  }

  /// Bytes as plutil reads them, through a binary plist read by Foundation (plutil's JSON has
  /// no data); nil without plutil.
  static func read(_ bytes: [UInt8]) throws -> PropertyList? {
    guard isAvailable else { return nil }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("plutil-\(UUID().uuidString)").path
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    defer { try? FileManager.default.removeItem(atPath: file) }
    guard let binary = try convert(file: file, to: "binary1") else { return nil }
    return try FoundationPeer.read(binary)
  }
}
