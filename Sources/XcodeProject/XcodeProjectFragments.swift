import PlistKit

/// Pieces of a project file as ``XcodeProjectWriter`` writes them, for code that writes part of
/// a file and leaves the rest alone (the source-preserving document): one string, one comment,
/// one value at a depth, and the rules that place them.
///
/// Each piece is byte for byte what the whole-file writer writes at that place, so a project
/// edited piece by piece looks like one the writer wrote.
package enum XcodeProjectFragments {
  /// A string as Xcode writes it in a project file.
  package static func string(_ string: String) -> [UInt8] {
    var bytes: [UInt8] = []
    XcodeProjectOutput.appendQuoted(string, to: &bytes)
    return bytes
  }

  /// ` /* comment */` as Xcode writes it after an object reference.
  package static func comment(_ comment: String) -> [UInt8] {
    var bytes: [UInt8] = []
    XcodeProjectOutput.appendComment(comment, to: &bytes)
    return bytes
  }

  /// A value in Xcode's layout at `indent` tabs (its first line not indented), on one line
  /// when `flat`, without the comments after object references (the caller adds them), in a
  /// project of `version` (which decides which objects go on one line).
  package static func value(
    _ value: PropertyList, indent: Int, flat: Bool, version: XcodeObjectVersion, options: PropertyListWritingOptions
  ) throws(PropertyListError) -> [UInt8] {
    var output = XcodeProjectOutput(
      comments: XcodeProjectComments(project: .array([])), options: options, version: version)
    try output.write(value, indent: indent, flat: flat, referencing: false)
    return output.bytes
  }

  /// The order Xcode writes a dictionary's keys in: `isa` first, then by UTF-8 bytes.
  package static func keyPrecedes(_ lhs: String, _ rhs: String) -> Bool { XcodeProjectOutput.precedes(lhs, rhs) }

  /// True when Xcode writes an object of this `isa` on one line in a project of `version`.
  package static func writesOnOneLine(isa: String, version: XcodeObjectVersion) -> Bool {
    version.writesOnOneLine(isa: isa)
  }

  /// True when Xcode writes comments after object references inside the value under `key`.
  package static func comments(underKey key: String) -> Bool { XcodeProjectOutput.references(underKey: key) }

  /// The keys under which Xcode writes no comments after object references.
  package static var commentFreeKeys: Set<String> { XcodeProjectOutput.commentFreeKeys }
}
