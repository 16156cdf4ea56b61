import PlistKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a property list in the layout Xcode gives `project.pbxproj` files, byte for byte:
///
/// - the `// !$*UTF8*$!` header line, then the value, then a line break;
/// - dictionary keys sorted by their UTF-8 bytes, `isa` first (Xcode's top-level order,
///   `archiveVersion`, `classes`, `objectVersion`, `objects`, `rootObject`, is this order);
/// - the top-level `objects` dictionary grouped by `isa` into
///   `/* Begin ISA section */ … /* End ISA section */` blocks, ordered by `isa` and, inside a
///   block, by object ID (objects without an `isa` follow the blocks, by ID);
/// - an object whose `isa` is `PBXBuildFile` or `PBXFileReference` on one line,
///   `{isa = PBXBuildFile; fileRef = … /* main.swift */; }`, and so is a
///   `PBXFileSystemSynchronizedRootGroup` in a project whose `objectVersion` is below 77 (see
///   ``XcodeProjectComments`` for what else that version decides); everything else one entry
///   per line indented with tabs, empty containers as `(\n\t…)` and `{\n\t…}` (on one line,
///   `()` and `{}`);
/// - after every reference to an object, and after every object's ID, the comment of
///   ``XcodeProjectComments`` (none inside a `buildSettings` or `attributes` dictionary, nor
///   after a `remoteGlobalIDString`, which Xcode leaves bare);
/// - strings bare when they are made only of `A–Z a–z 0–9 _ $ . /` and hold no `//` or `___`,
///   otherwise in double quotes with `\\`, `\"`, `\n`, `\t` (and `\a \b \f \r \v`, `\U001b`
///   for the other control characters) escaped and everything else as UTF-8.
///
/// A comment that would hold `*/` (a file named so) is written with `* /`, so that the file
/// stays readable. Values other than strings, data, arrays and dictionaries are written as the
/// `OpenStepPropertyListWriter` writes them under the same options (an error unless
/// `PropertyListWritingOptions.openStepStringifiesScalars` or
/// `PropertyListWritingOptions.openStepWritesGNUstepScalars` is set). A value read from a
/// project file Xcode wrote comes back as that file, when `projectName` is the project's name.
public struct XcodeProjectWriter: Sendable {
  /// The options in force (`PropertyListWritingOptions.prettyPrinted` and
  /// `PropertyListWritingOptions.sortedKeys` do not apply: the layout is Xcode's).
  public var options: PropertyListWritingOptions
  /// The project's name, for the comment of its configuration list (see ``XcodeProjectComments``).
  public var projectName: String?

  /// Makes a writer.
  public init(projectName: String? = nil, options: PropertyListWritingOptions = .default) {
    self.projectName = projectName
    self.options = options
  }

  /// Writes one property list.
  public func write(_ value: PropertyList) throws(PropertyListError) -> [UInt8] {
    try options.checkExpansion(of: value, in: .openStep)
    return try writeWithoutExpansionCheck(value)
  }

  /// Writes a value that holds no shared arrays or dictionaries (one read from text), which
  /// cannot expand: ``write(_:)`` without its walk over the value for shared ones.
  package func writeWithoutExpansionCheck(_ value: PropertyList) throws(PropertyListError) -> [UInt8] {
    try value.checkWritableDepth(in: .openStep)
    var output = XcodeProjectOutput(
      comments: XcodeProjectComments(project: value, projectName: projectName), options: options,
      version: XcodeObjectVersion(project: value))
    output.bytes.append(contentsOf: XcodeProjectOutput.header)
    try output.write(value, indent: 0, flat: false, referencing: true)
    output.bytes.append(0x0A)
    try OutputBudget(options, format: .openStep).check(output.bytes.count)
    return output.bytes
  }
}

/// The bytes being written and where in the value (for comments and errors).
struct XcodeProjectOutput {
  /// The first line of every project file Xcode writes.
  static let header = XcodeProjectSyntax.header + [0x0A]

  var bytes: [UInt8] = []
  let comments: XcodeProjectComments
  let options: PropertyListWritingOptions
  /// The project's `objectVersion`, which decides which objects go on one line.
  let version: XcodeObjectVersion
  private var path: [String] = []

  init(comments: XcodeProjectComments, options: PropertyListWritingOptions, version: XcodeObjectVersion) {
    self.comments = comments
    self.options = options
    self.version = version
    bytes.reserveCapacity(1 << 16)
  }

  /// Writes `value` at `indent` tabs; `flat` on one line; `referencing` when a string that
  /// names an object gets that object's comment.
  mutating func write(_ value: PropertyList, indent: Int, flat: Bool, referencing: Bool) throws(PropertyListError) {
    switch value {
    case .string(let string):
      Self.appendQuoted(string, to: &bytes)
      if referencing { appendComment(of: string) }
    case .array(let elements):
      try writeArray(elements, indent: indent, flat: flat, referencing: referencing)
    case .dictionary(let dictionary):
      try writeDictionary(
        dictionary, indent: indent, flat: flat || isOneLine(dictionary), referencing: referencing)
    default:
      do {
        // Data and the scalars OpenStep has no form for are the OpenStep writer's.
        bytes.append(contentsOf: try PropertyListFragments.openStepScalar(value, options: options))
      } catch {
        var located = error
        located.location = .keyPath(PropertyListKeyPath(components: path).description)
        throw located
      }
    }
  }

  /// True for the objects Xcode writes on one line in a project of this version.
  func isOneLine(_ dictionary: PropertyListDictionary) -> Bool {
    guard let isa = dictionary["isa"]?.stringValue else { return false }
    return version.writesOnOneLine(isa: isa)
  }

  /// True when Xcode writes comments after the object references inside the value under `key`.
  static func references(underKey key: String) -> Bool {
    // Told by length first: every key of every dictionary passes here.
    switch key.utf8.count {
    case 10: !key.exactlyEquals("attributes")
    case 13: !key.exactlyEquals("buildSettings")
    case 20: !key.exactlyEquals("remoteGlobalIDString")
    default: true
    }
  }

  /// The keys under which Xcode writes no comments: settings, attributes (whose keys are
  /// target IDs), and the ID of an object in another project.
  static let commentFreeKeys: Set<String> = ["buildSettings", "attributes", "remoteGlobalIDString"]

  /// The order Xcode writes a dictionary's entries in: `isa` first, then by UTF-8 bytes.
  static func order(of keys: [String]) -> [Int] {
    // A value read from a project file has its keys in this order already.
    if zip(keys, keys.dropFirst()).allSatisfy({ precedes($0, $1) }) { return Array(keys.indices) }
    return keys.indices.sorted { precedes(keys[$0], keys[$1]) }
  }

  /// True when Xcode writes the key `lhs` before `rhs`.
  static func precedes(_ lhs: String, _ rhs: String) -> Bool {
    if isISA(lhs) { return !isISA(rhs) }
    if isISA(rhs) { return false }
    return utf8Precedes(lhs, rhs)
  }

  private static func isISA(_ key: String) -> Bool { key.utf8.count == 3 && key.exactlyEquals("isa") }

  /// True when the UTF-8 bytes of `lhs` sort before those of `rhs`.
  static func utf8Precedes(_ lhs: String, _ rhs: String) -> Bool {
    var lhs = lhs
    var rhs = rhs
    return lhs.withUTF8 { lhsBytes in
      rhs.withUTF8 { rhsBytes in
        let common = min(lhsBytes.count, rhsBytes.count)
        if common > 0 {
          let order = memcmp(lhsBytes.baseAddress!, rhsBytes.baseAddress!, common)
          if order != 0 { return order < 0 }
        }
        return lhsBytes.count < rhsBytes.count
      }
    }
  }

  private mutating func writeArray(
    _ elements: [PropertyList], indent: Int, flat: Bool, referencing: Bool
  ) throws(PropertyListError) {
    bytes.append(UInt8(ascii: "("))
    if !flat { bytes.append(0x0A) }
    for (position, element) in elements.enumerated() {
      if !flat { appendTabs(indent + 1) }
      path.append(String(position))
      try write(element, indent: indent + 1, flat: flat, referencing: referencing)
      path.removeLast()
      bytes.append(UInt8(ascii: ","))
      bytes.append(flat ? 0x20 : 0x0A)
    }
    if !flat { appendTabs(indent) }
    bytes.append(UInt8(ascii: ")"))
  }

  private mutating func writeDictionary(
    _ dictionary: PropertyListDictionary, indent: Int, flat: Bool, referencing: Bool
  ) throws(PropertyListError) {
    bytes.append(UInt8(ascii: "{"))
    if !flat { bytes.append(0x0A) }
    for position in Self.order(of: dictionary.keys) {
      let key = dictionary.keys[position]
      if path.isEmpty, key == "objects", case .dictionary(let objects) = dictionary.values[position] {
        appendTabs(indent + 1)
        bytes.append(contentsOf: "objects = ".utf8)
        path.append(key)
        try writeObjects(objects, indent: indent + 1)
        path.removeLast()
        bytes.append(contentsOf: ";\n".utf8)
        continue
      }
      if !flat { appendTabs(indent + 1) }
      try writeEntry(
        key: key, value: dictionary.values[position], indent: indent + 1, flat: flat,
        referencing: referencing && Self.references(underKey: key), keyComment: nil)
      bytes.append(flat ? 0x20 : 0x0A)
    }
    if !flat { appendTabs(indent) }
    bytes.append(UInt8(ascii: "}"))
  }

  /// `key = value;`, with the key's comment when it is an object's ID.
  private mutating func writeEntry(
    key: String, value: PropertyList, indent: Int, flat: Bool, referencing: Bool, keyComment: String?
  ) throws(PropertyListError) {
    Self.appendQuoted(key, to: &bytes)
    if let keyComment { Self.appendComment(keyComment, to: &bytes) }
    bytes.append(contentsOf: " = ".utf8)
    path.append(key)
    try write(value, indent: indent, flat: flat, referencing: referencing)
    path.removeLast()
    bytes.append(UInt8(ascii: ";"))
  }

  /// The `objects` dictionary: one section per `isa`, objects by ID within it.
  private mutating func writeObjects(_ objects: PropertyListDictionary, indent: Int) throws(PropertyListError) {
    bytes.append(contentsOf: "{\n".utf8)
    for section in Self.sections(of: objects) {
      if let isa = section.isa {
        bytes.append(0x0A)
        bytes.append(contentsOf: XcodeProjectSyntax.sectionBegin(isa))
        bytes.append(0x0A)
      }
      for position in section.positions {
        appendTabs(indent + 1)
        try writeEntry(
          key: objects.keys[position], value: objects.values[position], indent: indent + 1, flat: false,
          referencing: true, keyComment: comments.comment(atObjectPosition: position))
        bytes.append(0x0A)
      }
      if let isa = section.isa {
        bytes.append(contentsOf: XcodeProjectSyntax.sectionEnd(isa))
        bytes.append(0x0A)
      }
    }
    appendTabs(indent)
    bytes.append(UInt8(ascii: "}"))
  }

  /// The positions of the objects grouped by `isa` (sections in `isa` order, objects by ID),
  /// the objects without an `isa` last, in a group of their own with no `isa`.
  static func sections(of objects: PropertyListDictionary) -> [(isa: String?, positions: [Int])] {
    var groups: [ExactKey: [Int]] = [:]
    var loose: [Int] = []
    for (position, object) in objects.values.enumerated() {
      if case .dictionary(let fields) = object, let isa = fields["isa"]?.stringValue {
        groups[ExactKey(isa), default: []].append(position)
      } else {
        loose.append(position)
      }
    }
    let byID = { (lhs: Int, rhs: Int) in utf8Precedes(objects.keys[lhs], objects.keys[rhs]) }
    var sections: [(isa: String?, positions: [Int])] = groups.keys.map(\.string).sorted(by: utf8Precedes)
      .map { ($0, groups[ExactKey($0)]!.sorted(by: byID)) }
    if !loose.isEmpty { sections.append((nil, loose.sorted(by: byID))) }
    return sections
  }

  private mutating func appendComment(of id: String) {
    guard let comment = comments[object: id] else { return }
    Self.appendComment(comment, to: &bytes)
  }

  /// ` /* comment */`, with `*/` inside broken up as `* /`.
  static func appendComment(_ comment: String, to bytes: inout [UInt8]) {
    bytes.append(contentsOf: " /* ".utf8)
    var comment = comment
    comment.withUTF8 { utf8 in
      var start = 0
      // Each `*/` is written `* /`; the text between goes in one copy.
      for index in utf8.indices.dropFirst()
      where utf8[index] == UInt8(ascii: "/") && utf8[index - 1] == UInt8(ascii: "*") {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
        bytes.append(0x20)
        start = index
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }
    bytes.append(contentsOf: " */".utf8)
  }

  private mutating func appendTabs(_ count: Int) {
    for _ in 0..<count { bytes.append(0x09) }
  }
}
