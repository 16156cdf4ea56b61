import PlistDiff
import PlistKit
import Testing

/// The diff of two binary files from their object tables gives exactly the differences of
/// their values, and gives way (nil) where it does not apply.
@Suite("Diff of binary files from their object tables")
struct BinaryDiffTests {
  static let seeds: [UInt64] = Array(1...300)

  static func binary(_ value: PropertyList) throws -> [UInt8] { try value.serialized(as: .binary) }

  static func dictionary(_ entries: (String, PropertyList)...) -> PropertyList {
    var dictionary = PropertyListDictionary()
    for (key, value) in entries { dictionary[key] = value }
    return .dictionary(dictionary)
  }

  static func differences(
    _ old: [UInt8], _ new: [UInt8], options: PropertyListDiffOptions = .default
  ) -> [PropertyListDifference]? {
    old.withUnsafeBytes { a in
      new.withUnsafeBytes { b in PropertyListDiff(options: options).differences(fromBinary: a, to: b) }
    }
  }

  @Test("the same differences as the values' diff, for random values and edits", arguments: seeds)
  func sameAsValueDiff(seed: UInt64) throws {
    var random = RandomEdits(seed: seed)
    // Records in an array, as large files hold them, and a random value beside them.
    let records = (0..<Int(seed % 7) + 2).map { _ in random.value(depth: 2) }
    var root = PropertyListDictionary()
    root["records"] = .array(records)
    root["other"] = random.value(depth: 3)
    let a = seed % 10 == 0 ? random.value(depth: 3) : PropertyList.dictionary(root)
    let b = random.edited(a, edits: Int(seed % 5) + 1)
    let (old, new) = (try Self.binary(a), try Self.binary(b))
    let expected = PropertyListDiff().differences(
      from: try PropertyList(bytes: old, format: .binary), to: try PropertyList(bytes: new, format: .binary))
    guard let found = Self.differences(old, new) else {
      // Only files whose value is not a plain tree give way.
      #expect(try !Self.isPlainTree(old) || !Self.isPlainTree(new), "seed \(seed): gave way on a plain tree")
      return
    }
    #expect(found == expected, "seed \(seed)")
  }

  @Test func mostRandomFilesAreComparedFromTheirTables() throws {
    var compared = 0
    for seed in Self.seeds {
      var random = RandomEdits(seed: seed)
      let a = random.value(depth: 3)
      let b = random.edited(a, edits: 2)
      if Self.differences(try Self.binary(a), try Self.binary(b)) != nil { compared += 1 }
    }
    #expect(compared * 10 >= Self.seeds.count * 9, "\(compared) of \(Self.seeds.count)")
  }

  @Test func equalFilesHaveNoDifferences() throws {
    let value = PropertyList.array(
      (0..<50).map { Self.dictionary(("n", .integer(Int64($0))), ("s", .string("row \($0)"))) })
    #expect(Self.differences(try Self.binary(value), try Self.binary(value)) == [])
  }

  @Test func oneInsertedRowIsOneAddition() throws {
    let rows = (0..<200).map { Self.dictionary(("n", .integer(Int64($0))), ("s", .string("row \($0)"))) }
    var inserted = rows
    inserted.insert(Self.dictionary(("n", .integer(-1)), ("s", .string("new"))), at: 120)
    var renamed = rows
    renamed[7] = Self.dictionary(("n", .integer(7)), ("s", .string("row 7 Jr.")))
    let found = Self.differences(try Self.binary(.array(rows)), try Self.binary(.array(inserted)))
    #expect(
      found == [
        PropertyListDifference(
          kind: .added, path: "120", newValue: Self.dictionary(("n", .integer(-1)), ("s", .string("new"))))
      ])
    let changed = Self.differences(try Self.binary(.array(rows)), try Self.binary(.array(renamed)))
    #expect(
      changed == [
        PropertyListDifference(kind: .changed, path: "7.s", oldValue: .string("row 7"), newValue: .string("row 7 Jr."))
      ])
  }

  @Test func givesWayWhereItDoesNotApply() throws {
    let a = try Self.binary(Self.dictionary(("a", .integer(1)), ("b", .array([.string("x")]))))
    let b = try Self.binary(Self.dictionary(("b", .array([.string("y")])), ("a", .integer(1))))
    #expect(Self.differences(a, b) != nil)
    #expect(Self.differences(a, b, options: PropertyListDiffOptions(reportsKeyOrder: true)) == nil)
    #expect(Self.differences(a, b, options: PropertyListDiffOptions(ignoredPaths: ["a"])) == nil)
    // Not binary, or broken.
    #expect(Self.differences(Array("<plist><true/></plist>".utf8), b) == nil)
    #expect(Self.differences(Array(a.dropLast(3)), b) == nil)
    // Keyed archives and project files that differ are compared their own way (equal ones
    // are equal either way).
    let archive = { (version: Int64) in
      try Self.binary(Self.dictionary(("$archiver", .string("NSKeyedArchiver")), ("$version", .integer(version))))
    }
    #expect(Self.differences(try archive(100_000), try archive(100_000)) == [])
    #expect(Self.differences(try archive(100_000), try archive(100_001)) == nil)
    let project = { (root: String) in
      try Self.binary(
        Self.dictionary(("rootObject", .string(root)), ("objects", .dictionary(PropertyListDictionary()))))
    }
    #expect(Self.differences(try project("X"), try project("Y")) == nil)
  }

  @Test func givesWayOnSharedContainers() throws {
    // Object 1 (an array) is referenced twice by the root array: a DAG, not a tree.
    var bytes = Array("bplist00".utf8)
    let offsets = [bytes.count, bytes.count + 3, bytes.count + 5]
    bytes += [0xA2, 0x01, 0x01]  // [obj1, obj1]
    bytes += [0xA1, 0x02]  // [obj2]
    bytes += [0x10, 0x07]  // 7
    let tableStart = bytes.count
    bytes += offsets.map { UInt8($0) }
    bytes += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 3] + [0, 0, 0, 0, 0, 0, 0, 0]
    bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(tableStart)]
    let value = try PropertyList(bytes: bytes, format: .binary)
    #expect(value == .array([.array([.integer(7)]), .array([.integer(7)])]))
    #expect(Self.differences(bytes, bytes) == nil)
  }

  @Test func stringsOfEveryEncodingAndManyKeys() throws {
    // Keys and values in ASCII, ISO Latin-1 range and beyond (UTF-16 in the file), and a
    // dictionary of more keys than are compared pairwise for repeats.
    var many = PropertyListDictionary()
    for index in 0..<40 { many["key \(index)"] = .integer(Int64(index)) }
    let a = Self.dictionary(
      ("café", .string("naïve")), ("日本", .string("😀 smile")), ("plain", .string("text")),
      ("many", .dictionary(many)))
    var changedMany = many
    changedMany["key 17"] = .integer(-17)
    let b = Self.dictionary(
      ("café", .string("naïf")), ("日本", .string("😀 smile")), ("plain", .string("text")),
      ("many", .dictionary(changedMany)))
    let found = Self.differences(try Self.binary(a), try Self.binary(b))
    #expect(
      found == [
        PropertyListDifference(kind: .changed, path: "café", oldValue: .string("naïve"), newValue: .string("naïf")),
        PropertyListDifference(kind: .changed, path: "many.key 17", oldValue: .integer(17), newValue: .integer(-17)),
      ])
    #expect(found == PropertyListDiff().differences(from: a, to: b))
  }

  @Test func givesWayOnARepeatedKey() throws {
    // The root dictionary's two keys are two string objects that both say "a".
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object: [UInt8] in [
      [0xD2, 0x01, 0x02, 0x03, 0x04], [0x51, 0x61], [0x51, 0x61], [0x10, 0x01], [0x10, 0x02],
    ] {
      offsets.append(bytes.count)
      bytes += object
    }
    let tableStart = bytes.count
    bytes += offsets.map { UInt8($0) }
    bytes += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 5] + [0, 0, 0, 0, 0, 0, 0, 0]
    bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(tableStart)]
    let other = try Self.binary(Self.dictionary(("a", .integer(1))))
    #expect(Self.differences(bytes, other) == nil)
    #expect(Self.differences(other, bytes) == nil)
  }

  /// True when no container of the file is referenced twice and no dictionary repeats a key
  /// (read back as a value: the same number of containers as the file's container objects).
  static func isPlainTree(_ bytes: [UInt8]) throws -> Bool {
    let value = try PropertyList(bytes: bytes, format: .binary)
    var containers = 0
    var pending = [value]
    while let next = pending.popLast() {
      switch next {
      case .array(let elements):
        containers += 1
        pending += elements
      case .dictionary(let dictionary):
        containers += 1
        pending += dictionary.values
      default: break
      }
    }
    return containers == containerObjects(bytes)
  }

  /// The number of array and dictionary objects of a binary file (offsets of 1 to 8 bytes).
  static func containerObjects(_ bytes: [UInt8]) -> Int {
    let trailer = bytes.suffix(32)
    let offsetSize = Int(trailer[trailer.startIndex + 6])
    func integer(_ at: Int, _ size: Int) -> Int { (0..<size).reduce(0) { $0 << 8 | Int(bytes[at + $1]) } }
    let count = integer(bytes.count - 24, 8)
    let table = integer(bytes.count - 8, 8)
    return (0..<count).filter { index in
      let marker = bytes[integer(table + index * offsetSize, offsetSize)] >> 4
      return marker == 0xA || marker == 0xD
    }.count
  }
}
