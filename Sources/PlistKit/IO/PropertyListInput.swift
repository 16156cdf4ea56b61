/// Where a property list is read from, for ``PropertyListConverter`` and
/// ``PropertyList/read(path:format:options:)``.
public enum PropertyListInput: Sendable, Equatable {
  /// The file at a path (`-` is not special: see ``standardInput``).
  case file(String)
  /// Standard input, read to its end.
  case standardInput
  /// An open descriptor, read from where it stands to its end (it is not closed); `name` names
  /// it in messages.
  case descriptor(Int32, name: String)

  /// The name messages give the input: its path, `<stdin>`, or the descriptor's name.
  public var name: String {
    switch self {
    case .file(let path): path
    case .standardInput: "<stdin>"
    case .descriptor(_, let name): name
    }
  }

  /// The file name whose extension hints at the format (`.json`), if any.
  package var fileName: String? {
    if case .file(let path) = self { return path }
    return nil
  }
}

/// An input opened for reading, closed when it goes.
package final class OpenedInput {
  /// The open descriptor.
  package let file: SystemFile
  /// What was opened.
  package let input: PropertyListInput
  private let closes: Bool

  /// Opens `input`.
  ///
  /// - Throws: ``PropertyListError`` of kind ``PropertyListError/Kind/io`` (`cannot open:
  ///   reason`, the path in its ``PropertyListError/file``) for a file that cannot be opened.
  package init(_ input: PropertyListInput) throws(PropertyListError) {
    self.input = input
    switch input {
    case .file(let path):
      guard let file = SystemFile.openForReading(path) else {
        throw PropertyListError(.io, "cannot open: \(SystemFile.lastError)", file: path)
      }
      self.file = file
      closes = true
    case .standardInput:
      file = SystemFile(descriptor: 0)
      closes = false
    case .descriptor(let descriptor, _):
      file = SystemFile(descriptor: descriptor)
      closes = false
    }
  }

  deinit { if closes { file.close() } }

  /// The size of a regular file; nil for a pipe, a terminal or a device.
  package var regularFileSize: Int? { file.regularFileSize }

  /// The format the input's first bytes show, with the file name as a hint (see
  /// ``PropertyListFormat/detect(_:fileName:)``), read without moving the descriptor; nil for
  /// an input that is not a regular file (it cannot be read twice) or that shows none.
  package func detectFormat() -> PropertyListFormat? {
    guard let size = regularFileSize else { return nil }
    // Detection looks at the first 4,096 characters at most (8,194 bytes in UTF-16).
    var prefix = [UInt8](repeating: 0, count: min(size, 16 * 1024))
    let count = prefix.withUnsafeMutableBytes { file.readSome(into: $0, at: 0) }
    guard count == prefix.count else { return nil }
    return prefix.withUnsafeBytes { PropertyListFormat.detect($0, fileName: input.fileName) }
  }

  /// Reads the whole input (from its start, for a regular file) within `limits`.
  package func readWhole(limits: PropertyListLimits) throws(PropertyListError) -> InputBuffer {
    try InputBuffer(reading: file, name: input.name, limits: limits)
  }
}

extension InputBuffer {
  /// Opens `input`, reads it whole within `limits`, and closes it.
  package convenience init(reading input: PropertyListInput, limits: PropertyListLimits) throws(PropertyListError) {
    let opened = try OpenedInput(input)
    try self.init(reading: opened.file, name: input.name, limits: limits)
    withExtendedLifetime(opened) {}
  }
}
