import PlistKit

/// Structural checks of a keyed archive that report every problem with its key path, instead
/// of stopping at the first as reading does.
///
/// Checked: `$archiver` (`NSKeyedArchiver`), `$version` (100000), `$top` and `$objects` present
/// and well typed; `$null` at index 0; every UID in range, and no negative `CF$UID`; every `$class` a class dictionary with a `$classname` string
/// and a `$classes` array of strings; no object reference to a class dictionary; the fields of
/// Foundation's containers in the shape Foundation writes (`NS.objects`, `NS.keys`, `NS.time`,
/// `NS.uuidbytes` …, ordered sets as `NS.object.N`, counted sets as `NS.count` with
/// `NS.objectN` and `NS.countN`); no reference cycle made only of immutable Foundation objects (which no
/// archiver can produce, since an immutable object exists only once its contents do); the
/// object count and the nesting depth within ``ArchiveLimits``.
///
/// All walks are loops with explicit stacks: a hostile archive cannot overflow the call stack.
public struct ArchiveValidator: Sendable {
  /// The limits checked.
  public var limits: ArchiveLimits
  /// Reporting stops after this many problems (a broken archive could otherwise produce one
  /// per entry).
  public var maximumProblemCount: Int

  /// Makes a validator.
  public init(limits: ArchiveLimits = .default, maximumProblemCount: Int = 1000) {
    self.limits = limits
    self.maximumProblemCount = maximumProblemCount
  }

  /// True when `value` looks like a keyed archive (a dictionary with `$archiver`, `$top` or
  /// `$objects`), so that a tool can tell archives from plain property lists.
  public static func isKeyedArchive(_ value: PropertyList) -> Bool {
    guard case .dictionary(let root) = value else { return false }
    return root["$archiver"] != nil || root["$top"] != nil || root["$objects"] != nil
  }

  /// The problems of `archive`, in the order of the archive; empty when it is valid.
  public func validate(_ archive: PropertyList) -> [KeyedArchiveError] {
    var run = ValidationRun(limits: limits, maximumProblemCount: maximumProblemCount)
    run.check(archive)
    return run.problems
  }
}

/// The immutable Foundation classes, which cannot be part of a reference cycle of their own.
let immutableFoundationClasses: Set<String> = [
  "NSArray", "NSDictionary", "NSSet", "NSOrderedSet", "NSString", "NSData", "NSDate", "NSNumber", "NSUUID",
  "NSURL", "NSNull",
]

/// One validation, accumulating problems.
struct ValidationRun {
  let limits: ArchiveLimits
  let maximumProblemCount: Int
  private(set) var problems: [KeyedArchiveError] = []

  init(limits: ArchiveLimits, maximumProblemCount: Int) {
    self.limits = limits
    self.maximumProblemCount = maximumProblemCount
  }

  private var isFull: Bool { problems.count >= maximumProblemCount }

  private mutating func report(_ kind: KeyedArchiveError.Kind, _ path: [String], _ message: String) {
    guard !isFull else { return }
    problems.append(KeyedArchiveError(kind, at: path, message))
  }

  mutating func check(_ archive: PropertyList) {
    guard case .dictionary(let root) = archive else {
      report(.notAnArchive, [], ArchiveGraphReader.notAnArchive(found: archive))
      return
    }
    guard ArchiveValidator.isKeyedArchive(archive) else {
      report(.notAnArchive, [], ArchiveGraphReader.notAnArchive(found: archive))
      return
    }
    switch root["$archiver"] {
    case nil: report(.malformed, ["$archiver"], "missing: expected the archiver's name")
    case .string("NSKeyedArchiver")?: break
    case .string(let name)?: report(.malformed, ["$archiver"], "expected \"NSKeyedArchiver\", found \"\(name)\"")
    case let value?: report(.malformed, ["$archiver"], "expected a string, found \(value.kind.rawValue)")
    }
    switch root["$version"] {
    case nil: report(.malformed, ["$version"], "missing: expected the integer 100000")
    case .integer(let version)? where version == 100_000: break
    case .integer(let version)?: report(.malformed, ["$version"], "expected 100000, found \(version)")
    case let value?: report(.malformed, ["$version"], "expected an integer, found \(value.kind.rawValue)")
    }
    var top = PropertyListDictionary()
    switch root["$top"] {
    case nil: report(.malformed, ["$top"], "missing: expected a dictionary of top-level objects")
    case .dictionary(let dictionary)?: top = dictionary
    case let value?: report(.malformed, ["$top"], "expected a dictionary, found \(value.kind.rawValue)")
    }
    var table: [PropertyList] = []
    switch root["$objects"] {
    case nil:
      report(.malformed, ["$objects"], "missing: expected the array of archived objects")
      return
    case .array(let array)?: table = array
    case let value?:
      report(.malformed, ["$objects"], "expected an array, found \(value.kind.rawValue)")
      return
    }
    guard table.count <= limits.maximumObjectCount else {
      report(.limitExceeded, ["$objects"], "\(table.count) objects, over the limit of \(limits.maximumObjectCount)")
      return
    }
    if table.first != "$null" {
      report(.malformed, ["$objects", "0"], "expected the string \"$null\"")
    }
    let isClass = table.map { entry -> Bool in
      if case .dictionary(let dictionary) = entry { return ArchiveGraphReader.isClassDictionary(dictionary) }
      return false
    }
    // The class of each object entry, once known good; the edges between objects.
    var classNames = [String?](repeating: nil, count: table.count)
    var edges = [[Int]](repeating: [], count: table.count)
    for index in table.indices.dropFirst() where !isFull {
      let path = { ["$objects", String(index)] }
      switch table[index] {
      case .dictionary(let dictionary) where isClass[index]:
        checkClass(dictionary, path: path())
      case .dictionary(let dictionary) where dictionary["$class"] != nil:
        classNames[index] = checkClassReference(dictionary["$class"]!, table: table, isClass: isClass, path: path)
        for (key, value) in dictionary where !key.exactlyEquals("$class") {
          checkReferences(
            value, table: table, isClass: isClass, path: { path() + [key] }, depth: 0, edges: &edges[index])
        }
      case .dictionary:
        report(.malformed, path(), "a dictionary without $class: expected an object or a class")
      case .array, .uid:
        report(
          .malformed, path(),
          "expected a string, number, data, date or object dictionary, found \(table[index].kind.rawValue)")
      default: break
      }
    }
    var topEdges: [Int] = []
    for (key, value) in top {
      checkReferences(value, table: table, isClass: isClass, path: { ["$top", key] }, depth: 0, edges: &topEdges)
    }
    for index in table.indices where classNames[index] != nil && !isFull {
      guard case .dictionary(let dictionary) = table[index] else { continue }
      checkFields(of: dictionary, className: classNames[index]!, table: table, path: { ["$objects", String(index)] })
    }
    guard !isFull else { return }
    checkImmutableCycles(edges: edges, classNames: classNames)
    checkDepth(edges: edges, roots: topEdges)
  }

  private mutating func checkClass(_ dictionary: PropertyListDictionary, path: [String]) {
    do {
      let chain = try ArchiveGraphReader.classChain(dictionary, path: path)
      if chain.classes.isEmpty && dictionary["$classes"] != nil {
        report(.malformed, path + ["$classes"], "expected at least one class name")
      }
    } catch {
      report(error.kind, PropertyListKeyPath(error.keyPath).components, error.message)
    }
  }

  /// Checks a `$class` reference and returns the class name when it leads to a good class.
  private mutating func checkClassReference(
    _ value: PropertyList, table: [PropertyList], isClass: [Bool], path: () -> [String]
  ) -> String? {
    if let number = ArchiveGraphReader.negativeUID(value) {
      report(.referenceOutOfRange, path() + ["$class"], ArchiveGraphReader.negativeUIDMessage(number))
      return nil
    }
    guard case .uid(let uid) = value else {
      report(.malformed, path() + ["$class"], "expected a UID, found \(value.kind.rawValue)")
      return nil
    }
    guard uid < UInt64(table.count) else {
      report(
        .referenceOutOfRange, path() + ["$class"],
        "UID \(uid) is out of range ($objects has \(counted(table.count, "entry", "entries")))")
      return nil
    }
    guard isClass[Int(uid)], case .dictionary(let classDictionary) = table[Int(uid)],
      case .string(let name)? = classDictionary["$classname"]
    else {
      if !isClass[Int(uid)] {
        report(
          .notAClass, path() + ["$class"],
          "UID \(uid) points at \(withArticle(ArchiveGraphReader.describe(table[Int(uid)]))), not a class dictionary")
      }
      return nil
    }
    return knownFoundationClass(classDictionary) ?? name
  }

  /// The Foundation class whose shape an object must have: its own class if Foundation's, else
  /// the first Foundation class of its `$classes` chain (the one a reader would fall back to).
  private func knownFoundationClass(_ classDictionary: PropertyListDictionary) -> String? {
    var names: [String] = []
    if case .string(let name)? = classDictionary["$classname"] { names.append(name) }
    if case .array(let chain)? = classDictionary["$classes"] {
      for case .string(let name) in chain { names.append(name) }
    }
    return names.first { FoundationClass.layouts[$0] != nil }
  }

  /// Checks every UID of a field (in range, not a class) and records the edges. Recursion
  /// is bounded by `limits.maximumDepth`; the key path is built only for a problem.
  private mutating func checkReferences(
    _ value: PropertyList, table: [PropertyList], isClass: [Bool], path: () -> [String], depth: Int,
    edges: inout [Int]
  ) {
    switch value {
    case .uid(let uid):
      if uid >= UInt64(table.count) {
        report(
          .referenceOutOfRange, path(),
          "UID \(uid) is out of range ($objects has \(counted(table.count, "entry", "entries")))")
      } else if isClass[Int(uid)] {
        report(.notAClass, path(), "UID \(uid) points at a class dictionary, not an object")
      } else {
        edges.append(Int(uid))
      }
    case .array(let elements):
      guard depth < limits.maximumDepth else {
        report(.limitExceeded, path(), "nested deeper than the limit of \(limits.maximumDepth)")
        return
      }
      for (position, element) in elements.enumerated() where !isFull {
        checkReferences(
          element, table: table, isClass: isClass, path: { path() + [String(position)] }, depth: depth + 1,
          edges: &edges)
      }
    case .dictionary(let dictionary):
      if let number = ArchiveGraphReader.negativeUID(value) {
        report(.referenceOutOfRange, path(), ArchiveGraphReader.negativeUIDMessage(number))
        return
      }
      guard depth < limits.maximumDepth else {
        report(.limitExceeded, path(), "nested deeper than the limit of \(limits.maximumDepth)")
        return
      }
      for (key, element) in dictionary where !isFull {
        checkReferences(
          element, table: table, isClass: isClass, path: { path() + [key] }, depth: depth + 1, edges: &edges)
      }
    default: break
    }
  }

  /// Checks the fields of a Foundation object against the shape Foundation writes.
  private mutating func checkFields(
    of dictionary: PropertyListDictionary, className: String, table: [PropertyList], path: () -> [String]
  ) {
    let shapes: [(String, FoundationClass.FieldShape)]
    switch FoundationClass.layouts[className] {
    case nil: return
    case .fields(let fields)?: shapes = fields
    case .orderedMembers?:
      if case .failure(let problem) = FoundationMembers.orderedSet(dictionary, className: className) {
        report(.malformed, path() + [problem.key], problem.message)
      }
      return
    case .countedMembers?:
      if case .failure(let problem) = FoundationMembers.countedSet(dictionary, className: className) {
        report(.malformed, path() + [problem.key], problem.message)
      }
      return
    }
    for (key, shape) in shapes {
      let value = dictionary[key]
      switch (shape, value) {
      case (.optional, _): break
      case (_, nil):
        if case .stringOrBytes = shape, dictionary["NS.bytes"] != nil { break }
        report(.malformed, path() + [key], "missing: \(withArticle(className)) needs \(shape.expectation)")
      case (.uidArray, .array(let elements)?):
        // A negative CF$UID is reported where the references are checked.
        for (position, element) in elements.enumerated()
        where element.uidValue == nil && ArchiveGraphReader.negativeUID(element) == nil {
          report(.malformed, path() + [key, String(position)], "expected a UID, found \(element.kind.rawValue)")
        }
      case (.uid, .uid?), (.real, .real?), (.stringOrBytes, .string?): break
      case (.data(let size), .data(let bytes)?):
        if let size, bytes.count != size {
          report(.malformed, path() + [key], "expected \(counted(size, "byte")), found \(bytes.count)")
        }
      case (_, let found?):
        report(.malformed, path() + [key], "expected \(shape.expectation), found \(found.kind.rawValue)")
      }
    }
    if className == "NSDictionary" || className == "NSMutableDictionary",
      case .array(let keys)? = dictionary["NS.keys"], case .array(let objects)? = dictionary["NS.objects"],
      keys.count != objects.count
    {
      report(
        .malformed, path() + ["NS.objects"], "\(counted(objects.count, "object")) for \(counted(keys.count, "key"))")
    }
  }

  /// Finds reference cycles made only of immutable Foundation objects (iterative DFS with
  /// three colours over the subgraph of those objects).
  private mutating func checkImmutableCycles(edges: [[Int]], classNames: [String?]) {
    let isImmutable = classNames.map { $0.map(immutableFoundationClasses.contains) ?? false }
    var colour = [UInt8](repeating: 0, count: edges.count)  // 0 new, 1 on the path, 2 done
    for start in edges.indices where isImmutable[start] && colour[start] == 0 && !isFull {
      var stack: [(node: Int, next: Int)] = [(start, 0)]
      colour[start] = 1
      while !stack.isEmpty {
        let top = stack.count - 1
        let node = stack[top].node
        guard stack[top].next < edges[node].count else {
          colour[node] = 2
          stack.removeLast()
          continue
        }
        let target = edges[node][stack[top].next]
        stack[top].next += 1
        guard isImmutable[target] else { continue }
        if colour[target] == 1 {
          let cycle = stack.map(\.node).drop { $0 != target } + [target]
          report(
            .cycle, ["$objects", String(target)],
            "reference cycle through immutable objects (\(cycle.map { "\($0) \(classNames[$0]!)" }.joined(separator: " → "))), which no archiver can write"
          )
        } else if colour[target] == 0 {
          colour[target] = 1
          stack.append((target, 0))
        }
      }
    }
  }

  /// Checks how deep references nest below `$top` (depth of an iterative DFS, each object
  /// visited once).
  private mutating func checkDepth(edges: [[Int]], roots: [Int]) {
    var visited = [Bool](repeating: false, count: edges.count)
    for root in roots where !visited[root] {
      var stack: [(node: Int, next: Int)] = [(root, 0)]
      visited[root] = true
      while !stack.isEmpty {
        if stack.count > limits.maximumDepth {
          report(
            .limitExceeded, ["$objects", String(stack[stack.count - 1].node)],
            "objects nested deeper than the limit of \(limits.maximumDepth) below $top")
          return
        }
        let top = stack.count - 1
        let node = stack[top].node
        guard stack[top].next < edges[node].count else {
          stack.removeLast()
          continue
        }
        let target = edges[node][stack[top].next]
        stack[top].next += 1
        if !visited[target] {
          visited[target] = true
          stack.append((target, 0))
        }
      }
    }
  }
}
