import Foundation
import KeyedArchive
import PlistKit
import Testing

/// Differential testing of keyed archives: random object graphs of Foundation's built-in
/// classes (NSArray, NSDictionary, NSSet and their mutable forms, NSString, NSNumber, NSData,
/// NSDate, NSNull, NSUUID, NSURL), nested and with shared references, through Foundation's
/// NSKeyedArchiver and NSKeyedUnarchiver and through PlistKit's KeyedArchive, both ways.
///
/// `PLISTKIT_DIFFERENTIAL_COUNT` sets the number of graphs (200 by default); a failure names
/// its seed and index, and `PLISTKIT_DIFFERENTIAL_SEED` / `PLISTKIT_DIFFERENTIAL_INDEX` replay it.
/// Only archives that PlistKit's own validator finds well formed are given to Foundation's
/// unarchiver, which calls `fatalError` on bad ones.
@Suite("Differential: keyed archives against Foundation")
struct DifferentialArchiveTests {
  @Test("Foundation archives, PlistKit decodes the same values with the same sharing")
  func plistKitReadsFoundation() throws {
    var tally = ArchiveTally("Foundation NSKeyedArchiver -> PlistKit KeyedUnarchiver")
    // The sharing check means something only if graphs do share containers.
    let sharing = DifferentialGraphs.all.filter { SharingCheck.sharesContainers($0.root) }.count
    if DifferentialGraphs.indices.count >= 100 { #expect(sharing * 20 >= DifferentialGraphs.indices.count) }
    for (index, original) in DifferentialGraphs.all {
      var limits = FoundationLimits(format: .binary, foundationArchives: true, foundationUnarchives: false)
      guard let root = limits.restrict(original) else {
        tally.exclude()
        continue
      }
      var objects = FoundationObjects()
      let bytes = FoundationArchives.archive(objects.make(root))
      tally.check(index) {
        let decoded = try KeyedUnarchiver(bytes: bytes).decodeTopLevelObject()
        let found = try decoded.map(ArchiveValueText.ofPlistKit) ?? "nil"
        let expected = ArchiveValueText.of(root)
        if found != expected { return "decoded \(found), expected \(expected)" }
        let graph = try ObjectGraph(bytes: bytes)
        return try SharingCheck.difference(root, graph: graph)
      }
    }
    tally.finish()
    print("differential: \(sharing) of \(DifferentialGraphs.indices.count) graphs place a container more than once")
  }

  @Test(
    "PlistKit archives Swift values, Foundation decodes the same values", arguments: [PropertyListFormat.binary, .xml])
  func foundationReadsPlistKit(format: PropertyListFormat) throws {
    var tally = ArchiveTally("\(format) PlistKit KeyedArchiver -> Foundation NSKeyedUnarchiver")
    for (index, original) in DifferentialGraphs.all {
      var limits = FoundationLimits(format: format, foundationArchives: false, foundationUnarchives: true)
      guard let root = limits.restrict(original) else {
        tally.exclude()
        continue
      }
      tally.check(index) {
        let bytes = try KeyedArchiver.archivedBytes(withRootObject: SwiftValues.make(root), format: format)
        return try DifferentialGraphs.foundationDifference(bytes, expected: ArchiveValueText.of(root))
      }
    }
    tally.finish()
  }

  @Test("PlistKit rewrites Foundation's archive, sharing kept, and Foundation decodes the same values")
  func foundationReadsRewritten() throws {
    var tally = ArchiveTally("Foundation -> PlistKit ObjectGraph rewritten -> Foundation")
    for (index, original) in DifferentialGraphs.all {
      let format: PropertyListFormat = index % 2 == 0 ? .binary : .xml
      var limits = FoundationLimits(format: format, foundationArchives: true, foundationUnarchives: true)
      guard let root = limits.restrict(original) else {
        tally.exclude()
        continue
      }
      var objects = FoundationObjects()
      let bytes = FoundationArchives.archive(objects.make(root))
      tally.check(index) {
        let rewritten = try ObjectGraph(bytes: bytes).archivedBytes(format: format)
        if let difference = try SharingCheck.difference(root, graph: try ObjectGraph(bytes: rewritten)) {
          return "rewritten: \(difference)"
        }
        return try DifferentialGraphs.foundationDifference(rewritten, expected: ArchiveValueText.of(root))
      }
    }
    tally.finish()
  }
}

/// The random graphs of a run, as ``DifferentialValues`` in the plist tests: graph `i` from its
/// own seed, so that one index replays alone.
enum DifferentialGraphs {
  static let defaultCount = 200
  static let defaultSeed: UInt64 = 0xA2C4_1BED

  static var count: Int {
    ProcessInfo.processInfo.environment["PLISTKIT_DIFFERENTIAL_COUNT"].flatMap { Int($0) } ?? defaultCount
  }

  static var seed: UInt64 {
    ProcessInfo.processInfo.environment["PLISTKIT_DIFFERENTIAL_SEED"].flatMap { UInt64($0) } ?? defaultSeed
  }

  static var indices: [Int] {
    if let index = ProcessInfo.processInfo.environment["PLISTKIT_DIFFERENTIAL_INDEX"].flatMap({ Int($0) }) {
      return [index]
    }
    return Array(0..<count)
  }

  static func graph(_ index: Int) -> ArchiveNode {
    var random = RandomObjectGraph(seed: seed ^ (UInt64(index) &* 0xA24B_AED4_963E_E407))
    return random.make()
  }

  /// Made once per test process (the nodes are only read).
  nonisolated(unsafe) static let all: [(index: Int, root: ArchiveNode)] = indices.map { ($0, graph($0)) }

  /// Checks an archive with PlistKit's validator, then has Foundation decode it: nil when it
  /// decodes to `expected`.
  static func foundationDifference(_ bytes: [UInt8], expected: String) throws -> String? {
    let problems = ArchiveValidator().validate(try PropertyList(bytes: bytes))
    guard problems.isEmpty else { return "the archive is not valid: \(problems)" }
    let found = try FoundationArchives.unarchive(bytes).map(ArchiveValueText.ofFoundation) ?? "nil"
    return found == expected ? nil : "Foundation decoded \(found), expected \(expected)"
  }
}

/// Foundation objects for a model graph: a node placed twice is one object.
struct FoundationObjects {
  private var made: [ObjectIdentifier: AnyObject] = [:]
  private static let null = NSNull()

  mutating func make(_ node: ArchiveNode) -> AnyObject {
    if let object = made[ObjectIdentifier(node)] { return object }
    let object: AnyObject
    switch node.content {
    case .string(let string): object = NSString(string: string)
    case .integer(let integer):
      object = integer.int64Value.map { NSNumber(value: $0) } ?? NSNumber(value: integer.uint64Value!)
    case .real(let real): object = NSNumber(value: real)
    case .boolean(let bool): object = NSNumber(value: bool)
    case .data(let bytes): object = NSData(bytes: bytes, length: bytes.count)
    case .date(let seconds): object = NSDate(timeIntervalSinceReferenceDate: seconds)
    // One NSNull, as on Apple's platforms: Foundation on Linux makes a new one each time,
    // all equal but with different hashes, which traps its archiver's table.
    case .null: object = Self.null
    case .uuid(let bytes): object = bytes.withUnsafeBufferPointer { NSUUID(uuidBytes: $0.baseAddress!) }
    case .url(let relative, let base):
      object = NSURL(string: relative, relativeTo: base.map { URL(string: $0)! })!
    case .array(let elements, let mutable):
      let objects = elements.map { make($0) }
      object = mutable ? NSMutableArray(array: objects) : NSArray(array: objects)
    case .dictionary(let entries, let mutable):
      let values = entries.map { make($0.value) }
      let keys = entries.map { NSString(string: $0.key) }
      object =
        mutable
        ? NSMutableDictionary(objects: values, forKeys: keys) : NSDictionary(objects: values, forKeys: keys)
    case .set(let elements): object = NSMutableSet(array: elements.map { make($0) })
    }
    made[ObjectIdentifier(node)] = object
    return object
  }
}

/// The Swift values PlistKit's KeyedArchiver takes for a model graph (values, so a node placed
/// twice is written twice: sharing through PlistKit is checked on the rewritten graphs).
enum SwiftValues {
  static func make(_ node: ArchiveNode) -> Any {
    switch node.content {
    case .string(let string): return string
    case .integer(let integer): return integer.int64Value.map { $0 as Any } ?? integer.uint64Value! as Any
    case .real(let real): return real
    case .boolean(let bool): return bool
    case .data(let bytes): return bytes
    case .date(let seconds): return PropertyListDate(secondsSinceReferenceDate: seconds)
    case .null: return ArchivedNull()
    case .uuid(let bytes): return ArchivedUUID(bytes: bytes)
    case .url(let relative, let base):
      return ArchivedURL(relative: relative, base: base.map { ArchivedURL(relative: $0) })
    case .array(let elements, _): return elements.map(make)
    case .dictionary(let entries, _):
      var dictionary: [String: Any] = [:]
      for (key, value) in entries { dictionary[key] = make(value) }
      return dictionary
    case .set(let elements):
      // Sets hold strings and integers only.
      return Set(
        elements.map { element -> AnyHashable in
          switch make(element) {
          case let string as String: AnyHashable(string)
          case let integer as Int64: AnyHashable(integer)
          case let integer as UInt64: AnyHashable(integer)
          default: preconditionFailure("a set element that is not a string or an integer")
          }
        })
    }
  }
}

/// Checks that a decoded graph keeps the model's sharing: each container of the model is one
/// node of the graph wherever it is placed, and two containers are never merged into one
/// unless they are equal (Foundation's archiver uniques objects by `isEqual`, so it writes
/// two equal collections once).
enum SharingCheck {
  /// True when some container is placed in the graph more than once.
  static func sharesContainers(_ root: ArchiveNode) -> Bool {
    var seen = Set<ObjectIdentifier>()
    var pending = [root]
    while let node = pending.popLast() {
      guard node.isContainer else { continue }
      guard seen.insert(ObjectIdentifier(node)).inserted else { return true }
      switch node.content {
      case .array(let elements, _): pending += elements
      case .dictionary(let entries, _): pending += entries.map(\.value)
      default: break
      }
    }
    return false
  }

  static func difference(_ root: ArchiveNode, graph: ObjectGraph) throws -> String? {
    guard let top = graph.top["root"] else { return "no root in $top" }
    var nodeOfModel: [ObjectIdentifier: Int] = [:]
    var modelOfNode: [Int: ArchiveNode] = [:]
    var pending: [(ArchiveNode, PropertyList, String)] = [(root, top, "root")]
    while let (node, reference, path) = pending.popLast() {
      guard node.isContainer else { continue }
      guard let id = reference.uidValue.map(Int.init), id < graph.count, let instance = graph[id].instance else {
        return "\(path): \(reference) is not a reference to an object"
      }
      let model = ObjectIdentifier(node)
      if let known = nodeOfModel[model], known != id { return "\(path): one object became nodes \(known) and \(id)" }
      if let known = modelOfNode[id], ObjectIdentifier(known) != model,
        ArchiveValueText.of(known) != ArchiveValueText.of(node)
      {
        return "\(path): two different objects were merged into node \(id)"
      }
      guard nodeOfModel[model] == nil else { continue }
      nodeOfModel[model] = id
      if modelOfNode[id] == nil { modelOfNode[id] = node }
      let references = instance.fields["NS.objects"]?.arrayValue ?? []
      switch node.content {
      case .array(let elements, _):
        guard references.count == elements.count else { return "\(path): \(references.count) elements" }
        for (position, (element, reference)) in zip(elements, references).enumerated() {
          pending.append((element, reference, "\(path).\(position)"))
        }
      case .dictionary(let entries, _):
        let keys = (instance.fields["NS.keys"]?.arrayValue ?? []).map { key -> String in
          guard let id = key.uidValue.map(Int.init), id < graph.count else { return "" }
          return graph[id].value?.stringValue ?? graph[id].instance?.fields["NS.string"]?.stringValue ?? ""
        }
        guard keys.count == entries.count, references.count == entries.count else {
          return "\(path): \(keys.count) keys for \(entries.count) entries"
        }
        for (key, value) in entries {
          guard let position = keys.firstIndex(where: { $0.unicodeScalars.elementsEqual(key.unicodeScalars) }) else {
            return "\(path): no key \(ArchiveValueText.text(key))"
          }
          pending.append((value, references[position], "\(path).\(key)"))
        }
      default: break
      }
    }
    return nil
  }
}

/// Counts what a direction checked and records each mismatch with what replays it.
struct ArchiveTally {
  let name: String
  private(set) var checked = 0
  private(set) var excluded = 0
  private(set) var failed = 0

  init(_ name: String) { self.name = name }

  mutating func exclude() { excluded += 1 }

  mutating func check(_ index: Int, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> String?) {
    checked += 1
    let problem: String?
    do {
      problem = try body()
    } catch {
      problem = "\(error)"
    }
    guard let problem else { return }
    failed += 1
    if failed <= 10 {
      Issue.record(
        "\(name): \(problem.prefix(1_500)) (PLISTKIT_DIFFERENTIAL_SEED=\(DifferentialGraphs.seed) PLISTKIT_DIFFERENTIAL_INDEX=\(index))",
        sourceLocation: sourceLocation)
    }
  }

  /// Prints the figures for `scripts/differential.sh`.
  func finish() {
    print("differential: \(name): \(checked) checked, \(excluded) excluded, \(failed) failed")
  }
}
