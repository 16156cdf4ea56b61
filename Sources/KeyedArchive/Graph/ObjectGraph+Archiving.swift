import PlistKit

extension ObjectGraph {
  /// The archive of this graph as a property list (`$archiver`, `$version`, `$top`,
  /// `$objects`), ready for any plist writer.
  ///
  /// The output is deterministic: the same graph always gives the same archive. Objects are
  /// numbered depth-first from `$top` in key order and, inside an object, in field order, each
  /// object before what it refers to and its class dictionary right after its fields, as
  /// Foundation numbers them; but Foundation's order also depends on hashing that changes from
  /// run to run. Each node is written once however many references it has (sharing and cycles
  /// survive); equal strings are written once, compared by their exact Unicode scalars as
  /// Foundation's uniquing table does; each class chain is written once. Nodes that `$top`
  /// does not reach are not written.
  ///
  /// - Throws: ``KeyedArchiveError`` when a reference names no node (a graph edited by hand).
  public func archivedPropertyList() throws(KeyedArchiveError) -> PropertyList {
    try checkReferences()
    var order = ArchiveNumbering(graph: self)
    order.number()
    var table: [PropertyList] = []
    table.reserveCapacity(order.entries.count)
    for entry in order.entries {
      switch entry {
      case .node(let id):
        switch objects[id] {
        case .null: table.append("$null")
        case .value(let value): table.append(value)
        case .instance(let instance):
          var dictionary = instance.fields
          for position in dictionary.indices {
            dictionary.setValue(order.renumber(dictionary.values[position]), atPosition: position)
          }
          dictionary["$class"] = .uid(UInt64(order.classIndex[instance.classChain]!))
          table.append(.dictionary(dictionary))
        }
      case .classChain(let chain):
        var classDictionary = PropertyListDictionary()
        if !chain.classes.isEmpty { classDictionary["$classes"] = .array(chain.classes.map { .string($0) }) }
        classDictionary["$classname"] = .string(chain.className)
        table.append(.dictionary(classDictionary))
      }
    }
    var top = PropertyListDictionary()
    for (key, value) in self.top { top[key] = order.renumber(value) }
    return [
      "$version": .integer(version),
      "$archiver": .string(archiver),
      "$top": .dictionary(top),
      "$objects": .array(table),
    ]
  }

  /// The archive of this graph serialized in `format` (binary or XML for Foundation to read).
  public func archivedBytes(format: PropertyListFormat = .binary) throws(KeyedArchiveError) -> [UInt8] {
    let archive = try archivedPropertyList()
    do {
      return try archive.serialized(as: format)
    } catch {
      throw KeyedArchiveError(error)
    }
  }
}

/// The deterministic numbering of a graph's reachable nodes and classes into `$objects`.
struct ArchiveNumbering {
  enum Entry {
    case node(Int)
    case classChain(ClassChain)
  }

  let graph: ObjectGraph
  /// The `$objects` entries in order.
  private(set) var entries: [Entry] = []
  /// Node id → `$objects` index, -1 before it is numbered.
  private(set) var nodeIndex: [Int]
  /// Class → `$objects` index.
  private(set) var classIndex: [ClassChain: Int] = [:]
  private var stringIndex: [ExactKey: Int] = [:]

  init(graph: ObjectGraph) {
    self.graph = graph
    nodeIndex = [Int](repeating: -1, count: graph.count)
  }

  /// Numbers everything `$top` reaches, iteratively (an explicit stack, so a deep or cyclic
  /// graph cannot overflow the call stack).
  mutating func number() {
    entries.append(.node(ObjectGraph.nullID))
    nodeIndex[ObjectGraph.nullID] = 0
    // A frame is a node whose references are being numbered, and the next one to do.
    var stack: [(id: Int, references: [Int], next: Int)] = []
    var topReferences: [Int] = []
    for value in graph.top.values { Self.collectReferences(value, into: &topReferences) }
    // The top-level references are those of a root frame, id -1.
    stack.append((id: -1, references: topReferences, next: 0))
    while !stack.isEmpty {
      let frame = stack.count - 1
      if stack[frame].next < stack[frame].references.count {
        let id = stack[frame].references[stack[frame].next]
        stack[frame].next += 1
        guard nodeIndex[id] < 0 else { continue }
        assignIndex(to: id)
        if case .instance(let instance) = graph.objects[id] {
          var references: [Int] = []
          for value in instance.fields.values { Self.collectReferences(value, into: &references) }
          stack.append((id: id, references: references, next: 0))
        }
      } else {
        let finished = stack.removeLast()
        if finished.id >= 0, case .instance(let instance) = graph.objects[finished.id],
          classIndex[instance.classChain] == nil
        {
          classIndex[instance.classChain] = entries.count
          entries.append(.classChain(instance.classChain))
        }
      }
    }
  }

  private mutating func assignIndex(to id: Int) {
    if case .value(.string(let string)) = graph.objects[id] {
      let key = ExactKey(string)
      if let existing = stringIndex[key] {
        nodeIndex[id] = existing
        return
      }
      stringIndex[key] = entries.count
    }
    nodeIndex[id] = entries.count
    entries.append(.node(id))
  }

  /// The references of a field, in order (a field is a UID or holds UIDs in arrays and
  /// dictionaries, which a reader has already depth-limited).
  static func collectReferences(_ value: PropertyList, into references: inout [Int]) {
    switch value {
    case .uid(let uid): references.append(Int(uid))
    case .array(let elements): for element in elements { collectReferences(element, into: &references) }
    case .dictionary(let dictionary): for element in dictionary.values { collectReferences(element, into: &references) }
    default: break
    }
  }

  /// The field with node ids replaced by `$objects` indices.
  func renumber(_ value: PropertyList) -> PropertyList {
    switch value {
    case .uid(let uid):
      return .uid(UInt64(nodeIndex[Int(uid)]))
    case .array(let elements):
      return .array(elements.map(renumber))
    case .dictionary(var dictionary):
      for position in dictionary.indices {
        dictionary.setValue(renumber(dictionary.values[position]), atPosition: position)
      }
      return .dictionary(dictionary)
    default:
      return value
    }
  }
}
