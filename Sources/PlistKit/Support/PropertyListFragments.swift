/// Pieces of what the text writers write, for code that writes part of a file and leaves the
/// rest alone (the source-preserving document): one key, one string, one value at a depth.
///
/// Each piece is byte for byte what the whole-file writer writes at that place, so a document
/// edited piece by piece looks like one the writer wrote. Errors carry key paths relative to
/// the piece; the caller puts them in place.
package enum PropertyListFragments {
  // MARK: - OpenStep

  /// A string as the OpenStep writer writes it: bare when it can be, else quoted; `quoted`
  /// quotes it in any case.
  package static func openStepString(_ string: String, quoted: Bool) -> [UInt8] {
    var output = OpenStepOutput(options: .default)
    output.appendString(string, alwaysQuoted: quoted)
    return output.bytes
  }

  /// Data as the OpenStep writer writes it: `<0fbd7a00 11>`.
  package static func openStepData(_ data: [UInt8]) -> [UInt8] {
    var output = OpenStepOutput(options: .default)
    output.appendData(data)
    return output.bytes
  }

  /// An integer, real, boolean, date or UID as the OpenStep writer writes it under `options`
  /// (a GNUstep typed value, a string, or a ``PropertyListError/Kind/notRepresentable`` error
  /// at the root).
  package static func openStepScalar(
    _ value: PropertyList, options: PropertyListWritingOptions
  ) throws(PropertyListError) -> [UInt8] {
    var output = OpenStepOutput(options: options)
    try output.write(value, indent: 1)
    return output.bytes
  }

  /// True for the bytes the OpenStep reader takes in an unquoted string.
  package static func openStepReadsUnquoted(_ byte: UInt8) -> Bool { OpenStepCharacters.isUnquoted(byte) }

  // MARK: - JSON

  /// True when a value read as plain JSON holds the typed form's tags, so that the JSON reader
  /// reads the document as typed (see ``PropertyListReadingOptions/detectsTypedJSON``).
  package static func jsonHoldsTypedTags(_ value: PropertyList) -> Bool { JSONTypedTag.isHeld(in: value) }

  /// True when the UTF-8 key `utf8` names a tag of the typed JSON form (`$date`, `$uid`…): a
  /// plain JSON document with such a key may be typed JSON, which is known only once its value
  /// is read (see ``PropertyListReadingOptions/detectsTypedJSON``).
  @inline(__always)
  package static func namesTypedJSONTag(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool { JSONTypedTag.isTagName(utf8) }

  // MARK: - XML

  /// A value as the XML writer writes it at `depth` (each line indented with `depth` tabs and
  /// ending with a line feed), so that data is wrapped as it would be there.
  package static func xmlValue(
    _ value: PropertyList, depth: Int, options: PropertyListWritingOptions
  ) throws(PropertyListError) -> [UInt8] {
    var wrapped = value
    for _ in 0..<depth { wrapped = .array([wrapped]) }
    let bytes: [UInt8]
    do {
      try options.checkExpansion(of: value, in: .xml)
      bytes = try XMLPropertyListWriter.write(
        PropertyListNodeTree(wrapped, sortedKeys: options.sortedKeys), root: 0, realStyle: .coreFoundation,
        sortsKeys: false, budget: OutputBudget(.default, format: nil))
    } catch {
      var located = error
      if case .keyPath(let path) = error.location {
        located.location = .keyPath(
          PropertyListKeyPath(components: Array(PropertyListKeyPath(path).components.dropFirst(depth))).description)
      }
      throw located
    }
    var opening = XMLPropertyListOutput.header.count
    var closing = "</plist>\n".utf8.count
    for level in 0..<depth {
      opening += level + "<array>\n".utf8.count
      closing += level + "</array>\n".utf8.count
    }
    return Array(bytes[opening..<(bytes.count - closing)])
  }

  /// `<key>…</key>` as the XML writer writes it, without indentation or line break.
  package static func xmlKey(_ key: String) throws(PropertyListError) -> [UInt8] {
    var output = XMLPropertyListOutput(sortedKeys: false)
    output.append("<key>")
    try output.appendEscaped(key)
    output.append("</key>")
    return output.bytes
  }
}
