import Testing

@testable import PlistKit

/// Inputs the fuzzers found (`Fuzz/README.md`), each kept as it was found.
@Suite("Fuzzer findings")
struct FuzzRegressionTests {
  /// `fuzz-roundtrip`, `crash-55298486044e5059d9be8078f42ef15591e6a78b`: the OpenStep reader
  /// took GNUstep's `<*I0>` as an integer, which the writer could not write back. The writer
  /// now can, as `<*I0>`, when asked to write GNUstep's typed values.
  @Test("OpenStep reads back every value it read, written with GNUstep's typed values")
  func gnustepIntegerRoundTrip() throws {
    let found: [UInt8] = [0x3C, 0x2A, 0x49, 0x30, 0x3E, 0x09, 0x09]
    let (value, format) = try found.withUnsafeBytes { buffer in try PropertyList.read(bytes: buffer) }
    #expect(format == .openStep)
    #expect(value == .integer(0))
    let options = PropertyListWritingOptions(openStepWritesGNUstepScalars: true)
    let written = try value.serialized(as: .openStep, options: options)
    #expect(String(decoding: written, as: UTF8.self) == "<*I0>\n")
    #expect(try PropertyList(bytes: written, format: .openStep).isIdentical(to: value))
  }
}
