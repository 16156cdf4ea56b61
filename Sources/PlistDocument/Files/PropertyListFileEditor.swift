import PlistKit
import XcodeProject

/// The edit of a whole file: its bytes read, changed, and written back. A text file is edited
/// through its ``PropertyListDocument``, so that only the edited bytes change (comments, layout,
/// encoding and line endings stay; a `*.pbxproj` file keeps Xcode's layout); a binary file, an
/// XML file in an encoding the document does not keep, or any file with ``reformat``, through
/// its value, written whole in its format (a project file in Xcode's layout).
///
/// Each edit is given twice, as a change of the document and as the same change of the value,
/// and the editor makes the one that fits the file. Errors are the edit's own, with the file
/// they are about in ``PropertyListError/file``.
package struct PropertyListFileEditor: Sendable {
  /// What to read the file with.
  package var reading: PropertyListReadingOptions
  /// What to write the result with.
  package var writing: PropertyListWritingOptions
  /// Write the whole file from its value, in the format's own layout, instead of changing only
  /// the edited bytes.
  package var reformat: Bool

  /// Makes an editor.
  package init(
    reading: PropertyListReadingOptions = .default, writing: PropertyListWritingOptions = .default,
    reformat: Bool = false
  ) {
    self.reading = reading
    self.writing = writing
    self.reformat = reformat
  }

  /// The bytes of a file after the change: `change` made to its document, or `valueChange` to
  /// its value when it is written whole. `path` is the file's path (nil for standard input): its
  /// extension hints at the format, a `*.pbxproj` name makes it a project file, and a
  /// `NAME.xcodeproj` folder names the project. The bytes are taken, not copied: a caller that
  /// kept them would make the document copy the whole text at its first edit.
  package func edit(
    _ bytes: consuming [UInt8], path: String?,
    document change: (inout PropertyListDocument) throws(PropertyListError) -> Void,
    value valueChange: (inout PropertyList) throws(PropertyListError) -> Void
  ) throws(PropertyListError) -> [UInt8] {
    guard var document = try document(of: bytes, path: path) else {
      return try rewrite(bytes, path: path, change: valueChange)
    }
    // The document holds the text now: its edits change it in place, without a copy.
    bytes = []
    do {
      try change(&document)
    } catch {
      throw error.naming(file: path)
    }
    return document.bytes
  }

  /// The file whose bytes are `bytes` as a document to edit; nil when it is written whole
  /// instead: a binary file, ``reformat``, XML in an encoding the document does not keep.
  package func document(of bytes: [UInt8], path: String?) throws(PropertyListError) -> PropertyListDocument? {
    let format = bytes.withUnsafeBytes { PropertyListFormat.detect($0, fileName: path) }
    guard !reformat, format != nil, format != .binary else { return nil }
    let isProject = path.map(ProjectFile.isProjectPath) ?? false
    do {
      return try PropertyListDocument(
        bytes: bytes, format: format,
        options: .init(
          reading: reading, writing: writing, xcodeProject: isProject ? true : nil,
          projectName: path.flatMap(ProjectFile.projectName(ofPath:))))
    } catch let error where error.kind == .notRepresentable && error.format == .xml {
      return nil
    } catch {
      throw error.naming(file: path)
    }
  }

  /// The whole file written again from its changed value.
  private func rewrite(
    _ bytes: [UInt8], path: String?, change: (inout PropertyList) throws(PropertyListError) -> Void
  ) throws(PropertyListError) -> [UInt8] {
    do {
      let read = try bytes.withRawBytes { (buffer) throws(PropertyListError) in
        try PropertyList.read(bytes: buffer, format: nil, fileName: path, options: reading)
      }
      var value = read.value
      let format = read.format
      var writing = writing
      if format == .json, bytes.withUnsafeBytes({ PropertyListDocument.readsAsTypedJSON($0, options: reading) }) {
        // Read as typed JSON from its tags, so written typed: else its dates, data and UIDs
        // would come back as plain strings and dictionaries.
        writing.jsonStyle = .typed
      }
      // Plain OpenStep has only strings, data and containers: any other scalar in what was read
      // came from GNUstep's typed values (`<*I5>`), and the file is written with them again, as
      // its document's edits write them.
      if format == .openStep, Self.holdsTypedScalars(value) { writing.openStepWritesGNUstepScalars = true }
      try change(&value)
      if format == .openStep, let path, ProjectFile.isProjectPath(path) {
        return try XcodeProjectWriter(projectName: ProjectFile.projectName(ofPath: path), options: writing)
          .write(value)
      }
      return try value.serialized(as: format, options: writing)
    } catch {
      throw error.naming(file: path)
    }
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

extension PropertyListError {
  /// The error with `file` as its ``file``, unless it names one already (an error of reading
  /// or writing names the file it was about).
  fileprivate func naming(file: String?) -> PropertyListError {
    guard let file, self.file == nil else { return self }
    var named = self
    named.file = file
    return named
  }
}
