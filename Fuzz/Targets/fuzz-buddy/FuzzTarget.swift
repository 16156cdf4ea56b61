import CFuzzerDriver
import PlistBuddy
import PlistDocument
import PlistKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// libFuzzer entry point: the input's bytes become a list of PlistBuddy commands (`Add`,
/// `Set`, `Delete`, `Copy`, `Merge`, `Import`, `Print`, `Save`) on a small file in a temporary
/// folder, with entries from a small alphabet and some far deeper than the depth limit. The
/// session must not crash, and every file it saves must read back (XML and binary: with the
/// entries of the value saved). A file the reader refuses stops the run, as a crash that libFuzzer saves.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = Input(Array(UnsafeRawBufferPointer(start: data, count: size)))
  let folder = Folder.shared
  let start = Folder.starts[Int(input.next()) % Folder.starts.count]
  let path = folder.path("f." + start.name)
  folder.write(start.bytes, to: path)
  let files = FolderFiles()
  let output = Discard()
  var session = BuddySession(path: path, files: files, output: output)
  guard session.open() else { fail("the start file \(start.name) does not open") }
  var commands = 0
  while !input.isEmpty, commands < 48, !session.hasExited {
    let line = input.command(folder: folder)
    session.run(line)
    commands += 1
    if line == "Save" { check(path, saved: session.root, format: start.format) }
  }
  if session.saveIfChanged() { check(path, saved: session.root, format: start.format) }
  return 0
}

/// The file at `path` must read back; XML and binary exactly as `value`.
private func check(_ path: String, saved value: PropertyList, format: PropertyListFormat) {
  let bytes = Folder.shared.read(path) ?? []
  let read = Result { () throws(PropertyListError) in
    try bytes.withUnsafeBytes { buffer in
      Result { () throws(PropertyListError) in
        try PropertyList.read(bytes: buffer, format: nil, fileName: path, options: .default)
      }
    }.get()
  }
  switch read {
  case .failure(let error): fail("a saved \(format) file does not read back: \(error)")
  case .success(let read):
    // `==`: a text file keeps its own key order (an entry deleted and added again keeps its
    // place in the file), so only the entries must be the same.
    if format == .xml || format == .binary, read.value != value {
      fail("a saved \(format) file reads back as another value: \(read.value), not \(value)")
    }
  }
}

/// The input, read a byte at a time (zeros once it ends).
private struct Input {
  var bytes: ArraySlice<UInt8>
  init(_ bytes: [UInt8]) { self.bytes = bytes[...] }
  var isEmpty: Bool { bytes.isEmpty }
  mutating func next() -> UInt8 { bytes.popFirst() ?? 0 }

  static let alphabet = ["a", "b", "0", "1", "", "k"]
  /// Lengths of the deep entries: about the depth limit (512), and far past it.
  static let deepLengths = [509, 510, 511, 512, 513, 600, 5_000]

  /// An entry: a few components from the alphabet, or a deep one.
  mutating func entry() -> String {
    let shape = next()
    if shape & 0xE0 == 0xE0 {
      let length = Self.deepLengths[Int(shape) % Self.deepLengths.count]
      return String(repeating: ":" + Self.alphabet[Int(next()) % 2], count: length)
    }
    var text = ""
    for _ in 0..<(Int(shape) % 4) { text += ":" + Self.alphabet[Int(next()) % Self.alphabet.count] }
    return text.isEmpty && shape & 0x10 != 0 ? ":" : text
  }

  static let types = ["string", "integer", "real", "bool", "date", "data", "array", "dict", "nope"]
  static let values = ["x", "12", "-1.5", "YES", "Mon Jan 1 00:00:00 UTC 2001", "", "0x", "a:b"]

  /// One command line.
  mutating func command(folder: Folder) -> String {
    let code = next()
    switch code % 9 {
    case 0, 1:
      let type = Self.types[Int(next()) % Self.types.count]
      return "Add \(entry()) \(type) \(Self.values[Int(next()) % Self.values.count])"
    case 2: return "Set \(entry()) \(Self.values[Int(next()) % Self.values.count])"
    case 3: return "Delete \(entry())"
    case 4: return "Copy \(entry()) \(entry())"
    case 5: return "Merge \(folder.path(Folder.merged[Int(next()) % Folder.merged.count].name)) \(entry())"
    case 6: return "Import \(entry()) \(folder.path(Folder.merged[Int(next()) % Folder.merged.count].name))"
    case 7: return code & 0x80 == 0 ? "Print \(entry())" : "Revert"
    default: return "Save"
    }
  }
}

/// The temporary folder, made once per process, and the files the commands name.
private final class Folder: @unchecked Sendable {
  static let shared = Folder()
  let root: String

  typealias File = (name: String, format: PropertyListFormat, bytes: [UInt8])

  /// The files a session starts on, one per format.
  static let starts: [File] = {
    let value: PropertyList = ["a": ["b": "x", "0": ["k", 1]], "list": ["y"], "n": 3]
    return [
      ("plist", .xml, try! value.serialized(as: .xml)),
      ("bplist", .binary, try! value.serialized(as: .binary)),
      ("json", .json, try! value.serialized(as: .json)),
      ("strings", .openStep, Array("{ a = { b = x; }; list = ( y ); }\n".utf8)),
    ]
  }()

  /// The files `Merge` and `Import` read: a dictionary, an array, a string, a dictionary and an
  /// array 511 deep (readable; merged anywhere but the root, too deep), bytes, and no file.
  static let merged: [File] = {
    var deep: PropertyList = "x"
    for _ in 0..<510 { deep = ["a": deep] }
    var deepArray: PropertyList = "x"
    for _ in 0..<511 { deepArray = [deepArray] }
    return [
      ("m-dict.plist", .xml, try! (["a": "m", "k": ["z": 1]] as PropertyList).serialized(as: .xml)),
      ("m-array.plist", .xml, try! (["m", 2] as PropertyList).serialized(as: .xml)),
      ("m-string.plist", .xml, try! PropertyList.string("s").serialized(as: .xml)),
      ("m-deep.plist", .xml, try! (["a": deep] as PropertyList).serialized(as: .xml)),
      ("m-deep-array.bplist", .binary, try! deepArray.serialized(as: .binary)),
      ("m-bytes", .xml, Array("12 bytes\n".utf8)),
      ("m-none", .xml, []),
    ]
  }()

  init() {
    var template = Array("/tmp/fuzz-buddy.XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { fail("no temporary folder") }
    root = String(cString: made)
    for file in Self.merged where !file.bytes.isEmpty { write(file.bytes, to: path(file.name)) }
  }

  func path(_ name: String) -> String { root + "/" + name }

  func write(_ bytes: [UInt8], to path: String) {
    guard let file = fopen(path, "wb") else { fail("cannot write \(path)") }
    defer { fclose(file) }
    guard bytes.withUnsafeBytes({ fwrite($0.baseAddress, 1, $0.count, file) }) == bytes.count else {
      fail("cannot write \(path)")
    }
  }

  func read(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
      guard count > 0 else { return bytes }
      bytes += buffer[..<count]
    }
  }
}

/// The session's files, saved as the command line saves them: a text file through its
/// source-preserving document, a binary file whole, a new file as XML.
private struct FolderFiles: BuddyFileAccess {
  func fileExists(_ path: String) -> Bool { access(path, F_OK) == 0 }

  func readBytes(_ path: String) throws(BuddyFileError) -> [UInt8] {
    guard let bytes = Folder.shared.read(path) else { throw BuddyFileError(.cannotOpen, "No such file or directory") }
    return bytes
  }

  func readPropertyList(_ path: String) throws(BuddyFileError) -> PropertyList {
    let bytes = try readBytes(path)
    do {
      return try bytes.withRawBytes { (buffer) throws(PropertyListError) in
        try PropertyList.read(bytes: buffer, format: nil, fileName: path, options: .default).value
      }
    } catch {
      throw BuddyFileError(.invalid, "\(path): \(error)")
    }
  }

  func save(_ value: PropertyList, to path: String) throws(BuddyFileError) {
    do {
      let bytes: [UInt8]
      if let old = Folder.shared.read(path) {
        do {
          var document = try PropertyListDocument(bytes: old, fileName: path)
          try document.update(to: value)
          bytes = document.bytes
        } catch let error where error.kind == .notRepresentable {
          let format = try old.withRawBytes { (buffer) throws(PropertyListError) in
            try PropertyList.read(bytes: buffer, format: nil, fileName: path, options: .default).format
          }
          bytes = try value.serialized(as: format)
        }
      } else {
        bytes = try value.serialized(as: .xml)
      }
      Folder.shared.write(bytes, to: path)
    } catch {
      throw BuddyFileError(.cannotWrite, "\(error)")
    }
  }
}

/// What the session prints goes nowhere.
private final class Discard: BuddyOutput {
  func write(_ bytes: [UInt8], to stream: BuddyStream) {}
}

private func fail(_ message: String) -> Never {
  fatalError("fuzz-buddy: " + message)
}

/// The entry point SwiftPM links as `main`: hands the command line to libFuzzer's driver.
@_cdecl("fuzz_buddy_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  plistkit_fuzz_main(argc, argv)
}
