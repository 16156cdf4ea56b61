import Testing

@testable import PlistKit

/// The buffers the writers and coders grow: values survive every growth, from a heap block to a
/// mapping of its own and on as the mapping moves.
@Suite("Plain memory")
struct PlainMemoryTests {
  @Test("a buffer keeps its values as it grows from a few bytes to many megabytes and back")
  func growthKeepsValues() {
    var capacity = 16
    var buffer = PlainMemory.allocate(UInt64.self, capacity: capacity)
    for index in 0..<capacity { buffer[index] = UInt64(index) &* 0x9E37_79B9_7F4A_7C15 }
    while capacity < 1 << 22 {
      let old = capacity
      capacity *= 2
      buffer = PlainMemory.reallocate(buffer, capacity: capacity)
      for index in old..<capacity { buffer[index] = UInt64(index) &* 0x9E37_79B9_7F4A_7C15 }
    }
    #expect((0..<capacity).allSatisfy { buffer[$0] == UInt64($0) &* 0x9E37_79B9_7F4A_7C15 })
    buffer = PlainMemory.reallocate(buffer, capacity: 1000)
    #expect((0..<1000).allSatisfy { buffer[$0] == UInt64($0) &* 0x9E37_79B9_7F4A_7C15 })
    PlainMemory.release(buffer)
  }

  @Test("a buffer made large at once is written and read at both ends")
  func largeAtOnce() {
    let count = 3 << 20
    let buffer = PlainMemory.allocate(UInt8.self, capacity: count)
    buffer[0] = 1
    buffer[count - 1] = 2
    #expect(buffer[0] == 1 && buffer[count - 1] == 2)
    PlainMemory.release(buffer)
  }

  @Test("kept copies stay where they were stored as the store adds chunks")
  func stableCopies() {
    var store = StableByteStore()
    var kept: [(UnsafePointer<UInt8>, [UInt8])] = []
    for index in 0..<40_000 {
      let bytes = Array("\(index) \(String(repeating: "x", count: index % 97))".utf8)
      kept.append((bytes.withUnsafeBytes { store.store($0) }, bytes))
    }
    let big = [UInt8](repeating: 7, count: 3 << 20)
    kept.append((big.withUnsafeBytes { store.store($0) }, big))
    #expect(kept.allSatisfy { place, bytes in bytes.indices.allSatisfy { place[$0] == bytes[$0] } })
  }
}
