import Testing

@testable import PlistKit

/// Wildcard patterns over values that share containers, as a binary plist's reader shares an
/// object referenced from several places: matches are counted once per shared container and
/// pattern position, too many are refused, and branches with no match are not walked.
@Suite("Key patterns over shared values")
struct SharedValueMatchTests {
  /// `levels` arrays, each holding the next twice, over "leaf", read from a binary plist.
  static func bomb(levels: Int) throws -> PropertyList {
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for level in 0..<levels {
      offsets.append(bytes.count)
      bytes += [0xA2, UInt8(level + 1), UInt8(level + 1)]
    }
    offsets.append(bytes.count)
    bytes += [0x54] + Array("leaf".utf8)
    let table = bytes.count
    for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
    bytes += [0, 0, 0, 0, 0, 0, 2, 1]
    for field in [UInt64(offsets.count), 0, UInt64(table)] {
      bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: field >> (8 * UInt64($0))) }
    }
    return try bytes.withUnsafeBytes { try PropertyList.read(bytes: $0, format: .binary) }.value
  }

  static func stars(_ count: Int) -> PropertyListKeyPattern {
    PropertyListKeyPattern(components: Array(repeating: .any, count: count))
  }

  @Test("32 wildcards over 32 shared levels: 2^32 matches counted at 32 places, and refused")
  func refused() throws {
    let value = try Self.bomb(levels: 32)
    var counter = PatternMatchCounter(Self.stars(32), limit: Int.max)
    #expect(counter.count(value, from: 0) == 1 << 32)
    #expect(counter.placesCounted == 32)
    #expect(throws: PropertyListError.self) { try value.matches(of: Self.stars(32)) }
    do {
      _ = try value.matches(of: Self.stars(32))
    } catch {
      #expect(error.kind == .limitExceeded)
      #expect(error.location == .keyPath(Self.stars(32).description))
    }
    var removed = value
    #expect(throws: PropertyListError.self) { try removed.removeValues(matching: Self.stars(32)) }
    // Unchanged (compared as binary, which keeps the sharing: `==` would visit every place).
    #expect(try removed.serialized(as: .binary) == value.serialized(as: .binary))
  }

  @Test("the limit counts each match with its key path's components")
  func limit() throws {
    let value = try Self.bomb(levels: 10)
    // 1,024 matches of 10 components: 11 values each.
    #expect(try value.matches(of: Self.stars(10), limit: 1_024 * 11).count == 1_024)
    #expect(throws: PropertyListError.self) { try value.matches(of: Self.stars(10), limit: 1_024 * 11 - 1) }
  }

  @Test("matches within the limit are every place, in document order, as on the unshared tree")
  func everyPlace() throws {
    let value = try Self.bomb(levels: 12)
    let pattern = PropertyListKeyPattern("*.1.*.-1.*.0.*.*.*.*.*.*")
    let found = try value.matches(of: pattern)
    #expect(found.count == 1 << 9)
    #expect(found.first?.path == "0.1.0.1.0.0.0.0.0.0.0.0")
    #expect(found.last?.path == "1.1.1.1.1.0.1.1.1.1.1.1")
    #expect(found.allSatisfy { $0.value == "leaf" })
    #expect(found.map(\.path) == found.map(\.path).sorted { $0.description < $1.description })
    var removed = value
    let paths = try removed.removeValues(matching: "0.0.0.0.0.0.0.0.0.0.0.*")
    #expect(paths == ["0.0.0.0.0.0.0.0.0.0.0.0", "0.0.0.0.0.0.0.0.0.0.0.1"])
    #expect(try removed.value(at: "0.0.0.0.0.0.0.0.0.0.0") == [])
    #expect(try removed.value(at: "1.0.0.0.0.0.0.0.0.0.0") == ["leaf", "leaf"])
  }

  @Test("a pattern that names nothing below 40 shared levels is counted at 40 places, and not walked")
  func nothing() throws {
    let value = try Self.bomb(levels: 40)
    let pattern = PropertyListKeyPattern(components: Array(repeating: .any, count: 39) + [.name("x")])
    var counter = PatternMatchCounter(pattern, limit: Int.max)
    #expect(counter.count(value, from: 0) == 0)
    #expect(counter.placesCounted == 40)
    do {
      _ = try value.matches(of: pattern)
      Issue.record("a pattern that names nothing matched")
    } catch {
      #expect(error.kind == .keyPath)
      #expect(error.message == "no value matches this key path")
    }
  }
}
