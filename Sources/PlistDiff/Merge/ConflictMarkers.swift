import PlistKit

/// A merged text document with git-style conflict markers around each conflict:
///
/// ```
/// <<<<<<< OURS
/// 	<key>Name</key>
/// 	<string>Gerald R. Ford</string>
/// =======
/// 	<key>Name</key>
/// 	<string>Jerry Ford</string>
/// >>>>>>> THEIRS
/// ```
///
/// It is for a person to finish, and does not read as a property list until the markers are
/// resolved. ``document(base:ours:theirs:oursLabel:theirsLabel:markerSize:)`` splices the
/// markers into OURS' own text (a `PropertyListDocument`), which keeps
/// everything outside the conflicts' lines as OURS has it; ``document(base:ours:theirs:format:options:oursLabel:theirsLabel:markerSize:)``
/// writes the merged value anew in a text format (XML, JSON, OpenStep), for when there is no
/// text to keep, with each side's entry or elements written at the conflict's place, indented
/// to fit.
public enum ConflictMarkers {
  /// Merges and writes the result anew with markers. `options` must be pretty-printed (the
  /// XML writer always is).
  ///
  /// - Throws: `PropertyListError` when `format` is binary (markers need text), or when a
  ///   side's value cannot be written in the format.
  public static func document(
    base: PropertyList, ours: PropertyList, theirs: PropertyList, format: PropertyListFormat,
    options: PropertyListWritingOptions = .default, oursLabel: String = "OURS", theirsLabel: String = "THEIRS",
    markerSize: Int = 7
  ) throws(PropertyListError) -> (bytes: [UInt8], conflicts: [PropertyListConflict]) {
    guard format != .binary else {
      throw PropertyListError(.notRepresentable, format: .binary, "conflict markers need a text format, not binary")
    }
    var options = options
    options.prettyPrinted = true
    let prefix = placeholderPrefix()
    var merge = PropertyListMerge()
    merge.placeholderPrefix = prefix
    let result = merge.merge(base: base, ours: ours, theirs: theirs)
    let document = try result.value.serialized(as: format, options: options)
    guard !result.conflicts.isEmpty else { return (document, []) }
    var writer = MarkerWriter(
      format: format, options: options, prefix: prefix, labels: (oursLabel, theirsLabel), markerSize: markerSize)
    let marked = try writer.mark(String(decoding: document, as: UTF8.self), result)
    return (Array(marked.utf8), result.conflicts)
  }
}

/// Replaces the placeholder lines of a written document by marked sides.
private struct MarkerWriter {
  let format: PropertyListFormat
  let options: PropertyListWritingOptions
  let prefix: String
  let labels: (ours: String, theirs: String)
  let markerSize: Int

  init(
    format: PropertyListFormat, options: PropertyListWritingOptions, prefix: String,
    labels: (ours: String, theirs: String), markerSize: Int
  ) {
    self.format = format
    self.options = options
    self.prefix = prefix
    self.labels = labels
    self.markerSize = max(1, markerSize)
  }

  mutating func mark(_ document: String, _ result: PropertyListMergeResult) throws(PropertyListError) -> String {
    let lines = document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var output: [String] = []
    output.reserveCapacity(lines.count + 8 * result.conflicts.count)
    var found = 0
    for line in lines {
      guard let index = placeholderIndex(in: line), index < result.conflicts.count else {
        output.append(line)
        continue
      }
      found += 1
      let conflict = result.conflicts[index]
      let location = result.locations[index]
      let indent = String(line.prefix(while: { $0 == " " || $0 == "\t" }))
      if format == .xml, case .entry = location {
        // The entry's <key> line is the last line before the value at the same indentation.
        if let keyLine = output.lastIndex(where: { $0.hasPrefix(indent + "<key>") }) {
          output.removeSubrange(keyLine...)
        }
      }
      let comma = format == .json && line.hasSuffix(",")
      output.append(ConflictMarkers.marker("<", markerSize, label: labels.ours))
      output += try fragment(conflict.ours, conflict, location, indent: indent, comma: comma)
      output.append(ConflictMarkers.marker("=", markerSize))
      output += try fragment(conflict.theirs, conflict, location, indent: indent, comma: comma)
      output.append(ConflictMarkers.marker(">", markerSize, label: labels.theirs))
    }
    guard found == result.conflicts.count else {
      throw PropertyListError(
        .invalidValue, "could not place \(result.conflicts.count - found) of the conflict markers in the document")
    }
    return output.joined(separator: "\n")
  }

  /// The conflict index of a placeholder line.
  private func placeholderIndex(in line: String) -> Int? {
    guard let range = line.firstRange(of: prefix) else { return nil }
    return Int(String(line[range.upperBound...].prefix(while: \.isNumber)))
  }

  /// One side's lines for the conflict's place: the entry, the elements, or the whole value.
  private func fragment(
    _ value: PropertyList?, _ conflict: PropertyListConflict, _ location: ConflictLocation, indent: String, comma: Bool
  ) throws(PropertyListError) -> [String] {
    guard let value else { return [] }
    var lines: [String]
    switch location {
    case .root:
      return body(of: try value.serialized(as: format, options: options), isWrapper: false)
    case .entry(let key):
      lines = body(
        of: try PropertyList.dictionary(PropertyListDictionary([(key, value)])).serialized(
          as: format, options: options), isWrapper: true)
    case .elements:
      let elements = conflict.elements == nil ? [value] : (value.arrayValue ?? [value])
      lines = body(of: try PropertyList.array(elements).serialized(as: format, options: options), isWrapper: true)
    }
    guard let first = lines.first else { return [] }
    let unit = first.prefix(while: { $0 == " " || $0 == "\t" }).count
    lines = lines.map { line in
      line.prefix(unit).allSatisfy({ $0 == " " || $0 == "\t" }) ? indent + line.dropFirst(unit) : line
    }
    if comma, let last = lines.indices.last, !lines[last].hasSuffix(",") { lines[last] += "," }
    return lines
  }

  /// The lines of a written value without the XML prologue; for a wrapper container, without
  /// its opening and closing lines either.
  private func body(of bytes: [UInt8], isWrapper: Bool) -> [String] {
    var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    while let last = lines.last, last.isEmpty { lines.removeLast() }
    if format == .xml {
      if let open = lines.firstIndex(where: { $0.hasPrefix("<plist") }) { lines.removeSubrange(...open) }
      if lines.last == "</plist>" { lines.removeLast() }
    }
    guard isWrapper else { return lines }
    // An empty wrapper is one line (`<array/>`, `[]`, `()`): no body.
    guard lines.count >= 2 else { return [] }
    return Array(lines.dropFirst().dropLast())
  }
}
