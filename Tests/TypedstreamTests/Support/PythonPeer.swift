import Foundation

/// Python's `pytypedstream` (the module `typedstream`), run on files as a peer reader.
enum PythonPeer {
  /// True when `python3 -c 'import typedstream'` succeeds.
  static let isAvailable: Bool = (try? run(["-c", "import typedstream"])) != nil

  /// The peer scripts of `Fixtures/`.
  static func script(_ name: String) -> String { Corpus.packageRoot + "/Tests/TypedstreamTests/Fixtures/" + name }

  /// Runs `python3` with `arguments`; its standard output, or an error with its standard error.
  static func run(_ arguments: [String]) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw PeerError(message: String(decoding: message, as: UTF8.self))
    }
    return [UInt8](data)
  }

  struct PeerError: Error, CustomStringConvertible {
    var message: String
    var description: String { "python3 failed: \(message)" }
  }
}
