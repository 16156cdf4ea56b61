import Dispatch
import Testing

@testable import PlistKit

/// The readers and writers share no mutable state, so converting many documents at once on
/// all cores gives the same bytes as converting them one by one. Run under ThreadSanitizer
/// (`swift test --sanitize=thread --filter ParallelConversionTests`) this also proves there
/// is no data race in them.
@Suite("Parallel conversion")
struct ParallelConversionTests {
  @Test("converting 64 documents concurrently matches converting them serially, in every format")
  func concurrentConversions() {
    var generator = SeededGenerator(seed: 0x5EED_C0DE)
    let values = (0..<64).map { _ in RandomPropertyList.openStepKinds.make(using: &generator) }
    let formats = PropertyListFormat.allCases
    let serial = values.map { value in formats.map { Self.roundTrip(value, $0) } }
    // Some values have no form in some formats (a control character in XML): those give nil
    // in both runs; the rest must be there.
    #expect(serial.joined().filter { $0 != nil }.count > values.count * 2)

    let results = ResultSlots(count: values.count)
    DispatchQueue.concurrentPerform(iterations: values.count) { index in
      results.set(index, formats.map { Self.roundTrip(values[index], $0) })
    }
    for index in values.indices {
      #expect(results.get(index) == serial[index], "document \(index)")
    }
  }

  /// Writes, reads back and writes again: every reader and writer takes part.
  private static func roundTrip(_ value: PropertyList, _ format: PropertyListFormat) -> [UInt8]? {
    guard let bytes = try? value.serialized(as: format),
      let again = try? PropertyList(bytes: bytes, format: format)
    else { return nil }
    return try? again.serialized(as: format)
  }
}

/// One slot per task, written once by its task under a lock and read after all finished.
private final class ResultSlots: @unchecked Sendable {
  private var slots: [[[UInt8]?]]
  private let lock = DispatchSemaphore(value: 1)

  init(count: Int) { slots = Array(repeating: [], count: count) }

  func set(_ index: Int, _ value: [[UInt8]?]) {
    lock.wait()
    slots[index] = value
    lock.signal()
  }

  func get(_ index: Int) -> [[UInt8]?] {
    lock.wait()
    defer { lock.signal() }
    return slots[index]
  }
}
