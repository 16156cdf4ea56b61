import Foundation
import PlistCoding
import PlistKit
import Synchronization
import Testing

/// PlistDecoder on binary plists, which it decodes straight from the object table: the cases
/// a writer does not produce (repeated keys, keys that are not strings, broken objects), the
/// places of errors, and the forms read apart from the common ones.
@Suite("PlistDecoder on binary plists")
struct BinaryDecodingTests {
  /// A binary plist of `objects` (each encoded whole), object 0 the root, one-byte offsets and
  /// references.
  static func file(_ objects: [[UInt8]]) -> [UInt8] {
    var bytes = Array("bplist00".utf8)
    var offsets: [UInt8] = []
    for object in objects {
      offsets.append(UInt8(bytes.count))
      bytes += object
    }
    let table = UInt8(bytes.count)
    bytes += offsets + [0, 0, 0, 0, 0, 0, 1, 1]
    bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(objects.count)] + [UInt8](repeating: 0, count: 8)
    return bytes + [0, 0, 0, 0, 0, 0, 0, table]
  }

  struct A: Decodable, Equatable {
    var a: Int
  }

  /// Reads element 0 of an array with `try?`, as a lenient type would, and nothing else.
  struct Lenient: Decodable {
    init(from decoder: any Decoder) throws {
      var container = try decoder.unkeyedContainer()
      _ = try? container.decode(Int.self)
    }
  }

  @Test("a repeated key has its last value and is one key, as the reader keeps it")
  func repeatedKey() throws {
    // {a: 1, b: 2, a: 3}, the two "a" two objects.
    let bytes = Self.file([
      [0xD3, 1, 2, 3, 4, 5, 6], [0x51, 0x61], [0x51, 0x62], [0x51, 0x61], [0x10, 1], [0x10, 2], [0x10, 3],
    ])
    #expect(try PlistDecoder().decode(A.self, from: bytes) == A(a: 3))
    #expect(try PlistDecoder().decode([String: Int].self, from: bytes) == ["a": 3, "b": 2])
    #expect(try PropertyList(bytes: bytes) == ["a": 3, "b": 2])
  }

  @Test("a repeated key's earlier value is checked, as the reader checks it")
  func repeatedKeyBrokenValue() throws {
    // {a: [<marker 0x70, undefined>], a: 3}: the key's value is 3, but the file is broken.
    let bytes = Self.file([[0xD2, 1, 1, 2, 3], [0x51, 0x61], [0xA1, 4], [0x10, 3], [0x70]])
    let readerError = #expect(throws: PropertyListError.self) { try PropertyList(bytes: bytes) }
    let decoderError = #expect(throws: PropertyListError.self) { try PlistDecoder().decode(A.self, from: bytes) }
    #expect(decoderError?.description == readerError?.description)

    // As the `plist-decoder` fuzz target found it, decoded as any value.
    let found = try Data(
      contentsOf: URL(fileURLWithPath: Samples.root + "/Tests/Fixtures/Fuzz/plist-decoder-crash-0180e780.bplist"))
    #expect {
      try PlistDecoder().decode(Tolerant.self, from: found)
    } throws: { error in
      (error as? PropertyListError)?.description.contains("unknown object marker 0x06") == true
    }
  }

  @Test("a key that is not a string is the reader's error, even where the type goes on after a failure")
  func keyNotAString() throws {
    let bytes = Self.file([[0xD1, 1, 2], [0x10, 7], [0x10, 1]])
    #expect(throws: PropertyListError.self) { try PlistDecoder().decode(A.self, from: bytes) }
    #expect(throws: PropertyListError.self) { try PropertyList(bytes: bytes) }
  }

  @Test("an object that cannot be read is the reader's error, even when the type ignores the failure")
  func brokenObject() throws {
    // [<marker 0x70, undefined>]
    let bytes = Self.file([[0xA1, 1], [0x70]])
    let readerError = #expect(throws: PropertyListError.self) { try PropertyList(bytes: bytes) }
    let decoderError = #expect(throws: PropertyListError.self) { try PlistDecoder().decode(Lenient.self, from: bytes) }
    #expect(decoderError?.description == readerError?.description)
  }

  @Test("a broken file is the reader's error also when the type fails before the damage")
  func failureBeforeDamage() throws {
    // [<UID 1>, <marker 0x70, undefined>]: decoding `[String]` fails at the UID, before the
    // broken object; the file is reported as broken all the same.
    let bytes = Self.file([[0xA2, 1, 2], [0x80, 1], [0x70]])
    let readerError = #expect(throws: PropertyListError.self) { try PropertyList(bytes: bytes) }
    let decoderError = #expect(throws: PropertyListError.self) { try PlistDecoder().decode([String].self, from: bytes) }
    #expect(decoderError?.description == readerError?.description)
    // A valid file with the same UID is the type's error.
    let valid = Self.file([[0xA1, 1], [0x80, 1]])
    #expect(throws: DecodingError.self) { try PlistDecoder().decode([String].self, from: valid) }
  }

  /// The input the `plist-decoder` fuzz target found (`crash-f1a9c5e4`): Foundation's
  /// `NSKeyedUnarchiver-ComplexTest.plist` (swift-corelibs-foundation's, in the corpus's
  /// `apple-archives/`) with the bytes it changed, as offset and new byte. The file is
  /// third-party, so the input is made from it here rather than kept in the project.
  static func fuzzFindingF1A9C5E4() throws -> Data {
    var bytes = try Corpus.bytes("apple-archives/NSKeyedUnarchiver-ComplexTest.plist")
    let changes: [(offset: Int, byte: UInt8)] = [
      (165, 0x01), (166, 0x00), (167, 0x00), (168, 0x00), (169, 0x00), (170, 0x00), (171, 0x02), (172, 0x62),
      (397, 0x6C),
    ]
    for change in changes { bytes[change.offset] = change.byte }
    return Data(bytes)
  }

  @Test(
    "a broken file is the reader's error also when the type fails before the damage, as the fuzzer found it",
    .needsCorpus("apple-archives"))
  func failureBeforeDamageAsFound() throws {
    // A keyed archive whose object 26 has an undefined marker, decoded as a nested dictionary
    // of arrays of strings.
    let found = try Self.fuzzFindingF1A9C5E4()
    #expect(found.count == 686)
    #expect(throws: PropertyListError.self) { try PropertyList(bytes: Array(found)) }
    #expect {
      try PlistDecoder().decode([String: [[String: [String]]]].self, from: found)
    } throws: { error in
      (error as? PropertyListError)?.description.contains("unknown object marker 0x01") == true
    }
  }

  /// Decodes whatever it is given, going on after any failure.
  indirect enum Tolerant: Decodable {
    case dictionary([String: Tolerant]), array([Tolerant]), integer(Int), failed

    /// Counts the values decoded, when the decoder's `userInfo` has one under ``counted``
    /// (behind a lock, since a decoder's `userInfo` holds only `Sendable` values).
    final class Count: Sendable {
      private let count = Mutex(0)
      var values: Int { count.withLock { $0 } }
      func add() { count.withLock { $0 += 1 } }
    }
    static let counted = CodingUserInfoKey(rawValue: "count")!

    init(from decoder: any Decoder) throws {
      (decoder.userInfo[Self.counted] as? Count)?.add()
      if let keyed = try? decoder.container(keyedBy: NameKey.self) {
        var values: [String: Tolerant] = [:]
        for key in keyed.allKeys {
          values[key.stringValue] = (try? keyed.decode(Tolerant.self, forKey: key)) ?? .failed
        }
        self = .dictionary(values)
      } else if var unkeyed = try? decoder.unkeyedContainer() {
        var values: [Tolerant] = []
        while !unkeyed.isAtEnd { values.append((try? unkeyed.decode(Tolerant.self)) ?? .failed) }
        self = .array(values)
      } else {
        self = (try? decoder.singleValueContainer().decode(Int.self)).map { .integer($0) } ?? .failed
      }
    }
  }

  /// Decodes its own value again through its single-value container.
  struct Wrapper: Decodable {
    var inner: A
    init(from decoder: any Decoder) throws { inner = try decoder.singleValueContainer().decode(A.self) }
  }

  @Test("a value that contains itself is found where decoding enters it again")
  func cycles() throws {
    // {a: <itself>, b: 1}: a type that goes on after the failure still gets the reader's error.
    let loop = Self.file([[0xD2, 1, 2, 0, 3], [0x51, 0x61], [0x51, 0x62], [0x10, 1]])
    let readerError = #expect(throws: PropertyListError.self) { try PropertyList(bytes: loop) }
    let count = Tolerant.Count()
    let decoder = PlistDecoder(userInfo: [Tolerant.counted: count])
    let decoderError = #expect(throws: PropertyListError.self) { try decoder.decode(Tolerant.self, from: loop) }
    #expect(decoderError?.description == readerError?.description)
    // The top value, itself once inside, and its value `b` there: not 512 levels of it.
    #expect(count.values == 4)
    // [{a: 1}, the same {a: 1}]: one object twice is no cycle; nor is a value decoded again.
    let shared = Self.file([[0xA2, 1, 1], [0xD1, 2, 3], [0x51, 0x61], [0x10, 1]])
    #expect(try PlistDecoder().decode([A].self, from: shared) == [A(a: 1), A(a: 1)])
    #expect(try PlistDecoder().decode([Wrapper].self, from: shared).map(\.inner) == [A(a: 1), A(a: 1)])

    // As the `plist-decoder` fuzz target found it: 643 bytes that took 1.5 s.
    let found = try Data(
      contentsOf: URL(fileURLWithPath: Samples.root + "/Tests/Fixtures/Fuzz/plist-decoder-timeout-8aadb7a8.bplist"))
    #expect {
      try PlistDecoder().decode(Tolerant.self, from: found)
    } throws: { error in
      (error as? PropertyListError)?.description.contains("dictionary (object 0) contains itself") == true
    }
  }

  @Test("a value of the wrong type names its key path and its byte")
  func mismatchPlace() throws {
    let bytes = Self.file([[0xD1, 1, 2], [0x51, 0x61], [0x51, 0x78]])
    #expect {
      try PlistDecoder().decode(A.self, from: bytes)
    } throws: { error in
      guard case DecodingError.typeMismatch(_, let context) = error else { return false }
      return context.codingPath.map(\.stringValue) == ["a"]
        && context.debugDescription == "a (byte 13): expected to decode Int but found a string \"x\" instead"
    }
  }

  /// Reads the keys it is given in the order given.
  struct Keys: Decodable {
    static let wanted = (0..<20).reversed().map { "key\($0)" }
    var values: [Int]

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: NameKey.self)
      values = try Self.wanted.map { try container.decode(Int.self, forKey: NameKey(stringValue: $0)) }
    }
  }

  @Test("keys of other string forms, a large dictionary read out of order, long shared strings and data")
  func uncommonForms() throws {
    struct Accented: Decodable, Equatable {
      var café: String
      var b: Int
    }
    let accented: PropertyList = ["café": "x", "b": 2]
    #expect(
      try PlistDecoder().decode(Accented.self, from: accented.serialized(as: .binary)) == Accented(café: "x", b: 2))
    // Latin-1 in an ASCII string object: "café" as 0x63 0x61 0x66 0xE9.
    let latin1 = Self.file([[0xD1, 1, 2], [0x54, 0x63, 0x61, 0x66, 0xE9], [0x10, 5]])
    #expect(try PlistDecoder().decode([String: Int].self, from: latin1) == ["café": 5])

    var wide = PropertyListDictionary()
    for index in 0..<20 { wide["key\(index)"] = .integer(PropertyListInteger(Int64(index))) }
    let wideBytes = try PropertyList.dictionary(wide).serialized(as: .binary)
    #expect(try PlistDecoder().decode(Keys.self, from: wideBytes).values == Array((0..<20).reversed()))

    let long = String(repeating: "long string ", count: 30)
    let blob = Data((0..<300).map { UInt8(truncatingIfNeeded: $0) })
    let shared = try PropertyList.array([
      .string(long), .string(long), .data(Array(blob)), .data(Array(blob)),
    ]).serialized(as: .binary)
    struct Shared: Decodable, Equatable {
      var strings: [String]
      var data: [Data]
      init(strings: [String], data: [Data]) {
        self.strings = strings
        self.data = data
      }
      init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        strings = [try container.decode(String.self), try container.decode(String.self)]
        data = [try container.decode(Data.self), try container.decode(Data.self)]
      }
    }
    #expect(try PlistDecoder().decode(Shared.self, from: shared) == Shared(strings: [long, long], data: [blob, blob]))
  }
}
