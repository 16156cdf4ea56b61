import PlistKit

extension ObjectGraph {
  /// The lossless, identity-preserving form of the graph as a property list, for JSON (typed
  /// JSON keeps integers, reals, dates and data apart) or any other format:
  ///
  /// ```
  /// { "$archiver": "NSKeyedArchiver", "$version": 100000,
  ///   "$top": { "Presidents": UID 1 },
  ///   "$objects": [
  ///     { "id": 1, "class": "NSMutableArray", "classes": ["NSMutableArray", "NSArray", "NSObject"],
  ///       "fields": { "NS.objects": [UID 2, …] } },
  ///     { "id": 3, "value": "George Washington" }, … ] }
  /// ```
  ///
  /// Each node appears once with its id; every reference is a UID naming an id (id 0 is nil
  /// and is not listed). ``init(graphForm:limits:)`` is the inverse.
  public func graphForm() -> PropertyList {
    var entries: [PropertyList] = []
    entries.reserveCapacity(count - 1)
    for id in objects.indices.dropFirst() {
      var entry = PropertyListDictionary()
      entry["id"] = .integer(id)
      switch objects[id] {
      case .null: continue
      case .value(let value): entry["value"] = value
      case .instance(let instance):
        entry["class"] = .string(instance.classChain.className)
        entry["classes"] = .array(instance.classChain.classes.map { .string($0) })
        entry["fields"] = .dictionary(instance.fields)
      }
      entries.append(.dictionary(entry))
    }
    return [
      "$archiver": .string(archiver),
      "$version": .integer(version),
      "$top": .dictionary(top),
      "$objects": .array(entries),
    ]
  }

  /// Reads the form written by ``graphForm()``. References may be UIDs or, as plain JSON
  /// writes UIDs, `{"CF$UID": id}` dictionaries. Ids may be any distinct positive integers:
  /// nodes are renumbered in the order listed.
  ///
  /// - Throws: ``KeyedArchiveError`` with the key path of the first problem (a missing or
  ///   repeated id, a reference to an id not listed, an entry with neither `value` nor `class`).
  public init(graphForm: PropertyList, limits: ArchiveLimits = .default) throws(KeyedArchiveError) {
    guard case .dictionary(let root) = graphForm else {
      throw KeyedArchiveError(.notAnArchive, at: "", "expected a graph dictionary, found \(graphForm.kind.rawValue)")
    }
    guard case .string(let archiver)? = root["$archiver"] else {
      throw KeyedArchiveError(.malformed, at: ["$archiver"], "expected the archiver's name as a string")
    }
    guard case .integer(let version)? = root["$version"] else {
      throw KeyedArchiveError(.malformed, at: ["$version"], "expected an integer")
    }
    guard case .dictionary(let top)? = root["$top"] else {
      throw KeyedArchiveError(.malformed, at: ["$top"], "expected a dictionary of top-level references")
    }
    guard case .array(let entries)? = root["$objects"] else {
      throw KeyedArchiveError(.malformed, at: ["$objects"], "expected an array of objects")
    }
    guard entries.count < limits.maximumObjectCount else {
      throw KeyedArchiveError(
        .limitExceeded, at: ["$objects"], "\(entries.count) objects, over the limit of \(limits.maximumObjectCount)")
    }
    // Pass 1: ids.
    var newID: [UInt64: Int] = [0: ObjectGraph.nullID]
    for (position, entry) in entries.enumerated() {
      guard case .dictionary(let dictionary) = entry, case .integer(let idValue)? = dictionary["id"],
        let id = idValue.uint64Value, id > 0
      else {
        throw KeyedArchiveError(.malformed, at: ["$objects", String(position), "id"], "expected a positive integer id")
      }
      guard newID[id] == nil else {
        throw KeyedArchiveError(.malformed, at: ["$objects", String(position), "id"], "id \(id) is listed twice")
      }
      newID[id] = position + 1
    }
    // Pass 2: nodes.
    var objects: [ArchivedObject] = [.null]
    objects.reserveCapacity(entries.count + 1)
    for (position, entry) in entries.enumerated() {
      let path = ["$objects", String(position)]
      let dictionary = entry.dictionaryValue!
      if let value = dictionary["value"] {
        switch value {
        case .array, .dictionary, .uid:
          throw KeyedArchiveError(
            .malformed, at: path + ["value"],
            "an inline value cannot be \(withArticle(value.kind.rawValue)): use an object")
        default: objects.append(.value(value))
        }
        continue
      }
      guard case .string(let className)? = dictionary["class"] else {
        throw KeyedArchiveError(.malformed, at: path, "expected a \"value\" or a \"class\" string")
      }
      var classes = [className]
      // An empty list is a class dictionary without `$classes`; no list at all, the class alone.
      if let classList = dictionary["classes"] {
        guard case .array(let names) = classList, names.allSatisfy({ $0.stringValue != nil }) else {
          throw KeyedArchiveError(.malformed, at: path + ["classes"], "expected an array of class names")
        }
        classes = names.map { $0.stringValue! }
      }
      var fields = PropertyListDictionary()
      if let fieldsValue = dictionary["fields"] {
        guard case .dictionary(let fieldDictionary) = fieldsValue else {
          throw KeyedArchiveError(.malformed, at: path + ["fields"], "expected a dictionary of fields")
        }
        for (key, value) in fieldDictionary {
          fields[key] = try Self.resolve(value, ids: newID, path: path + ["fields", key], depth: 0, limits: limits)
        }
      }
      objects.append(
        .instance(ArchivedInstance(classChain: ClassChain(className: className, classes: classes), fields: fields)))
    }
    var resolvedTop = PropertyListDictionary()
    for (key, value) in top {
      resolvedTop[key] = try Self.resolve(value, ids: newID, path: ["$top", key], depth: 0, limits: limits)
    }
    self.init(archiver: archiver, version: version, top: resolvedTop, checkedObjects: objects)
  }

  private static func resolve(
    _ value: PropertyList, ids: [UInt64: Int], path: [String], depth: Int, limits: ArchiveLimits
  ) throws(KeyedArchiveError) -> PropertyList {
    guard depth <= limits.maximumDepth else {
      throw KeyedArchiveError(.limitExceeded, at: path, "nested deeper than the limit of \(limits.maximumDepth)")
    }
    switch value {
    case .uid(let id):
      guard let resolved = ids[id] else {
        throw KeyedArchiveError(.referenceOutOfRange, at: path, "reference to id \(id), which is not listed")
      }
      return .uid(UInt64(resolved))
    case .dictionary(let dictionary):
      if dictionary.count == 1, dictionary.keys[0] == "CF$UID", case .integer(let id)? = dictionary.values.first,
        let raw = id.uint64Value
      {
        return try resolve(.uid(raw), ids: ids, path: path, depth: depth, limits: limits)
      }
      var result = PropertyListDictionary()
      for (key, element) in dictionary {
        result[key] = try resolve(element, ids: ids, path: path + [key], depth: depth + 1, limits: limits)
      }
      return .dictionary(result)
    case .array(let elements):
      var result: [PropertyList] = []
      result.reserveCapacity(elements.count)
      for (position, element) in elements.enumerated() {
        result.append(try resolve(element, ids: ids, path: path + [String(position)], depth: depth + 1, limits: limits))
      }
      return .array(result)
    default:
      return value
    }
  }
}
