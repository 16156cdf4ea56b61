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

  mutating func read(_ archive: PropertyList) throws(KeyedArchiveError) -> ObjectGraph {
    guard case .dictionary(let root) = archive, ArchiveValidator.isKeyedArchive(archive) else {
      throw KeyedArchiveError(.notAnArchive, at: "", Self.notAnArchive(found: archive))
    }
    guard let archiver = root["$archiver"] else {
      throw KeyedArchiveError(.malformed, at: ["$archiver"], "missing: expected the archiver's name")
    }
    guard case .string(let archiverName) = archiver else {
      throw KeyedArchiveError(.malformed, at: ["$archiver"], "expected a string, found \(archiver.kind.rawValue)")
    }
    guard let versionValue = root["$version"] else {
      throw KeyedArchiveError(.malformed, at: ["$version"], "missing: expected an integer (100000)")
    }
    guard case .integer(let version) = versionValue else {
      throw KeyedArchiveError(.malformed, at: ["$version"], "expected an integer, found \(versionValue.kind.rawValue)")
    }
    guard let topValue = root["$top"] else {
      throw KeyedArchiveError(.malformed, at: ["$top"], "missing: expected a dictionary of top-level objects")
    }
    guard case .dictionary(let top) = topValue else {
      throw KeyedArchiveError(.malformed, at: ["$top"], "expected a dictionary, found \(topValue.kind.rawValue)")
    }
    guard let objectsValue = root["$objects"] else {
      throw KeyedArchiveError(.malformed, at: ["$objects"], "missing: expected the array of archived objects")
    }
    guard case .array(let table) = objectsValue else {
      throw KeyedArchiveError(.malformed, at: ["$objects"], "expected an array, found \(objectsValue.kind.rawValue)")
    }
    guard table.count <= limits.maximumObjectCount else {
      throw KeyedArchiveError(
        .limitExceeded, at: ["$objects"],
        "\(table.count) objects, over the limit of \(limits.maximumObjectCount)")
    }
    guard let first = table.first, first == "$null" else {
      throw KeyedArchiveError(.malformed, at: ["$objects", "0"], "expected the string \"$null\"")
    }

    // Pass 1: classify every entry and give each non-class entry its node id.
    var nodeIDs = [Int](repeating: -1, count: table.count)
    var classes = [ClassChain?](repeating: nil, count: table.count)
    var nextID = 1
    nodeIDs[0] = ObjectGraph.nullID
    for index in 1..<table.count {
      switch table[index] {
      case .dictionary(let dictionary) where Self.isClassDictionary(dictionary):
        classes[index] = try Self.classChain(dictionary, path: ["$objects", String(index)])
      case .dictionary(let dictionary) where dictionary["$class"] != nil:
        nodeIDs[index] = nextID
        nextID += 1
      case .dictionary:
        throw KeyedArchiveError(
          .malformed, at: ["$objects", String(index)], "a dictionary without $class: expected an object or a class")
      case .array, .uid:
        throw KeyedArchiveError(
          .malformed, at: ["$objects", String(index)],
          "expected a string, number, data, date or object dictionary, found \(table[index].kind.rawValue)")
      default:
        nodeIDs[index] = nextID
        nextID += 1
      }
    }

    // Pass 2: build the nodes with references renumbered.
    var objects: [ArchivedObject] = [.null]
    objects.reserveCapacity(nextID)
    for index in 1..<table.count where nodeIDs[index] >= 0 {
      // Key paths are built only for an error: most archives have none, and building one per
      // field would cost more than the reading.
      let path = { ["$objects", String(index)] }
      guard case .dictionary(var fields) = table[index] else {
        objects.append(.value(table[index]))
        continue
      }
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
      guard let chain = classes[Int(classUID)] else {
        throw KeyedArchiveError(
          .notAClass, at: path() + ["$class"],
          "UID \(classUID) points at \(withArticle(Self.describe(table[Int(classUID)]))), not a class dictionary")
      }
      for position in fields.indices {
        switch fields.values[position] {
        case .uid, .array, .dictionary:
          let key = fields.keys[position]
          let value = try remap(
            fields.values[position], nodeIDs: nodeIDs, table: table, path: { path() + [key] }, depth: 0)
          fields.setValue(value, atPosition: position)
        default: continue
        }
      }
      objects.append(.instance(ArchivedInstance(classChain: chain, fields: fields)))
    }

    var remappedTop = PropertyListDictionary()
    for (key, value) in top {
      remappedTop[key] = try remap(value, nodeIDs: nodeIDs, table: table, path: { ["$top", key] }, depth: 0)
    }
    return ObjectGraph(archiver: archiverName, version: version, top: remappedTop, checkedObjects: objects)
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

  /// Parses a class dictionary.
  static func classChain(_ dictionary: PropertyListDictionary, path: [String]) throws(KeyedArchiveError) -> ClassChain {
    guard case .string(let name)? = dictionary["$classname"] else {
      throw KeyedArchiveError(
        .malformed, at: path + ["$classname"],
        dictionary["$classname"].map { "expected a string, found \($0.kind.rawValue)" }
          ?? "missing: expected the class name")
    }
    guard case .array(let chainValues)? = dictionary["$classes"] else {
      throw KeyedArchiveError(
        .malformed, at: path + ["$classes"],
        dictionary["$classes"].map { "expected an array, found \($0.kind.rawValue)" }
          ?? "missing: expected the array of class names")
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
    _ value: PropertyList, nodeIDs: [Int], table: [PropertyList], path: () -> [String], depth: Int
  ) throws(KeyedArchiveError) -> PropertyList {
    switch value {
    case .uid(let uid):
      guard uid < UInt64(table.count) else {
        throw KeyedArchiveError(
          .referenceOutOfRange, at: path(),
          "UID \(uid) is out of range ($objects has \(counted(table.count, "entry", "entries")))")
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
          elements[position], nodeIDs: nodeIDs, table: table, path: { path() + [String(position)] }, depth: depth + 1)
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
          dictionary.values[position], nodeIDs: nodeIDs, table: table, path: { path() + [key] }, depth: depth + 1)
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
