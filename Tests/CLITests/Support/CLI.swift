import Foundation

/// Runs the built `plistkit` binary as a subprocess, as a shell user would.
enum CLI {
  /// What one run produced.
  struct Run {
    var status: Int32
    var stdout: [UInt8]
    var stderr: String
    /// Standard output as text.
    var output: String { String(decoding: stdout, as: UTF8.self) }
  }

  /// The binary: next to the test bundle in the products directory (SwiftPM builds it first
  /// because the test target depends on it), or `PLISTKIT_BINARY`.
  static let binary: String = {
    if let explicit = ProcessInfo.processInfo.environment["PLISTKIT_BINARY"] { return explicit }
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var folder = executable.deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent("plistkit").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      folder = folder.deletingLastPathComponent()
    }
    return Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("plistkit").path
  }()

  /// The repository root (for `Samples/`).
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// A path inside `Samples/`.
  static func sample(_ name: String) -> String { root.appendingPathComponent("Samples/\(name)").path }

  /// Runs `plistkit arguments…` (or another program) with `stdin` and extra environment.
  @discardableResult
  static func run(
    _ arguments: [String], stdin: [UInt8]? = nil, environment: [String: String] = [:],
    program: String = CLI.binary, directory: String? = nil
  ) throws -> Run {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = nil
    for (key, value) in environment { env[key] = value }
    process.environment = env
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let scratch = try TemporaryDirectory()
    let outURL = scratch.url.appendingPathComponent("stdout")
    let errURL = scratch.url.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    process.standardOutput = out
    process.standardError = err
    let inputPipe = Pipe()
    process.standardInput = stdin == nil ? FileHandle.nullDevice : inputPipe
    try process.run()
    if let stdin {
      inputPipe.fileHandleForWriting.write(Data(stdin))
      try inputPipe.fileHandleForWriting.close()
    }
    process.waitUntilExit()
    try out.close()
    try err.close()
    return Run(
      status: process.terminationStatus, stdout: [UInt8](try Data(contentsOf: outURL)),
      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
  }
}

/// A fresh folder for one test. All of them live under one folder per test process, removed
/// when the process exits (not when the value goes away: Swift may end a value's lifetime
/// right after its last use, which would delete files a running command still needs).
final class TemporaryDirectory: Sendable {
  let url: URL
  var path: String { url.path }

  private static let root: URL = {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "plistkit-cli-tests-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    atexit {
      let root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "plistkit-cli-tests-\(ProcessInfo.processInfo.processIdentifier)")
      try? FileManager.default.removeItem(at: root)
    }
    return root
  }()

  init() throws {
    url = Self.root.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// Writes a file and returns its path.
  @discardableResult
  func file(_ name: String, _ contents: String) throws -> String {
    try file(name, Array(contents.utf8))
  }

  /// Writes a file and returns its path.
  @discardableResult
  func file(_ name: String, _ bytes: [UInt8]) throws -> String {
    let target = url.appendingPathComponent(name)
    try Data(bytes).write(to: target)
    return target.path
  }

  /// The bytes of a file in the folder.
  func contents(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: url.appendingPathComponent(name))) }
}
