import PlistDocument
import PlistKit
import XcodeProject

/// One edit by key path, as `set`, `insert`, `remove`, `move` and plutil mode make it.
enum KeyPathEdit: Sendable {
  case set(PropertyList)
  case insert(PropertyList, append: Bool)
  case remove
  /// Moves the value to another key path; a move to another key of the same dictionary is a
  /// rename that keeps the entry's position.
  case move(to: PropertyListKeyPath)

  func apply(to value: inout PropertyList, at path: PropertyListKeyPath) throws(PropertyListError) {
    switch self {
    case .set(let new): try value.setValue(new, at: path)
    case .insert(let new, let append): try value.insertValue(new, at: path, append: append)
    case .remove: try value.removeValue(at: path)
    case .move(let destination): try value.moveValue(from: path, to: destination, keepingPosition: true)
    }
  }

  func apply(to document: inout PropertyListDocument, at path: PropertyListKeyPath) throws(PropertyListError) {
    switch self {
    case .set(let new): try document.setValue(new, at: path)
    case .insert(let new, let append): try document.insertValue(new, at: path, append: append)
    case .remove: try document.removeValue(at: path)
    case .move(let destination): try document.moveValue(from: path, to: destination, keepingPosition: true)
    }
  }
}

/// The edit of a file's bytes: a text file through its ``PropertyListDocument``, so that only
/// the edited bytes change; a binary file (or any file, with `--reformat`) through its value,
/// written whole in its format (a project file in Xcode's layout).
enum DocumentEditing {
  /// What to read and write with.
  struct Options {
    var reading: PropertyListReadingOptions = .default
    var writing: PropertyListWritingOptions = .default
    /// Write the whole file from the value, in the format's canonical layout.
    var reformat = false
  }

  /// The bytes of the file at `path` (read already when `input` is given) after `change`;
  /// errors name the file.
  static func edit(
    _ path: String, input: InputBuffer? = nil, options: Options,
    document change: (inout PropertyListDocument) throws(PropertyListError) -> Void,
    value valueChange: (inout PropertyList) throws(PropertyListError) -> Void
  ) throws(CommandError) -> [UInt8] {
    var bytes: [UInt8]
    if let input { bytes = input.array } else { bytes = try PropertyListIO.readBytes(path).array }
    guard var document = try document(of: path, bytes: bytes, options: options) else {
      return try rewrite(bytes, path: path, options: options, change: valueChange)
    }
    // The document holds the text now: its edits change it in place, without a copy.
    bytes = []
    do {
      try change(&document)
    } catch {
      throw .file(path, error)
    }
    return document.bytes
  }

  /// The file at `path` (whose bytes are `bytes`) as a document to edit; nil when it is written
  /// whole instead: a binary file, `--reformat`, XML in an encoding the document does not keep.
  static func document(
    of path: String, bytes: [UInt8], options: Options
  ) throws(CommandError) -> PropertyListDocument? {
    let format = bytes.withUnsafeBytes { PropertyListFormat.detect($0, fileName: path == "-" ? nil : path) }
    guard !options.reformat, format != nil, format != .binary else { return nil }
    do {
      return try PropertyListDocument(
        bytes: bytes, format: format,
        options: .init(
          reading: options.reading, writing: options.writing,
          xcodeProject: ProjectFile.isProjectPath(path) ? true : nil,
          projectName: ProjectFile.projectName(ofPath: path)))
    } catch let error where error.kind == .notRepresentable && error.format == .xml {
      return nil
    } catch {
      throw .file(path, error)
    }
  }

  /// The whole file written again from its changed value.
  private static func rewrite(
    _ bytes: [UInt8], path: String, options: Options, change: (inout PropertyList) throws(PropertyListError) -> Void
  ) throws(CommandError) -> [UInt8] {
    let read: (value: PropertyList, format: PropertyListFormat)
    do {
      read = try bytes.withRawBytes { (buffer) throws(PropertyListError) in
        try PropertyList.read(bytes: buffer, format: nil, fileName: path == "-" ? nil : path, options: options.reading)
      }
    } catch {
      throw .file(path, error)
    }
    var value = read.value
    let format = read.format
    var writing = options.writing
    if format == .json, bytes.withUnsafeBytes({ PropertyListDocument.readsAsTypedJSON($0, options: options.reading) }) {
      // Read as typed JSON from its tags, so written typed: else its dates, data and UIDs
      // would come back as plain strings and dictionaries.
      writing.jsonStyle = .typed
    }
    // Plain OpenStep has only strings, data and containers: any other scalar in what was read
    // came from GNUstep's typed values (`<*I5>`), and the file is written with them again, as
    // its document's edits write them.
    if format == .openStep, holdsTypedScalars(value) { writing.openStepWritesGNUstepScalars = true }
    do {
      try change(&value)
    } catch {
      throw .file(path, error)
    }
    if format == .openStep, ProjectFile.isProjectPath(path) {
      do {
        return try XcodeProjectWriter(projectName: ProjectFile.projectName(ofPath: path), options: writing).write(value)
      } catch {
        throw .file(path, error)
      }
    }
    return try PropertyListIO.serialize(value, as: format, options: writing, path: path)
  }

  /// True when `value` holds an integer, real, boolean, date or UID anywhere (walked without
  /// recursion, as deep as the reader allows).
  private static func holdsTypedScalars(_ value: PropertyList) -> Bool {
    var pending = [value]
    while let next = pending.popLast() {
      switch next {
      case .string, .data: continue
      case .array(let elements): pending.append(contentsOf: elements)
      case .dictionary(let dictionary): pending.append(contentsOf: dictionary.values)
      case .integer, .real, .boolean, .date, .uid: return true
      }
    }
    return false
  }
}
