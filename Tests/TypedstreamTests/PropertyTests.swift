import PlistKit
import Testing
import Typedstream

/// Random values of the classes the plain view knows, written by the tests' own writer in both
/// byte orders: the reader's plain view gives back exactly the value written, and the short
/// route to an attributed string's text the text the archive holds.
@Suite("Typedstream seeded properties")
struct PropertyTests {
  /// A small, seeded generator (SplitMix64), so that a failure names its seed.
  struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
  }

  static let words = ["", "a", "Grüße", "👋🏽", "line\nbreak", "key", "NSFont", String(repeating: "x", count: 300)]

  /// Writes a random value of depth at most `depth` and returns what its plain view must be.
  static func value(_ random: inout Generator, depth: Int, into writer: inout StreamWriter) -> PropertyList {
    switch random.below(depth > 0 ? 7 : 4) {
    case 0:
      let word = words[random.below(words.count)]
      writer.stringObject(word, mutable: random.below(2) == 0)
      return .string(word)
    case 1:
      let integer = Int64(Int32.min) + Int64(random.below(Int(UInt32.max)))
      writer.numberObject("q") { $0.integer(integer) }
      return .integer(integer)
    case 2:
      let real = Double(random.below(2_000_001)) / 1000 - 1000
      writer.numberObject("d") { $0.double(real) }
      return .real(real)
    case 3:
      let bytes = (0..<random.below(40)).map { _ in UInt8(random.below(256)) }
      writer.beginObject(Chains.data)
      writer.encoding("i")
      writer.integer(Int64(bytes.count))
      writer.encoding("[\(bytes.count)c]")
      writer.raw(bytes)
      writer.endObject()
      return .data(bytes)
    case 4, 5:
      let count = random.below(5)
      writer.beginObject(random.below(2) == 0 ? Chains.array : Chains.mutableArray)
      writer.encoding("i")
      writer.integer(Int64(count))
      var elements: [PropertyList] = []
      for _ in 0..<count {
        writer.encoding("@")
        elements.append(value(&random, depth: depth - 1, into: &writer))
      }
      writer.endObject()
      return .array(elements)
    default:
      let keys = Array(Set((0..<random.below(5)).map { "k\($0 * 7 % 11)" })).sorted()
      writer.beginObject(random.below(2) == 0 ? Chains.dictionary : Chains.mutableDictionary)
      writer.encoding("i")
      writer.integer(Int64(keys.count))
      var entries: [(String, PropertyList)] = []
      for key in keys {
        writer.encoding("@")
        writer.stringObject(key)
        writer.encoding("@")
        entries.append((key, value(&random, depth: depth - 1, into: &writer)))
      }
      writer.endObject()
      return .dictionary(PropertyListDictionary(entries))
    }
  }

  @Test("the plain view gives back each random value written", arguments: 0..<200)
  func roundTrip(seed: UInt64) throws {
    var random = Generator(state: seed)
    var writer = StreamWriter(bigEndian: seed % 2 == 1)
    writer.encoding("@")
    let expected = Self.value(&random, depth: 4, into: &writer)
    let plain = try TypedstreamArchive(bytes: writer.bytes).plainView()
    #expect(plain.isIdentical(to: expected), "seed \(seed)")
  }

  @Test("the short route's text is the archive's text, for strings and attributed strings", arguments: 0..<50)
  func textRoutesAgree(seed: UInt64) throws {
    var random = Generator(state: seed)
    let text = Self.words[random.below(Self.words.count)] + Self.words[random.below(Self.words.count)]
    var writer = StreamWriter(bigEndian: seed % 2 == 1)
    // The inner string's classes end in a reference to NSObject, which the attributed string
    // named; sometimes the root is a plain string, and sometimes another root value follows.
    let plainRoot = random.below(4) == 0
    writer.encoding("@")
    if plainRoot {
      writer.stringObject(text, mutable: random.below(2) == 0)
    } else {
      writer.beginObject(random.below(2) == 0 ? Chains.attributedString : Chains.mutableAttributedString)
      writer.encoding("@")
      writer.stringObject(text, mutable: random.below(2) == 0)
      writer.endObject()
    }
    if random.below(2) == 0 {
      writer.encoding("@")
      writer.stringObject("after")
    }
    let archive = try TypedstreamArchive(bytes: writer.bytes)
    #expect(archive.rootText == text)
    #expect(try TypedstreamText.string(in: writer.bytes) == text)
  }
}
