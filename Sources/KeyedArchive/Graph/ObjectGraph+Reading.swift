import PlistKit

extension ObjectGraph {
  /// Reads the object graph of a keyed archive: `$archiver`, `$version`, `$top` and
  /// `$objects`, with every `CF$UID` checked and resolved to a node id.
  ///
  /// Class dictionaries (`$classname`/`$classes`) become the ``ClassChain`` of the instances
  /// that name them rather than nodes. The work is one pass over `$objects` and is linear in
  /// the size of the archive, however much the objects share.
  ///
  /// - Throws: ``KeyedArchiveError`` naming the `$objects` key path of the first problem.
  ///   ``ArchiveValidator`` lists every problem instead of stopping at the first.
  public init(archive: PropertyList, limits: ArchiveLimits = .default) throws(KeyedArchiveError) {
    var reader = ArchiveGraphReader(limits: limits)
    self = try reader.read(archive)
  }

  /// Reads a keyed archive from the bytes of a plist in any format.
  public init(bytes: [UInt8], limits: ArchiveLimits = .default) throws(KeyedArchiveError) {
    let archive: PropertyList
    do {
      archive = try PropertyList(bytes: bytes)
    } catch {
      throw KeyedArchiveError(error)
    }
    try self.init(archive: archive, limits: limits)
  }
}

/// The one pass that turns an archive's `$objects` into graph nodes.
struct ArchiveGraphReader {
  let limits: ArchiveLimits

  /// True when a dictionary of `$objects` describes a class rather than an object.
  static func isClassDictionary(_ dictionary: PropertyListDictionary) -> Bool {
    dictionary["$class"] == nil && (dictionary["$classname"] != nil || dictionary["$classes"] != nil)
  }

  /// What an archive holds besides the entries of `$objects`.
  struct Header {
    let archiver: String
    let version: PropertyListInteger
    let top: PropertyListDictionary
    /// `$objects` as the archive holds it (an empty stand-in where a reader keeps its own).
    let table: [PropertyList]
  }

  /// Which entries of `$objects` are nodes and which are classes.
  struct Numbering {
    /// The node id of each entry, or -1 for a class dictionary.
    var nodeIDs: [Int]
    /// The class chain of each class dictionary, by entry index.
    var classes: [Int: ClassChain] = [:]
    /// The number of nodes, the null object included.
    var nodeCount = 1
  }

  mutating func read(_ archive: PropertyList) throws(KeyedArchiveError) -> ObjectGraph {
    let header = try readHeader(archive)
    var table = header.table
    let numbering = try number(&table)
    var objects: [ArchivedObject] = [.null]
    objects.reserveCapacity(numbering.nodeCount)
    for index in 1..<table.count where numbering.nodeIDs[index] >= 0 {
      objects.append(try node(at: index, of: &table, numbering))
    }
    let top = try remap(top: header.top, numbering, entryCount: table.count)
    return ObjectGraph(archiver: header.archiver, version: header.version, top: top, checkedObjects: objects)
  }

  /// The top-level entry `key` of an archive as `form` reads it, or the error for one that is
  /// missing (`expected` says what it should be) or of another kind (`kind` names the right one).
  private static func headerEntry<Value>(
    _ root: PropertyListDictionary, _ key: String, _ expected: String, _ kind: String,
    as form: (PropertyList) -> Value?
  ) throws(KeyedArchiveError) -> Value {
    guard let entry = root[key] else {
      throw KeyedArchiveError(.malformed, at: [key], "missing: expected \(expected)")
    }
    guard let value = form(entry) else {
      throw KeyedArchiveError(.malformed, at: [key], "expected \(kind), found \(entry.kind.rawValue)")
    }
    return value
  }

  /// Checks the archive's top-level entries.
  func readHeader(_ archive: PropertyList) throws(KeyedArchiveError) -> Header {
    guard case .dictionary(let root) = archive, ArchiveValidator.isKeyedArchive(archive) else {
      throw KeyedArchiveError(.notAnArchive, at: "", Self.notAnArchive(found: archive))
    }
    let archiverName = try Self.headerEntry(root, "$archiver", "the archiver's name", "a string") {
      if case .string(let name) = $0 { name } else { nil }
    }
    let version = try Self.headerEntry(root, "$version", "an integer (100000)", "an integer") {
      if case .integer(let version) = $0 { version } else { nil }
    }
    let top = try Self.headerEntry(root, "$top", "a dictionary of top-level objects", "a dictionary") {
      if case .dictionary(let top) = $0 { top } else { nil }
    }
    let table = try Self.headerEntry(root, "$objects", "the array of archived objects", "an array") {
      if case .array(let table) = $0 { table } else { nil }
    }
    return Header(archiver: archiverName, version: version, top: top, table: table)
  }

  /// Pass 1: classifies every entry and gives each non-class entry its node id.
  func number<Table: ArchiveObjectTable>(_ table: inout Table) throws(KeyedArchiveError) -> Numbering {
    guard table.count <= limits.maximumObjectCount else {
      throw KeyedArchiveError(
        .limitExceeded, at: ["$objects"],
        "\(table.count) objects, over the limit of \(limits.maximumObjectCount)")
    }
    guard table.count > 0, try table.entry(0) == "$null" else {
      throw KeyedArchiveError(.malformed, at: ["$objects", "0"], "expected the string \"$null\"")
    }
    var numbering = Numbering(nodeIDs: [Int](repeating: -1, count: table.count))
    numbering.nodeIDs[0] = ObjectGraph.nullID
    for index in 1..<table.count {
      let entry = try table.outline(index)
      switch entry {
      case .dictionary(let outline) where Self.isClassDictionary(outline):
        guard case .dictionary(let dictionary) = try table.entry(index) else {
          preconditionFailure("not the outline's kind")
        }
        numbering.classes[index] = try Self.classChain(dictionary, path: ["$objects", String(index)])
      case .dictionary(let dictionary) where dictionary["$class"] != nil:
        numbering.nodeIDs[index] = numbering.nodeCount
        numbering.nodeCount += 1
      case .dictionary:
        throw KeyedArchiveError(
          .malformed, at: ["$objects", String(index)], "a dictionary without $class: expected an object or a class")
      case .array, .uid:
        throw KeyedArchiveError(
          .malformed, at: ["$objects", String(index)],
          "expected a string, number, data, date or object dictionary, found \(entry.kind.rawValue)")
      default:
        numbering.nodeIDs[index] = numbering.nodeCount
        numbering.nodeCount += 1
      }
    }
    return numbering
  }

  /// Pass 2, for one entry that is a node: the node, with its references renumbered.
  ///
  /// A `skeleton` node (see ``ArchiveObjectTable/skeleton(_:)``) is checked as the node would
  /// be and refers to the same nodes, for less.
  func node<Table: ArchiveObjectTable>(
    at index: Int, of table: inout Table, _ numbering: Numbering, skeleton: Bool = false
  ) throws(KeyedArchiveError) -> ArchivedObject {
    // Key paths are built only for an error: most archives have none, and building one per
    // field would cost more than the reading.
    let path = { ["$objects", String(index)] }
    let entry = try skeleton ? table.skeleton(index) : table.entry(index)
    guard case .dictionary(var fields) = entry else { return .value(entry) }
    let classValue = fields.removeValue(forKey: "$class")!
    if let number = Self.negativeUID(classValue) {
      throw KeyedArchiveError(.referenceOutOfRange, at: path() + ["$class"], Self.negativeUIDMessage(number))
    }
    guard case .uid(let classUID) = classValue else {
      throw KeyedArchiveError(
        .malformed, at: path() + ["$class"], "expected a UID, found \(classValue.kind.rawValue)")
    }
    guard classUID < UInt64(table.count) else {
      throw KeyedArchiveError(
        .referenceOutOfRange, at: path() + ["$class"],
        "UID \(classUID) is out of range ($objects has \(counted(table.count, "entry", "entries")))")
    }
    guard let chain = numbering.classes[Int(classUID)] else {
      let target = try table.entry(Int(classUID))
      throw KeyedArchiveError(
        .notAClass, at: path() + ["$class"],
        "UID \(classUID) points at \(withArticle(Self.describe(target))), not a class dictionary")
    }
    for position in fields.indices {
      switch fields.values[position] {
      case .uid, .array, .dictionary:
        let key = fields.keys[position]
        let value = try remap(
          fields.values[position], numbering.nodeIDs, entryCount: table.count, path: { path() + [key] }, depth: 0)
        fields.setValue(value, atPosition: position)
      default: continue
      }
    }
    return .instance(ArchivedInstance(classChain: chain, fields: fields))
  }

  /// `$top` with its references renumbered.
  func remap(
    top: PropertyListDictionary, _ numbering: Numbering, entryCount: Int
  ) throws(KeyedArchiveError) -> PropertyListDictionary {
    var remappedTop = PropertyListDictionary()
    for (key, value) in top {
      remappedTop[key] = try remap(
        value, numbering.nodeIDs, entryCount: entryCount, path: { ["$top", key] }, depth: 0)
    }
    return remappedTop
  }

  /// The number of a `{"CF$UID": n}` dictionary with a negative `n`: what an XML archive holds
  /// where its writer meant a UID but wrote one no UID can be (the XML reader makes UIDs only
  /// of non-negative numbers). Nil for anything else.
  static func negativeUID(_ value: PropertyList) -> Int64? {
    guard case .dictionary(let dictionary) = value, dictionary.count == 1, dictionary.keys[0] == "CF$UID",
      case .integer(let number)? = dictionary["CF$UID"], let signed = number.int64Value, signed < 0
    else { return nil }
    return signed
  }

  /// The message for a negative `CF$UID`.
  static func negativeUIDMessage(_ number: Int64) -> String { "CF$UID \(number) is negative: a UID is 0 or more" }

  /// Why `value`, which ``ArchiveValidator/isKeyedArchive(_:)`` refuses, is not an archive.
  static func notAnArchive(found value: PropertyList) -> String {
    guard case .dictionary = value else {
      return
        "not a keyed archive: expected a dictionary with $archiver, $top and $objects, found \(value.kind.rawValue)"
    }
    return "not a keyed archive: no $archiver, $top or $objects"
  }

  /// Parses a class dictionary. One without `$classes`, as some of Apple's frameworks write
  /// (iMessage's payloads), has an empty chain, so that it is written back without one.
  static func classChain(_ dictionary: PropertyListDictionary, path: [String]) throws(KeyedArchiveError) -> ClassChain {
    guard case .string(let name)? = dictionary["$classname"] else {
      throw KeyedArchiveError(
        .malformed, at: path + ["$classname"],
        dictionary["$classname"].map { "expected a string, found \($0.kind.rawValue)" }
          ?? "missing: expected the class name")
    }
    guard let chainValue = dictionary["$classes"] else { return ClassChain(className: name, classes: []) }
    guard case .array(let chainValues) = chainValue else {
      throw KeyedArchiveError(
        .malformed, at: path + ["$classes"], "expected an array, found \(chainValue.kind.rawValue)")
    }
    var chain: [String] = []
    chain.reserveCapacity(chainValues.count)
    for (position, entry) in chainValues.enumerated() {
      guard case .string(let className) = entry else {
        throw KeyedArchiveError(
          .malformed, at: path + ["$classes", String(position)], "expected a class name, found \(entry.kind.rawValue)")
      }
      chain.append(className)
    }
    return ClassChain(className: name, classes: chain)
  }

  /// Renumbers the UIDs of a field from `$objects` indices to node ids, checking each.
  private func remap(
    _ value: PropertyList, _ nodeIDs: [Int], entryCount: Int, path: () -> [String], depth: Int
  ) throws(KeyedArchiveError) -> PropertyList {
    switch value {
    case .uid(let uid):
      guard uid < UInt64(entryCount) else {
        throw KeyedArchiveError(
          .referenceOutOfRange, at: path(),
          "UID \(uid) is out of range ($objects has \(counted(entryCount, "entry", "entries")))")
      }
      let id = nodeIDs[Int(uid)]
      guard id >= 0 else {
        throw KeyedArchiveError(.notAClass, at: path(), "UID \(uid) points at a class dictionary, not an object")
      }
      return .uid(UInt64(id))
    case .array(var elements):
      guard depth < limits.maximumDepth else { throw depthError(path()) }
      for position in elements.indices {
        elements[position] = try remap(
          elements[position], nodeIDs, entryCount: entryCount, path: { path() + [String(position)] },
          depth: depth + 1)
      }
      return .array(elements)
    case .dictionary(var dictionary):
      if let number = Self.negativeUID(value) {
        throw KeyedArchiveError(.referenceOutOfRange, at: path(), Self.negativeUIDMessage(number))
      }
      guard depth < limits.maximumDepth else { throw depthError(path()) }
      for position in dictionary.indices {
        let key = dictionary.keys[position]
        let element = try remap(
          dictionary.values[position], nodeIDs, entryCount: entryCount, path: { path() + [key] }, depth: depth + 1)
        dictionary.setValue(element, atPosition: position)
      }
      return .dictionary(dictionary)
    default:
      return value
    }
  }

  private func depthError(_ path: [String]) -> KeyedArchiveError {
    KeyedArchiveError(.limitExceeded, at: path, "nested deeper than the limit of \(limits.maximumDepth)")
  }

  /// `string "abc"`, `integer`, `object dictionary`: what a wrong reference points at.
  static func describe(_ value: PropertyList) -> String {
    switch value {
    case .string(let string):
      "string \"\(string.count > 40 ? String(string.prefix(40)) + "…" : string)\""
    case .dictionary(let dictionary) where dictionary["$class"] != nil: "object dictionary"
    default: value.kind.rawValue
    }
  }
}
