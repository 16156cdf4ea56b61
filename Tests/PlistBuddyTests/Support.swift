import PlistBuddy
import PlistKit

/// Files in memory for a session: property lists by path, raw bytes by path, and what was saved.
final class MemoryFiles: BuddyFileAccess {
  var values: [String: PropertyList] = [:]
  var bytes: [String: [UInt8]] = [:]
  var invalid: Set<String> = []
  var refusesWrites = false
  private(set) var saves: [(path: String, value: PropertyList)] = []

  func fileExists(_ path: String) -> Bool {
    values[path] != nil || bytes[path] != nil || invalid.contains(path)
  }

  func readPropertyList(_ path: String) throws(BuddyFileError) -> PropertyList {
    if invalid.contains(path) { throw BuddyFileError(.invalid, "\(path):1:1: not a property list") }
    guard let value = values[path] else { throw BuddyFileError(.cannotOpen, "No such file or directory") }
    return value
  }

  func readBytes(_ path: String) throws(BuddyFileError) -> [UInt8] {
    guard let data = bytes[path] else { throw BuddyFileError(.cannotOpen, "No such file or directory") }
    return data
  }

  func save(_ value: PropertyList, to path: String) throws(BuddyFileError) {
    if refusesWrites { throw BuddyFileError(.cannotWrite, "Permission denied") }
    values[path] = value
    saves.append((path, value))
  }
}

/// What a session printed: each stream, and both interleaved with standard error marked `2> `.
final class Transcript: BuddyOutput {
  private(set) var standardOutput: [UInt8] = []
  private(set) var standardError = ""
  private(set) var interleaved = ""

  var output: String { String(decoding: standardOutput, as: UTF8.self) }

  func write(_ bytes: [UInt8], to stream: BuddyStream) {
    let text = String(decoding: bytes, as: UTF8.self)
    switch stream {
    case .standardOutput:
      standardOutput += bytes
      interleaved += text
    case .standardError:
      standardError += text
      interleaved += text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "2> \($0)\n" }
        .joined()
    }
  }
}

/// Runs `commands` on a session over `root` (the file `f.plist`), as `-c` does.
struct Run {
  let session: BuddySession
  let transcript: Transcript
  let files: MemoryFiles

  init(_ commands: [String], on root: PropertyList?, xml: Bool = false, files: MemoryFiles = MemoryFiles()) {
    if let root { files.values["f.plist"] = root }
    let transcript = Transcript()
    var session = BuddySession(path: "f.plist", files: files, output: transcript, printsXML: xml)
    if session.open() {
      for command in commands where !session.hasExited { session.run(command) }
      _ = session.saveIfChanged()
    }
    self.session = session
    self.transcript = transcript
    self.files = files
  }

  /// The value after the run.
  var root: PropertyList { session.root }
  /// Both streams, standard error marked.
  var text: String { transcript.interleaved }
}

/// A small Info.plist-like value.
let sample: PropertyList = [
  "Name": "Test App",
  "Version": 42,
  "Enabled": true,
  "Rating": 3.14,
  "Icon": .data([1, 2, 3, 4]),
  "Tags": ["alpha", "beta"],
  "Nested": ["Inner": "value"],
]
