import Foundation
import PlistKit
import Testing

@testable import PlistCoding

/// Coding paths and the keys the coders make for them: an index's name is made only when read,
/// and an error deep in a value shows the ends of its path, not all of it.
@Suite("Coding paths in errors")
struct CodingPathTests {
  @Test("the coders' keys: names, integers, array indices and their edges")
  func keys() {
    let index = PlistCodingKey(index: 3)
    #expect(index.stringValue == "Index 3" && index.intValue == 3 && index.isIndex)
    let name = PlistCodingKey(stringValue: "name")
    #expect(name.stringValue == "name" && name.intValue == nil && !name.isIndex)
    let empty = PlistCodingKey(stringValue: "")
    #expect(empty.stringValue == "" && empty.intValue == nil && !empty.isIndex)
    for value in [0, -1, 42, Int.max, Int.min] {
      let key = PlistCodingKey(intValue: value)
      #expect(key.stringValue == String(value) && key.intValue == value && !key.isIndex)
    }
    // A name that spells the edges is a name, with no integer value.
    for text in [String(Int.min), String(Int.max)] {
      let key = PlistCodingKey(stringValue: text)
      #expect(key.stringValue == text && key.intValue == nil)
    }
    #expect(PlistCodingKey(index: Int.max).intValue == Int.max)
    #expect(MemoryLayout<PlistCodingKey>.size <= 24)
  }

  @Test("a path of more than 24 keys is shown by its first and last 8")
  func shortDescriptions() {
    let short: [any CodingKey] = (0..<24).map { PlistCodingKey(index: $0) }
    #expect(short.shortKeyPathDescription == short.keyPathDescription)
    let long: [any CodingKey] =
      [PlistCodingKey(stringValue: "top")] + (0..<30).map { PlistCodingKey(index: $0) }
      + [PlistCodingKey(stringValue: "leaf.name")]
    #expect(long.shortKeyPathDescription == "top.0.1.2.3.4.5.6.….(16 more).….23.24.25.26.27.28.29.leaf\\.name")
  }

  @Test("an error deep in a value keeps its whole path and shows its ends")
  func deepError() throws {
    var plist: PropertyList = "leaf"
    for _ in 0..<40 { plist = .array([plist]) }
    struct Nested: Decodable {
      init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        if (try? container.decode(Int.self)) == nil { _ = try container.decode(Nested.self) }
      }
    }
    for format in [PropertyListFormat.binary, .xml] {
      #expect {
        try PlistDecoder().decode(Nested.self, from: plist.serialized(as: format))
      } throws: { error in
        guard case DecodingError.typeMismatch(_, let context) = error else { return false }
        return context.codingPath.count == 40 && context.codingPath.allSatisfy { $0.intValue == 0 }
          && context.debugDescription.hasPrefix("0.0.0.0.0.0.0.0.….(24 more).….0.0.0.0.0.0.0.0 (")
      }
    }
  }

  /// Any value, tried as a dictionary, then an array, then each scalar.
  indirect enum AnyValue: Decodable {
    case dictionary([String: AnyValue]), array([AnyValue]), integer(Int), string(String)

    init(from decoder: any Decoder) throws {
      if let keyed = try? decoder.container(keyedBy: PlistCodingKey.self) {
        var values: [String: AnyValue] = [:]
        for key in keyed.allKeys { values[key.stringValue] = try keyed.decode(AnyValue.self, forKey: key) }
        self = .dictionary(values)
      } else if var unkeyed = try? decoder.unkeyedContainer() {
        var values: [AnyValue] = []
        while !unkeyed.isAtEnd { values.append(try unkeyed.decode(AnyValue.self)) }
        self = .array(values)
      } else if let value = try? decoder.singleValueContainer().decode(Int.self) {
        self = .integer(value)
      } else {
        self = .string(try decoder.singleValueContainer().decode(String.self))
      }
    }
  }

  /// `fuzz-plist-decoder`, `timeout-ff81666ebaea6b990761d6fcd3ff14167418ceb6`.
  @Test(
    "a value that contains itself, decoded by a type that tries each kind, ends at the depth limit with the reader's error"
  )
  func selfContainingValue() throws {
    let found = try Data(
      contentsOf: URL(fileURLWithPath: Samples.root + "/Tests/Fixtures/Fuzz/plist-decoder-timeout-ff81666e.bplist"))
    #expect {
      try PlistDecoder().decode(AnyValue.self, from: found)
    } throws: { error in
      (error as? PropertyListError)?.description.contains("array (object 14) contains itself") == true
    }
  }
}
