import PlistKit

/// A PlistBuddy session on one file: the value being edited, whether it changed, whether any
/// command failed, and the commands that act on it.
///
/// What it prints follows macOS: a value on standard output, errors about entries on standard
/// error (`Print: Entry, ":X", Does Not Exist`), PlistBuddy's notices on standard output
/// (`Unrecognized Command`, `Initializing Plist...`). A failed command marks the session
/// ``hasFailed`` (the process then exits 1) and the next command still runs; a VALUE that does
/// not read as its type (`Unrecognized Integer Format`) changes nothing and does not fail.
public struct BuddySession {
  /// The file being edited.
  public let path: String
  /// The value being edited.
  public internal(set) var root: PropertyList = .dictionary(PropertyListDictionary())
  /// True once a command that edits has run since the last save or revert (even one that
  /// failed, as on macOS): the file is then written when a `-c` run ends.
  public internal(set) var hasUnsavedChanges = false
  /// True once any command failed.
  public internal(set) var hasFailed = false
  /// True once `Exit` ran.
  public internal(set) var hasExited = false
  /// `-x`: `Print` writes an XML property list instead of PlistBuddy's layout.
  public var printsXML: Bool
  /// The most bytes `Print` writes, and the most the file may grow to by `Copy` when its
  /// shared values are written out at every place (see
  /// `PropertyListWritingOptions.maximumOutputSize`): a value read from a binary
  /// plist may share one container or string from many places, and repeated copies of a
  /// container into itself double it each time. The default is the limit for an empty input
  /// (256 MiB).
  public var maximumOutputSize = PropertyListWritingOptions.defaultMaximumOutputSize(forInputSize: 0)

  /// The limits values are read with, and edits kept within: no edit makes a value nested
  /// deeper than a file may be.
  static let limits = PropertyListLimits.default

  let files: any BuddyFileAccess
  let output: any BuddyOutput

  /// Starts a session on `path`; call ``open()`` next.
  public init(path: String, files: any BuddyFileAccess, output: any BuddyOutput, printsXML: Bool = false) {
    self.path = path
    self.files = files
    self.output = output
    self.printsXML = printsXML
  }

  /// Reads the file, or starts an empty dictionary when there is none (announced with
  /// `File Doesn't Exist, Will Create: PATH`). False when the file exists and cannot be read:
  /// `Error Reading File: PATH` is printed and the session should stop.
  public mutating func open() -> Bool {
    guard files.fileExists(path) else {
      say("File Doesn't Exist, Will Create: \(path)")
      root = .dictionary(PropertyListDictionary())
      return true
    }
    do {
      root = try files.readPropertyList(path)
      return true
    } catch {
      report(error, path: path)
      say("Error Reading File: \(path)")
      hasFailed = true
      return false
    }
  }

  /// Runs one command line.
  public mutating func run(_ line: String) {
    let command: BuddyCommand
    do {
      command = try BuddyCommand(parsing: line)
    } catch {
      if error.isReportedOnStandardError { complain(error.message) } else { say(error.message) }
      hasFailed = true
      return
    }
    run(command)
  }

  /// Runs one command.
  public mutating func run(_ command: BuddyCommand) {
    switch command {
    case .help: output.write(Array(BuddyHelp.commands.utf8), to: .standardOutput)
    case .exit: hasExited = true
    case .save:
      say("Saving...")
      if save() { hasUnsavedChanges = false }
    case .revert:
      say("Reverting to last saved state...")
      revert()
    case .clear(let typeName):
      let type = BuddyType(named: typeName)
      if type == nil { say("Unrecognized Type: \(typeName)") }
      say("Initializing Plist...")
      root = (type ?? .dict).emptyValue
      hasUnsavedChanges = true
    case .print(let entry): print(entry)
    case .set(let entry, let value):
      set(entry, to: value)
      hasUnsavedChanges = true
    case .add(let entry, let type, let value):
      add(entry, type, value)
      hasUnsavedChanges = true
    case .copy(let source, let destination):
      copy(source, to: destination)
      hasUnsavedChanges = true
    case .delete(let entry):
      delete(entry)
      hasUnsavedChanges = true
    case .merge(let path, let entry):
      merge(path, into: entry)
      hasUnsavedChanges = true
    case .importFile(let entry, let path):
      importFile(path, into: entry)
      hasUnsavedChanges = true
    }
  }

  /// Writes the file when a command changed it (the end of a `-c` run); false when that failed.
  public mutating func saveIfChanged() -> Bool {
    guard hasUnsavedChanges else { return true }
    guard save() else { return false }
    hasUnsavedChanges = false
    return true
  }

  /// `Print [ENTRY]`.
  mutating func print(_ entry: BuddyEntry) {
    guard let value = root.buddyValue(at: entry.path) else {
      complain("Print: Entry, \"\(entry.text)\", Does Not Exist")
      return
    }
    do {
      guard printsXML else {
        output.write(try BuddyPrinter.render(value, maximumSize: maximumOutputSize), to: .standardOutput)
        return
      }
      output.write(
        try value.serialized(as: .xml, options: PropertyListWritingOptions(maximumOutputSize: maximumOutputSize)),
        to: .standardOutput)
    } catch {
      complain("Print: \(error.message)")
    }
  }

  /// A line on standard output.
  func say(_ line: String) { output.write(Array((line + "\n").utf8), to: .standardOutput) }

  /// A line on standard error, and the run fails.
  mutating func complain(_ line: String) {
    output.write(Array((line + "\n").utf8), to: .standardError)
    hasFailed = true
  }

  /// The reason a file could not be read, on standard error (a missing or unreadable file as
  /// `Error Opening File: PATH (REASON)`, an invalid one with its location).
  func report(_ error: BuddyFileError, path: String) {
    let line = error.kind == .cannotOpen ? "Error Opening File: \(path) (\(error.reason))" : error.reason
    output.write(Array((line + "\n").utf8), to: .standardError)
  }
}
