import Testing

@testable import PlistKit

/// ``PropertyListWritingOptions/maximumOutputSize``: the check before writing, the writers'
/// own checks while writing, the converter's fallbacks, and the binary reader sharing a string
/// it meets again.
@Suite("Output limit")
struct OutputBudgetTests {
  /// A binary plist whose root array references one string of `length` bytes `references` times.
  static func sharedString(references: Int, length: Int) -> [UInt8] {
    let array: [UInt8] =
      [0xAF, 0x11, UInt8(references >> 8), UInt8(references & 0xFF)] + Array(repeating: 1, count: references)
    let string: [UInt8] =
      [0x5F, 0x12] + (0..<4).reversed().map { UInt8(truncatingIfNeeded: length >> (8 * $0)) }
      + Array(repeating: 0x78, count: length)
    var builder = BinaryPlistBuilder([array, string])
    builder.offsetSize = 4
    return builder.bytes
  }

  @Test("a string met again is one copy in the value, not one per place")
  func sharedOnRead() throws {
    let value = try PropertyList(bytes: Self.sharedString(references: 300, length: 100_000))
    let elements = try #require(value.arrayValue)
    #expect(elements.count == 300)
    let addresses = Set(
      elements.map { element -> UInt in
        guard case .string(var string) = element else { return 0 }
        return string.withUTF8 { UInt(bitPattern: $0.baseAddress) }
      })
    // The first place has its own copy; every later place shares the one kept for repeats.
    #expect(addresses.count == 2)
    #expect(elements.allSatisfy { $0 == .string(String(repeating: "x", count: 100_000)) })
  }

  @Test("the weight of a 60-level sharing bomb over a long string stops at the limit, without overflow")
  func bombWeight() throws {
    var objects: [[UInt8]] = (0..<60).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
    objects.append([0x5F, 0x10, 100] + Array(repeating: 0x79, count: 100))
    let value = try PropertyList(bytes: BinaryPlistBuilder(objects).bytes)
    let weights = try #require(ExpansionWeights.leastOutput(of: .json, options: .default))
    #expect(value.expandedWeight(upTo: Int.max, weights: weights) == nil)
    #expect(value.expandedWeight(upTo: 1 << 40, weights: weights) == nil)
    let flat: PropertyList = ["a": "bc", "d": [1, "e"]]
    // {} + "a": + "bc" + "d": + [] + 1 + "e"
    #expect(flat.expandedWeight(upTo: 100, weights: weights) == 2 + 4 + 4 + 4 + 2 + 1 + 3)
    #expect(ExpansionWeights.leastOutput(of: .binary, options: .default) == nil)
  }

  @Test("each text writer refuses before writing, and stops while writing past the limit")
  func writers() throws {
    // Twelve arrays, each in the next, around one string: the indentation makes the output far
    // bigger than the least its parts make.
    var value: PropertyList = "leaf"
    for _ in 0..<12 { value = [value] }
    for format in [PropertyListFormat.xml, .json, .openStep] {
      let size = try value.serialized(as: format).count
      let weights = try #require(ExpansionWeights.leastOutput(of: format, options: .default))
      let least = try #require(value.expandedWeight(upTo: Int.max, weights: weights))
      #expect(least < size)
      let exact = PropertyListWritingOptions(maximumOutputSize: size)
      #expect(try value.serialized(as: format, options: exact).count == size)
      for (limit, while_) in [(least - 1, false), (least, true), (size - 1, true)] {
        #expect {
          try value.serialized(as: format, options: PropertyListWritingOptions(maximumOutputSize: limit))
        } throws: { error in
          let error = error as! PropertyListError
          let text =
            while_
            ? "the \(format) output passed \(limit) bytes while it was written"
            : "the value would make at least \(least) bytes of \(format) output once its shared strings, data and "
              + "containers are written out at every place they occur"
          return error.kind == .limitExceeded && error.remedy == .maximumOutputSize
            && error.message == "\(text), over the output limit of \(limit) bytes"
        }
      }
    }
  }

  @Test("the converter scales the limit to its input and stops streaming at a long repeated string")
  func converter() throws {
    let bytes = Self.sharedString(references: 200, length: 10_000)
    let converted = try PropertyListConverter(to: .json).convert(bytes)
    #expect(converted.count == 2_001_203)
    var output: [UInt8] = []
    let reported = try bytes.withUnsafeBytes { raw in try PropertyListConverter(to: .json).convert(raw, into: &output) }
    #expect(reported.fallback == .repeatedScalar)
    #expect(output == converted)
    // Below the stop's size, a repeated string streams; the output's own check then falls back.
    let small = Self.sharedString(references: 200, length: 1_000)
    var limited = PropertyListConverter(to: .json)
    limited.writingOptions.maximumOutputSize = 150_000
    var partial: [UInt8] = []
    #expect {
      try small.withUnsafeBytes { raw in try limited.convert(raw, into: &partial) }
    } throws: { error in
      (error as! PropertyListConverter.Failure).error.remedy == .maximumOutputSize
    }
    let scaled = PropertyListWritingOptions.defaultMaximumOutputSize(forInputSize: 10 << 20)
    #expect(scaled == 640 << 20)
    #expect(PropertyListWritingOptions.defaultMaximumOutputSize(forInputSize: 1) == 256 << 20)
    #expect(PropertyListWritingOptions.defaultMaximumOutputSize(forInputSize: Int.max) == Int.max)
  }
}
