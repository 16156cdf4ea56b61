import DocumentLayouts
import Foundation
import PlistDocument
import PlistKit
import Testing

/// Batches of random edits that do not overlap, made together (``PropertyListDocument/apply(_:)``)
/// and one by one from the end of the text to its start: exactly the same bytes and value, or
/// the same error with the document unchanged.
@Suite("Batch edits")
struct BatchEditTests {
  /// Batches per file (more with `PLISTKIT_BATCH_ROUNDS`), from a seed per file (another with
  /// `PLISTKIT_DOCUMENT_SEED`; a failure names the batch that replays it).
  static let batchesPerFile = ProcessInfo.processInfo.environment["PLISTKIT_BATCH_ROUNDS"].flatMap { Int($0) } ?? 8
  static let seed = ProcessInfo.processInfo.environment["PLISTKIT_DOCUMENT_SEED"].flatMap { UInt64($0) } ?? 0

  @Test(arguments: Fixtures.editable)
  func batchOfRealFileMatchesOneByOne(path: String) throws {
    let document = try PropertyListDocument(bytes: try Fixtures.read(path))
    var rng = SeededGenerator(seed: Self.seed ^ UInt64(truncatingIfNeeded: path.utf8.reduce(7) { $0 &* 31 &+ Int($1) }))
    // A project file's batch is made one by one anyway (its edits adjust the text around them):
    // a couple of batches check that order.
    let batches = document.isXcodeProject ? min(2, Self.batchesPerFile) : Self.batchesPerFile
    try Self.check(document, batches: batches, maximum: 10, context: path, using: &rng)
  }

  /// Long arrays and dictionaries written by each text writer: many edits on neighbouring
  /// entries, which take several passes.
  @Test(arguments: [PropertyListFormat.xml, .json, .openStep])
  func batchOfNeighboursMatchesOneByOne(format: PropertyListFormat) throws {
    var rng = SeededGenerator(seed: Self.seed ^ 0x5EED_0000 ^ UInt64(format.hashValue & 0xFF))
    var rows: [PropertyList] = []
    for row in 0..<40 {
      var entry = PropertyListDictionary()
      entry["Name"] = .string("row \(row)")
      entry["Tags"] = .array((0..<(row % 4)).map { .string("tag \($0)") })
      if format != .openStep { entry["Count"] = .integer(Int64(row)) }
      rows.append(.dictionary(entry))
    }
    var root = PropertyListDictionary()
    root["Rows"] = .array(rows)
    root["Names"] = .array((0..<30).map { .string("name \($0)") })
    let bytes = try PropertyList.dictionary(root).serialized(as: format)
    let document = try PropertyListDocument(bytes: bytes, format: format)
    try Self.check(document, batches: 6, maximum: 40, context: "\(format)", using: &rng)
  }

  /// Batches in a one-line container and a `.strings` file, whose entries share lines.
  @Test(arguments: [
    "{ a = (1, 2, 3, 4, 5); b = { x = 1; y = 2; z = 3; }; c = (); }",
    "a = 1;\nb = 2;\n\"c d\" = 3;\ne = (x, y, z);\n",
    "{\"a\": [1, 2, 3, 4], \"b\": {\"x\": 1, \"y\": [true, false]}, \"c\": []}",
  ])
  func batchOfSharedLinesMatchesOneByOne(text: String) throws {
    let document = try PropertyListDocument(bytes: Array(text.utf8))
    var rng = SeededGenerator(seed: Self.seed ^ UInt64(truncatingIfNeeded: text.utf8.count))
    try Self.check(document, batches: 40, maximum: 6, context: text, using: &rng)
  }

  @Test func emptyBatchChangesNothing() throws {
    var document = try PropertyListDocument(bytes: Array("<plist><dict/></plist>".utf8))
    try document.apply([PropertyListDocument.BatchEdit]())
    #expect(!document.isEdited)
    #expect(document.utf8Text == Array("<plist><dict/></plist>".utf8))
  }

  @Test func failingEditLeavesTheDocumentUnchanged() throws {
    let text = Array("{\n  a = (1, 2, 3);\n  b = x;\n}\n".utf8)
    var document = try PropertyListDocument(bytes: text)
    var expected = document
    let missing: PropertyListDocument.BatchEdit = .remove("a.7")
    let oneByOne = Result { () throws(PropertyListError) in try expected.removeValue(at: "a.7") }
    let batch = Result { () throws(PropertyListError) in
      try document.apply([.replace("b", with: .string("y")), missing, .remove("a.0")])
    }
    guard case .failure(let wanted) = oneByOne, case .failure(let found) = batch else {
      Issue.record("expected both to fail: \(oneByOne), \(batch)")
      return
    }
    #expect(found == wanted)
    #expect(document.utf8Text == text)
  }

  // MARK: - Checking

  /// Makes `batches` random batches (up to `maximum` edits each) of `start`, one after
  /// another, each together and one by one, and compares them.
  static func check(
    _ start: PropertyListDocument, batches: Int, maximum: Int, context: String, using rng: inout SeededGenerator
  ) throws {
    var document = start
    let scalars = document.format != .openStep
    for batch in 0..<batches {
      let value = try document.value
      let edits = RandomBatch.random(
        for: value, count: Int.random(in: 1...maximum, using: &rng), scalars: scalars,
        data: document.format != .json, using: &rng)
      let label = "\(context) batch \(batch): \(edits.map(\.description))"
      var oneByOne = document
      let expected = Result { () throws(PropertyListError) in
        for edit in RandomBatch.endToStart(edits) { try edit.apply(to: &oneByOne) }
      }
      var together = document
      let found = Result { () throws(PropertyListError) in try together.apply(edits.map(\.batchEdit)) }
      switch (expected, found) {
      case (.success, .success):
        #expect(
          String(decoding: together.utf8Text, as: UTF8.self) == String(decoding: oneByOne.utf8Text, as: UTF8.self),
          "\(label)")
        #expect(try together.value == oneByOne.value, "\(label)")
        let reread = try PropertyList(bytes: together.bytes, format: together.format)
        #expect(try reread == together.value, "\(label): the text does not hold the value")
        guard together.utf8Text == oneByOne.utf8Text else { return }
        document = together
      case (.failure, .failure):
        #expect(together.utf8Text == document.utf8Text, "\(label): a failed batch changed the text")
      case (.failure(let error), .success):
        Issue.record("\(label): one by one fails (\(error)), the batch does not")
        return
      case (.success, .failure(let error)):
        Issue.record("\(label): the batch fails (\(error)), one by one does not")
        return
      }
    }
  }
}

/// One edit of a random batch, with where it is in the value before the batch.
struct BatchItem: CustomStringConvertible {
  enum Action {
    case replace(PropertyList)
    case insert(PropertyList)
    case remove
  }

  var path: PropertyListKeyPath
  var action: Action
  /// The positions of the entries the path leads through (for an insertion, the last is the
  /// position it goes before).
  var positions: [Int]
  /// The edit's place in the batch.
  var order: Int
  var isInArray: Bool

  var description: String {
    switch action {
    case .replace(let value): "replace \(path) \(value.kind)"
    case .insert(let value): "insert \(path) \(value.kind)"
    case .remove: "remove \(path)"
    }
  }

  var isInsertion: Bool {
    if case .insert = action { return true }
    return false
  }

  var batchEdit: PropertyListDocument.BatchEdit {
    switch action {
    case .replace(let value): .replace(path, with: value)
    case .insert(let value): .insert(value, at: path)
    case .remove: .remove(path)
    }
  }

  func apply(to document: inout PropertyListDocument) throws(PropertyListError) {
    switch action {
    case .replace(let value): try document.setValue(value, at: path)
    case .insert(let value): try document.insertValue(value, at: path)
    case .remove: try document.removeValue(at: path)
    }
  }
}

/// Random batches: edits none of which lies inside a value another replaces or removes, and
/// no two of which add one key.
enum RandomBatch {
  static func random(
    for value: PropertyList, count: Int, scalars: Bool, data: Bool, using rng: inout SeededGenerator
  ) -> [BatchItem] {
    let all = positionedPaths(in: value)
    var items: [BatchItem] = []
    var addedKeys: Set<[String]> = []
    var attempts = 0
    while items.count < count, attempts < count * 20 {
      attempts += 1
      let target = all.randomElement(using: &rng)!
      let new = RandomEdit.randomValue(scalars: scalars, data: data, using: &rng)
      var candidate: BatchItem
      let isContainer = target.value.kind == .array || target.value.kind == .dictionary
      if isContainer, Int.random(in: 0..<5, using: &rng) < 2 {
        // An insertion into the container.
        if case .array(let elements) = target.value {
          let index = Int.random(in: 0...elements.count, using: &rng)
          candidate = BatchItem(
            path: target.path.appending(index: index), action: .insert(new), positions: target.positions + [index],
            order: items.count, isInArray: true)
        } else {
          let dictionary = target.value.dictionaryValue!
          let key = RandomEdit.randomKey(using: &rng)
          guard dictionary[key] == nil, !addedKeys.contains(target.path.components + [key]) else { continue }
          addedKeys.insert(target.path.components + [key])
          candidate = BatchItem(
            path: target.path.appending(key), action: .insert(new), positions: target.positions + [dictionary.count],
            order: items.count, isInArray: false)
        }
      } else {
        guard !target.path.components.isEmpty else { continue }
        candidate = BatchItem(
          path: target.path, action: Bool.random(using: &rng) ? .replace(new) : .remove, positions: target.positions,
          order: items.count, isInArray: target.inArray)
      }
      guard !items.contains(where: { overlaps($0, candidate) }) else { continue }
      items.append(candidate)
    }
    return items
  }

  /// True when one edit lies inside (or on) what the other replaces or removes.
  static func overlaps(_ a: BatchItem, _ b: BatchItem) -> Bool {
    func covers(_ outer: BatchItem, _ inner: BatchItem) -> Bool {
      guard !outer.isInsertion else { return false }
      let prefix = outer.path.components
      let path = inner.path.components
      guard path.count >= prefix.count, Array(path.prefix(prefix.count)) == prefix else { return false }
      // An insertion before the removed or replaced entry is beside it, not inside.
      return !(inner.isInsertion && path.count == prefix.count)
    }
    return covers(a, b) || covers(b, a)
  }

  /// The order in which one-by-one edits keep their paths: later places first (deeper before
  /// shallower at one entry); at one place a replacement or removal before the insertions there,
  /// insertions into an array in reverse (each goes before the one after it), into a dictionary
  /// as given (each goes at the end).
  static func endToStart(_ items: [BatchItem]) -> [BatchItem] {
    items.sorted { a, b in
      if a.positions != b.positions { return a.positions.lexicographicallyPrecedes(b.positions) == false }
      if a.isInsertion != b.isInsertion { return !a.isInsertion }
      return a.isInArray ? a.order > b.order : a.order < b.order
    }
  }

  /// Every path of `value` with the positions of the entries it leads through.
  static func positionedPaths(
    in value: PropertyList
  ) -> [(path: PropertyListKeyPath, value: PropertyList, positions: [Int], inArray: Bool)] {
    var result: [(PropertyListKeyPath, PropertyList, [Int], Bool)] = []
    var pending: [(PropertyListKeyPath, PropertyList, [Int], Bool)] = [
      (PropertyListKeyPath(components: []), value, [], false)
    ]
    while let (path, current, positions, inArray) = pending.popLast() {
      result.append((path, current, positions, inArray))
      switch current {
      case .array(let elements):
        for (index, element) in elements.enumerated() {
          pending.append((path.appending(index: index), element, positions + [index], true))
        }
      case .dictionary(let dictionary):
        for (position, (key, element)) in dictionary.enumerated() {
          pending.append((path.appending(key), element, positions + [position], false))
        }
      default: break
      }
    }
    return result
  }
}
