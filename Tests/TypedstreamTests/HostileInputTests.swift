import PlistKit
import Testing
import Typedstream

/// Broken and hostile streams: each refused with its kind, byte offset and message, never a
/// crash or an allocation the input did not pay for.
@Suite("Typedstream hostile input")
struct HostileInputTests {
  static let header: [UInt8] = [4, 11] + Array("streamtyped".utf8) + [0x81, 0xE8, 0x03]

  static func error(_ bytes: [UInt8], limits: TypedstreamLimits = .default) -> TypedstreamError? {
    do {
      _ = try TypedstreamArchive(bytes: bytes, limits: limits)
      return nil
    } catch {
      return error
    }
  }

  struct Case: CustomStringConvertible, Sendable {
    let name: String
    let bytes: [UInt8]
    let expected: TypedstreamError
    var description: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "no header", bytes: Array("bplist00".utf8),
      expected: TypedstreamError(
        .notATypedstream, at: 0, "expected a typedstream header (\\x04\\x0bstreamtyped or \\x04\\x0btypedstream)")),
    Case(
      name: "NeXTSTEP's streamer version 3", bytes: [3, 11] + Array("typedstream".utf8) + [0x81, 0xE8, 0x03],
      expected: TypedstreamError(
        .malformed, at: 0, "expected streamer version 4, found 3 (NeXTSTEP's older streams are not read)")),
    Case(
      name: "a system version cut short", bytes: [4, 11] + Array("streamtyped".utf8) + [0x81, 0xE8],
      expected: TypedstreamError(
        .truncated, at: 14, "the input ends where the system version should be (2 bytes, 1 left)")),
    Case(
      name: "a group's encoding names no shared string", bytes: header + [0x92],
      expected: TypedstreamError(
        .badReference, at: 16,
        "expected a group's type encoding: a new string or a reference to one of the 0 read so far, found reference 0")),
    Case(
      name: "a type no stream holds", bytes: header + [0x84, 0x02, 0x69, 0x5A, 0x01],
      expected: TypedstreamError(
        .malformed, at: 16, "expected a type encoding, found the type 'Z', which a typedstream cannot hold")),
    Case(
      name: "an array longer than the input", bytes: header + [0x84, 0x0A] + Array("[1000000i]".utf8) + [1, 2],
      expected: TypedstreamError(
        .limitExceeded, at: 28, "an array of 1000000 elements, more than the 2 the input or the limit allows")),
    Case(
      name: "an array of elements that take no bytes", bytes: header + [0x84, 0x05] + Array("[9{}]".utf8),
      expected: TypedstreamError(
        .malformed, at: 23, "expected an array of values that take bytes, found [9{?=}], whose elements take none")),
    Case(
      name: "a bool of 2", bytes: header + [0x84, 0x01, 0x42, 0x02],
      expected: TypedstreamError(.malformed, at: 19, "expected a bool (0 or 1), found 2")),
    Case(
      name: "a pointer", bytes: header + [0x84, 0x02, 0x5E, 0x69, 0x00],
      expected: TypedstreamError(
        .malformed, at: 20, "expected a value, found the pointer type ^i, which a stream cannot hold")),
    Case(
      name: "a C string with a zero byte", bytes: header + [0x84, 0x01, 0x2A, 0x84, 0x84, 0x02, 0x61, 0x00],
      expected: TypedstreamError(.malformed, at: 19, "expected a C string, found one with a zero byte inside")),
    Case(
      name: "an object's class that is nil", bytes: header + [0x84, 0x01, 0x40, 0x84, 0x85],
      expected: TypedstreamError(.malformed, at: 20, "expected an object's class, found nil (0x85)")),
    Case(
      // The chain's superclass names the chain's own class, which is numbered only once
      // the chain has ended.
      name: "a class that is its own superclass",
      bytes: header + [0x84, 0x01, 0x40, 0x84, 0x84, 0x84, 0x01, 0x41, 0x00, 0x93],
      expected: TypedstreamError(
        .badReference, at: 25,
        "expected a class: new (0x84), nil (0x85) or a reference to one of the 1 read so far, found reference 1")),
    Case(
      name: "an object reference that names a class",
      bytes: header + [0x84, 0x01, 0x40, 0x84, 0x84, 0x84, 0x01, 0x41, 0x00, 0x85, 0x92, 0x93],
      expected: TypedstreamError(.badReference, at: 27, "expected a reference to an object, found one to a class")),
    Case(
      name: "an object without its end", bytes: header + [0x84, 0x01, 0x40, 0x84, 0x84, 0x84, 0x01, 0x41, 0x00, 0x85],
      expected: TypedstreamError(
        .truncated, at: 26, "the input ends where a group of the object or its end (0x86) should be")),
    Case(
      name: "an unused tag as an integer", bytes: header + [0x84, 0x01, 0x69, 0x80],
      expected: TypedstreamError(.malformed, at: 19, "an integer cannot start with the tag 0x80")),
  ]

  @Test("refused with the kind, the byte offset and the message", arguments: cases)
  func refused(testCase: Case) {
    #expect(Self.error(testCase.bytes) == testCase.expected)
    #expect(throws: testCase.expected) { try TypedstreamText.string(in: testCase.bytes) }
  }

  /// Objects inside objects, `levels` deep, never ended.
  static func nestedObjects(_ levels: Int) -> [UInt8] {
    var writer = StreamWriter()
    writer.encoding("@")
    for _ in 0..<levels {
      writer.beginObject(Chains.array)
      writer.encoding("@")
    }
    return writer.bytes
  }

  @Test("objects nested past the depth limit: the reader's own stack stops there")
  func depthLimit() throws {
    let error = try #require(Self.error(Self.nestedObjects(100_000)))
    #expect(error.kind == .limitExceeded)
    #expect(error.message == "objects, arrays and structs nested deeper than the limit of 256")
    let small = try #require(Self.error(Self.nestedObjects(10), limits: TypedstreamLimits(maximumDepth: 8)))
    #expect(small.message == "objects, arrays and structs nested deeper than the limit of 8")
  }

  /// An array of two references to the next array, `levels` deep: 2^levels leaves once expanded.
  static func sharingBomb(_ levels: Int) -> [UInt8] {
    var writer = StreamWriter()
    writer.encoding("@")
    var numbers: [Int] = []
    for _ in 0..<levels {
      numbers.append(writer.beginObject(Chains.array))
      writer.encoding("i")
      writer.integer(2)
      writer.encoding("@")
    }
    let leaf = writer.beginObject(Chains.string)
    writer.encoding("+")
    writer.unsharedString(Array("leaf".utf8))
    writer.endObject()
    // Each array's second member is the array (or leaf) its first member introduced.
    for level in numbers.indices.reversed() {
      writer.encoding("@")
      writer.objectReference(level + 1 < numbers.count ? numbers[level + 1] : leaf)
      writer.endObject()
    }
    return writer.bytes
  }

  @Test("shared objects that would expand past the node limit: each array shown once, its other places marked")
  func expansionBomb() throws {
    let archive = try TypedstreamArchive(bytes: Self.sharingBomb(40))
    #expect(archive.objects.count == 41)
    // Level k's array is [level k+1's array, the same again], at the path of k zeros; the
    // leaf is a string, shown at both places.
    var expected: PropertyList = ["leaf", "leaf"]
    for level in (0..<39).reversed() {
      let firstPlace = Array(repeating: "0", count: level + 1).joined(separator: ".")
      expected = [expected, ["$shared": .string(firstPlace)]]
    }
    #expect(try archive.plainView(limits: TypedstreamLimits(maximumExpandedNodes: 1000)) == expected)
    // Within the limit, shared objects are expanded at every place, as before.
    let small = try TypedstreamArchive(bytes: Self.sharingBomb(3)).plainView(
      limits: TypedstreamLimits(maximumExpandedNodes: 1000))
    #expect(small == [[["leaf", "leaf"], ["leaf", "leaf"]], [["leaf", "leaf"], ["leaf", "leaf"]]])
    // Past the limit even with each object once: refused.
    do {
      _ = try archive.plainView(limits: TypedstreamLimits(maximumExpandedNodes: 50))
      Issue.record("the view went past the limit")
    } catch {
      #expect(error.kind == .limitExceeded)
      #expect(error.message.hasSuffix(": the plain view has more than 50 nodes"))
    }
  }

  @Test("an array that holds itself: the view marks the cycle")
  func cycle() throws {
    var writer = StreamWriter()
    writer.encoding("@")
    let array = writer.beginObject(Chains.array)
    writer.encoding("i")
    writer.integer(2)
    writer.encoding("@")
    writer.stringObject("first")
    writer.encoding("@")
    writer.objectReference(array)
    writer.endObject()
    #expect(try TypedstreamArchive(bytes: writer.bytes).plainView() == ["first", ["$cycle": "(root)"]])
  }
}
