import Foundation
import PlistCoding
import PlistKit
import Testing

/// The binary decoder remembers, per depth, the keys of the last dictionary and the lookups
/// made in it, and takes them for the next dictionary with the same key references. These
/// tests make that go wrong if it can: dictionaries that share some keys and not others, keys
/// in other orders, keys asked for in other orders or not at all, absent keys, containers of
/// one depth used in turn, and nesting deeper than the decoder first makes room for. Foundation's
/// decoder reads the same bytes as the reference.
@Suite("PlistDecoder's key lookups in binary plists")
struct BinaryKeyLookupTests {
  static let pool = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "a-key-longer-than-seven"]

  /// A dictionary of some keys of ``pool``, read by asking for every key of the pool, absent or
  /// not, in an order that the dictionary's `order` value chooses.
  struct Probe: Decodable, Equatable {
    var values: [String: Int]

    init(values: [String: Int]) { self.values = values }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: NameKey.self)
      let order = try container.decodeIfPresent(Int.self, forKey: NameKey(stringValue: "order")) ?? 0
      var keys = BinaryKeyLookupTests.pool
      var generator = SeededGenerator(seed: UInt64(truncatingIfNeeded: order))
      if order % 3 != 0 { keys.shuffle(using: &generator) }
      var values: [String: Int] = [:]
      if let order = try container.decodeIfPresent(Int.self, forKey: NameKey(stringValue: "order")) {
        values["order"] = order
      }
      for key in keys {
        // Both ways of asking: the absent keys are remembered as absent.
        if order % 2 == 0 {
          if let value = try container.decodeIfPresent(Int.self, forKey: NameKey(stringValue: key)) {
            values[key] = value
          }
        } else if container.contains(NameKey(stringValue: key)) {
          values[key] = try container.decode(Int.self, forKey: NameKey(stringValue: key))
        }
      }
      self.values = values
    }
  }

  /// Random dictionaries: a random subset of the pool (so some share their key objects and
  /// some only part of them), often the same subset as the one before, sometimes an `order`.
  static func randomDictionaries(seed: UInt64, count: Int) -> [[String: Int]] {
    var generator = SeededGenerator(seed: seed)
    var dictionaries: [[String: Int]] = []
    var keys = Array(pool.prefix(4))
    for _ in 0..<count {
      if Int.random(in: 0..<4, using: &generator) == 0 {
        keys = pool.filter { _ in Bool.random(using: &generator) }
      }
      var dictionary: [String: Int] = [:]
      for key in keys { dictionary[key] = Int.random(in: -1000...1000, using: &generator) }
      if Int.random(in: 0..<3, using: &generator) != 0 {
        dictionary["order"] = Int.random(in: 0..<12, using: &generator)
      }
      dictionaries.append(dictionary)
    }
    return dictionaries
  }

  @Test("random dictionaries, keys asked for in random orders, as Foundation reads them", arguments: 0..<12)
  func randomShapes(seed: UInt64) throws {
    let dictionaries = Self.randomDictionaries(seed: seed, count: 200)
    let expected = dictionaries.map(Probe.init(values:))
    // Written by both: PlistKit's writer and Foundation's order keys differently.
    let plist = PropertyList.array(
      dictionaries.map { dictionary in
        var entries = PropertyListDictionary()
        for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) {
          entries[key] = .integer(PropertyListInteger(Int64(value)))
        }
        return .dictionary(entries)
      })
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    for bytes in [try plist.serialized(as: .binary), Array(try encoder.encode(dictionaries))] {
      #expect(try PlistDecoder().decode([Probe].self, from: bytes) == expected, "seed \(seed)")
      #expect(try PropertyListDecoder().decode([Probe].self, from: Data(bytes)) == expected, "seed \(seed)")
    }
  }

  /// Two nested dictionaries of the same depth, read in turn: each takes the depth's memory
  /// back from the other at every lookup.
  struct Pair: Decodable, Equatable {
    var left: [Int]
    var right: [Int]

    init(left: [Int], right: [Int]) {
      self.left = left
      self.right = right
    }

    enum Keys: String, CodingKey { case left, right, x, y, z }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Keys.self)
      let left = try container.nestedContainer(keyedBy: Keys.self, forKey: .left)
      let right = try container.nestedContainer(keyedBy: Keys.self, forKey: .right)
      var leftValues: [Int] = []
      var rightValues: [Int] = []
      for key in [Keys.x, .y, .z] {
        leftValues.append(try left.decode(Int.self, forKey: key))
        rightValues.append(try right.decode(Int.self, forKey: key))
      }
      self.left = leftValues
      self.right = rightValues
    }
  }

  @Test("two dictionaries of one depth read in turn, with their keys in other orders")
  func interleaved() throws {
    let plist: PropertyList = [
      ["left": ["x": 1, "y": 2, "z": 3], "right": ["z": 30, "x": 10, "y": 20]],
      ["left": ["y": 5, "x": 4, "z": 6], "right": ["x": 40, "y": 50, "z": 60]],
      ["left": ["x": 7, "y": 8, "z": 9], "right": ["x": 70, "y": 80, "z": 90]],
    ]
    let expected = [
      Pair(left: [1, 2, 3], right: [10, 20, 30]), Pair(left: [4, 5, 6], right: [40, 50, 60]),
      Pair(left: [7, 8, 9], right: [70, 80, 90]),
    ]
    #expect(try PlistDecoder().decode([Pair].self, from: plist.serialized(as: .binary)) == expected)
  }

  /// A chain of dictionaries nested `depth` deep.
  final class Chain: Decodable {
    let name: String
    let next: Chain?

    var depth: Int { 1 + (next?.depth ?? 0) }
    var names: [String] { [name] + (next?.names ?? []) }
  }

  @Test("nesting deeper than the room first made for it, and back up")
  func deepNesting() throws {
    var plist: PropertyList = ["name": "leaf"]
    for level in (0..<40).reversed() { plist = ["name": .string("level \(level)"), "next": plist] }
    let records = PropertyList.array([plist, plist, ["name": "alone"]])
    let chains = try PlistDecoder().decode([Chain].self, from: records.serialized(as: .binary))
    #expect(chains.map(\.depth) == [41, 41, 1])
    #expect(chains[1].names == (0..<40).map { "level \($0)" } + ["leaf"])
    #expect(chains[2].names == ["alone"])
  }

  @Test("a missing key after dictionaries of the same keys names its key path")
  func missingAfterSameShape() throws {
    struct Point: Decodable {
      var x: Int
      var y: Int
    }
    let plist: PropertyList = [["x": 1, "y": 2], ["x": 3, "y": 4], ["x": 5]]
    #expect {
      try PlistDecoder().decode([Point].self, from: plist.serialized(as: .binary))
    } throws: { error in
      guard case DecodingError.keyNotFound(let key, let context) = error else { return false }
      return key.stringValue == "y" && context.codingPath.map(\.stringValue) == ["Index 2"]
    }
  }

  /// Asks for `Key`, then for a key that is canonically equivalent to it but other bytes.
  struct Equivalent: Decodable, Equatable {
    var plain: Int?
    var kelvin: Int?

    init(plain: Int?, kelvin: Int?) {
      self.plain = plain
      self.kelvin = kelvin
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: NameKey.self)
      let which = try container.decode(Int.self, forKey: NameKey(stringValue: "which"))
      // The same lookup, the second of the dictionary, for either spelling.
      let key = which == 0 ? "Key" : "\u{212A}ey"
      let value = try container.decodeIfPresent(Int.self, forKey: NameKey(stringValue: key))
      (plain, kelvin) = which == 0 ? (value, nil) : (nil, value)
    }
  }

  @Test("a key is found by its exact characters, also where a lookup before it found an equivalent key")
  func exactKeys() throws {
    let plist: PropertyList = [["which": 0, "Key": 1], ["which": 1, "Key": 2], ["which": 0, "Key": 3]]
    let expected = [
      Equivalent(plain: 1, kelvin: nil), Equivalent(plain: nil, kelvin: nil), Equivalent(plain: 3, kelvin: nil),
    ]
    for format in [PropertyListFormat.binary, .xml] {
      #expect(try PlistDecoder().decode([Equivalent].self, from: plist.serialized(as: format)) == expected)
    }
  }
}
