import Foundation
import PlistCoding
import PlistKit
import Testing

/// PlistDecoder's rules and errors, each checked exactly.
@Suite("PlistDecoder")
struct PlistDecoderTests {
  struct Pair: Codable, Equatable {
    var a: Int
    var b: String?
  }

  /// The `DecodingError` that decoding `type` from `value` throws.
  func decodingError<T: Decodable>(_ type: T.Type, _ value: PropertyList) -> DecodingError? {
    do {
      _ = try PlistDecoder().decode(type, from: value)
      return nil
    } catch {
      return error as? DecodingError
    }
  }

  func description(_ error: DecodingError?) -> String? {
    switch error {
    case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .keyNotFound(_, let context)?,
      .dataCorrupted(let context)?:
      return context.debugDescription
    default: return nil
    }
  }

  func path(_ error: DecodingError?) -> [String]? {
    switch error {
    case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .keyNotFound(_, let context)?,
      .dataCorrupted(let context)?:
      return context.codingPath.map(\.stringValue)
    default: return nil
    }
  }

  @Test("a missing key is keyNotFound with the path of its dictionary")
  func missingKey() {
    let error = decodingError([Pair].self, [["b": "x"]])
    guard case .keyNotFound(let key, _)? = error else {
      Issue.record("expected keyNotFound, got \(String(describing: error))")
      return
    }
    #expect(key.stringValue == "a")
    #expect(path(error) == ["Index 0"])
    #expect(description(error) == "0: no value for the key \"a\" (the dictionary has 1 keys)")
  }

  @Test("a type mismatch names the key path and what was found")
  func typeMismatch() {
    let error = decodingError([String: [Pair]].self, ["list": [["a": 1], ["a": "two"]]])
    guard case .typeMismatch(let type, _)? = error else {
      Issue.record("expected typeMismatch, got \(String(describing: error))")
      return
    }
    #expect(ObjectIdentifier(type) == ObjectIdentifier(Int.self))
    #expect(path(error) == ["list", "Index 1", "a"])
    #expect(description(error) == "list.1.a: expected to decode Int but found a string \"two\" instead")
    #expect(
      description(decodingError(Pair.self, .array([])))
        == "(root): expected to decode Dictionary<String, Any> but found an array (0 elements) instead")
    #expect(
      description(decodingError(Bool.self, 1)) == "(root): expected to decode Bool but found an integer 1 instead")
    #expect(
      description(decodingError(Int.self, true)) == "(root): expected to decode Int but found a boolean true instead")
    #expect(
      description(decodingError(Date.self, 1.5)) == "(root): expected to decode Date but found a real 1.5 instead")
    #expect(
      description(decodingError(Data.self, "AQID"))
        == "(root): expected to decode Data but found a string \"AQID\" instead")
  }

  @Test("every integer width is range-checked: dataCorrupted, never a trap")
  func integerRanges() throws {
    func corrupted<T: Decodable & FixedWidthInteger>(_ type: T.Type, _ value: PropertyList) -> String? {
      guard case .dataCorrupted(let context)? = decodingError([T].self, .array([value])) else { return nil }
      return context.debugDescription
    }
    #expect(corrupted(Int8.self, 128) == "0: the integer 128 does not fit in Int8")
    #expect(corrupted(Int8.self, -129) == "0: the integer -129 does not fit in Int8")
    #expect(corrupted(Int16.self, 32_768) == "0: the integer 32768 does not fit in Int16")
    #expect(corrupted(Int32.self, .integer(Int64(Int32.max) + 1)) == "0: the integer 2147483648 does not fit in Int32")
    #expect(corrupted(Int64.self, .integer(UInt64.max)) == "0: the integer 18446744073709551615 does not fit in Int64")
    #expect(
      corrupted(Int.self, .integer(UInt64(Int64.max) + 1)) == "0: the integer 9223372036854775808 does not fit in Int")
    #expect(corrupted(UInt8.self, 256) == "0: the integer 256 does not fit in UInt8")
    #expect(corrupted(UInt8.self, -1) == "0: the integer -1 does not fit in UInt8")
    #expect(corrupted(UInt16.self, 65_536) == "0: the integer 65536 does not fit in UInt16")
    #expect(
      corrupted(UInt32.self, .integer(Int64(UInt32.max) + 1)) == "0: the integer 4294967296 does not fit in UInt32")
    #expect(corrupted(UInt64.self, -1) == "0: the integer -1 does not fit in UInt64")
    #expect(corrupted(UInt.self, .integer(Int64.min)) == "0: the integer -9223372036854775808 does not fit in UInt")
    #expect(corrupted(Int.self, 1.5) == "0: the real 1.5 does not fit in Int")
    #expect(corrupted(Int.self, .real(.nan)) == "0: the real nan does not fit in Int")
    #expect(corrupted(Int.self, 1e20) == "0: the real 1e+20 does not fit in Int")
    // In range, every width reads; a real that holds an integer exactly too.
    #expect(try PlistDecoder().decode([Int8].self, from: [127, -128, 3.0] as PropertyList) == [127, -128, 3])
    #expect(try PlistDecoder().decode([UInt64].self, from: [.integer(UInt64.max), 0] as PropertyList) == [.max, 0])
    #expect(try PlistDecoder().decode([Int64].self, from: [.integer(Int64.min)] as PropertyList) == [.min])
    #expect(try PlistDecoder().decode([UInt16].self, from: [65_535] as PropertyList) == [65_535])
  }

  @Test("reals: Double and Float from reals and integers; beyond Float's range is dataCorrupted")
  func reals() throws {
    #expect(
      try PlistDecoder().decode([Double].self, from: [1.5, 3, .integer(UInt64.max)] as PropertyList) == [
        1.5, 3, 18_446_744_073_709_551_616,
      ])
    #expect(
      try PlistDecoder().decode([Float].self, from: [0.1, 2, .real(.infinity)] as PropertyList) == [0.1, 2, .infinity])
    #expect(try PlistDecoder().decode([Float].self, from: [.real(.nan)] as PropertyList).first?.isNaN == true)
    guard case .dataCorrupted(let context)? = decodingError([Float].self, [1e300]) else {
      Issue.record("expected dataCorrupted")
      return
    }
    #expect(context.debugDescription == "0: the real 1e+300 does not fit in Float")
  }

  @Test("$null is nil in optionals, in containers and through decodeNil; where a value is needed it is valueNotFound")
  func null() throws {
    #expect(try PlistDecoder().decode([String?].self, from: ["$null", "x"] as PropertyList) == [nil, "x"])
    #expect(try PlistDecoder().decode([Int?].self, from: ["$null", 1] as PropertyList) == [nil, 1])
    #expect(try PlistDecoder().decode(Pair.self, from: ["a": 1, "b": "$null"]) == Pair(a: 1, b: nil))
    #expect(try PlistDecoder().decode(Pair.self, from: ["a": 1]) == Pair(a: 1, b: nil))
    let error = decodingError([String].self, ["$null"])
    guard case .valueNotFound? = error else {
      Issue.record("expected valueNotFound, got \(String(describing: error))")
      return
    }
    #expect(description(error) == "0: expected a value of type String but found null ($null)")
    #expect(
      description(decodingError(Pair.self, "$null"))
        == "(root): cannot get a keyed decoding container: found null ($null) instead")
  }

  /// Reads `userInfo`, a super decoder for a missing key, and nested containers.
  struct Probe: Decodable, Equatable {
    var tag: String
    var superName: String?
    var nested: [Int]

    init(tag: String, superName: String?, nested: [Int]) {
      self.tag = tag
      self.superName = superName
      self.nested = nested
    }

    enum CodingKeys: String, CodingKey { case inner, list, parent }
    enum InnerKeys: String, CodingKey { case value }

    static let tagKey = CodingUserInfoKey(rawValue: "tag")!

    init(from decoder: Decoder) throws {
      tag = decoder.userInfo[Self.tagKey] as? String ?? "none"
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let inner = try container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
      var list = try container.nestedUnkeyedContainer(forKey: .list)
      var nested: [Int] = [try inner.decode(Int.self, forKey: .value)]
      while !list.isAtEnd { nested.append(try list.decode(Int.self)) }
      self.nested = nested
      let parent = try container.superDecoder(forKey: .parent)
      superName =
        try parent.singleValueContainer().decodeNil() ? nil : try parent.singleValueContainer().decode(String.self)
    }
  }

  @Test("userInfo reaches the types; nested containers and super decoders read their values")
  func containers() throws {
    let decoder = PlistDecoder(userInfo: [Probe.tagKey: "mine"])
    #expect(
      try decoder.decode(Probe.self, from: ["inner": ["value": 1], "list": [2, 3]])
        == Probe(tag: "mine", superName: nil, nested: [1, 2, 3]))
    #expect(
      try decoder.decode(Probe.self, from: ["inner": ["value": 1], "list": [], "parent": "p"])
        == Probe(tag: "mine", superName: "p", nested: [1]))
  }

  @Test("[Int: V] reads string keys as integers; a key that is not one is Swift's typeMismatch")
  func integerKeys() throws {
    #expect(try PlistDecoder().decode([Int: String].self, from: ["1": "a", "-2": "b"]) == [1: "a", -2: "b"])
    guard case .typeMismatch? = decodingError([Int: String].self, ["x": "a"]) else {
      Issue.record("expected typeMismatch")
      return
    }
  }

  @Test("a broken input is the reader's error, with its place")
  func readerErrors() throws {
    let xml = Array("<plist><dict><key>a</key><integer>1</integer></dict>".utf8)
    #expect {
      try PlistDecoder().decode(Pair.self, from: xml)
    } throws: { error in
      guard let error = error as? PropertyListError else { return false }
      return error.location == .text(line: 1, column: 53) && error.kind == .unexpectedEnd
    }
    let binary = try PlistEncoder().encode([Pair(a: 1, b: "x")])
    for count in [8, binary.count / 2, binary.count - 1] {
      #expect(throws: PropertyListError.self) {
        try PlistDecoder().decode([Pair].self, from: Array(binary.prefix(count)))
      }
    }
  }

  @Test("a value of the wrong type in a text form names its key path and its line and column")
  func textPlaces() throws {
    struct A: Decodable {
      var a: Int
    }
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <array>
      <dict>
      <key>a</key>
      <integer>1</integer>
      </dict>
      <dict>
      <key>a</key>
      <string>x</string>
      </dict>
      </array>
      </plist>
      """
    let json = "[\n{\"a\": 1},\n{\"a\":\n \"x\"}\n]"
    var descriptions: [String] = []
    for text in [xml, json] {
      do {
        _ = try PlistDecoder().decode([A].self, from: Array(text.utf8))
      } catch let error as DecodingError {
        descriptions.append(description(error) ?? "")
      }
    }
    #expect(
      descriptions == [
        "1.a (10:1): expected to decode Int but found a string \"x\" instead",
        "1.a (4:2): expected to decode Int but found a string \"x\" instead",
      ])
  }

  @Test("the text forms: OpenStep and plain JSON numbers, booleans, dates and data from strings")
  func textForms() throws {
    struct Scalars: Codable, Equatable {
      var number: Int
      var real: Double
      var flag: Bool
      var when: Date
      var bytes: Data
    }
    let expected = Scalars(
      number: 42, real: 1.5, flag: true, when: Date(timeIntervalSinceReferenceDate: 60), bytes: Data([1, 2, 3]))
    let openStep = Array(
      #"{ number = 42; real = 1.5; flag = YES; when = "2001-01-01T00:01:00Z"; bytes = <010203>; }"#.utf8)
    #expect(try PlistDecoder().decode(Scalars.self, from: openStep) == expected)
    let json = Array(
      #"{"number": 42, "real": 1.5, "flag": true, "when": "2001-01-01T00:01:00Z", "bytes": "AQID"}"#.utf8)
    #expect(try PlistDecoder().decode(Scalars.self, from: json) == expected)
    // Not in XML or binary, as in Foundation: there a string is a string.
    let xml = try PlistEncoder(outputFormat: .xml).encode(["number": "42"])
    #expect(throws: DecodingError.self) { try PlistDecoder().decode([String: Int].self, from: xml) }
  }

  @Test("plain JSON that holds typed JSON's tags decodes as the JSON reader reads it (found by the route tests)")
  func typedTagsInPlainJSON() throws {
    // What PlistEncoder writes as typed JSON, decoded with the default options.
    let typed = try PlistEncoder(
      outputFormat: .json, writingOptions: PropertyListWritingOptions(jsonStyle: .typed, prettyPrinted: false)
    ).encode([Date(timeIntervalSinceReferenceDate: 1.5)])
    #expect(String(decoding: typed, as: UTF8.self) == #"[{"$date":1.5}]"#)
    #expect(try PlistDecoder().decode([Date].self, from: typed) == [Date(timeIntervalSinceReferenceDate: 1.5)])
    // A dictionary that looks like a tag, wrapped as the typed writer wraps it.
    let wrapped = Array(#"{"$dict":{"$date":1.5}}"#.utf8)
    #expect(try PropertyList(bytes: wrapped) == ["$date": 1.5])
    #expect(try PlistDecoder().decode([String: Double].self, from: wrapped) == ["$date": 1.5])
    // Without the detection, or with a key that names a tag whose payload it does not take,
    // the document is plain JSON, and its places stay exact.
    var plain = PropertyListReadingOptions()
    plain.detectsTypedJSON = false
    #expect(
      try PlistDecoder(options: plain).decode([String: [String: Double]].self, from: wrapped)
        == ["$dict": ["$date": 1.5]])
    let untagged = Array(#"{"$date": "no date", "n": "x"}"#.utf8)
    #expect(try PlistDecoder().decode([String: String].self, from: untagged) == ["$date": "no date", "n": "x"])
    #expect {
      try PlistDecoder().decode([String: Int].self, from: untagged)
    } throws: { error in
      "\(error)".contains("$date (1:11): expected to decode Int")
    }
  }

  /// A tree of arrays, as deep as its input.
  indirect enum Tree: Codable, Equatable {
    case leaf
    case node([Tree])

    init(from decoder: Decoder) throws {
      var container = try decoder.unkeyedContainer()
      var children: [Tree] = []
      while !container.isAtEnd { children.append(try container.decode(Tree.self)) }
      self = children.isEmpty ? .leaf : .node(children)
    }

    func encode(to encoder: Encoder) throws {
      var container = encoder.unkeyedContainer()
      if case .node(let children) = self { for child in children { try container.encode(child) } }
    }
  }

  @Test("deep values decode up to the depth limit; a value shared exponentially stops at the object limit")
  func limits() throws {
    var deep = PropertyList.array([])
    for _ in 0..<500 { deep = .array([deep]) }
    var tree = try PlistDecoder().decode(Tree.self, from: deep)
    var depth = 0
    while case .node(let children) = tree {
      depth += 1
      tree = children[0]
    }
    #expect(depth == 500)
    // Each level holds the level below twice: 2^40 values once written out.
    var shared = PropertyList.array([])
    for _ in 0..<40 { shared = .array([shared, shared]) }
    let decoder = PlistDecoder()
    decoder.options.limits.maximumObjectCount = 100_000
    #expect {
      try decoder.decode(Tree.self, from: shared)
    } throws: { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return false }
      return context.debugDescription.contains("more than 100000 values to decode (the object count limit)")
    }
    let binary = try shared.serialized(as: .binary)
    #expect(throws: DecodingError.self) { try decoder.decode(Tree.self, from: binary) }
  }
}
