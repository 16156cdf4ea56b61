import Testing

@testable import PlistKit

/// Every reader refuses input over ``PropertyListLimits/maximumInputSize`` itself, before
/// reading it, and reads input of exactly that size.
@Suite("reader input size limit")
struct ReaderInputLimitTests {
  static let value: PropertyList = ["name": "Ada", "years": ["1815", "1852"]]

  /// Each format's bytes for ``value`` and its reader, allowed the input's size plus `slack`
  /// bytes.
  static func readers(
    slack: Int
  ) throws -> [(PropertyListFormat, [UInt8], (UnsafeRawBufferPointer) throws(PropertyListError) -> PropertyList)] {
    func options(_ bytes: [UInt8]) -> PropertyListReadingOptions {
      PropertyListReadingOptions(limits: PropertyListLimits(maximumInputSize: bytes.count + slack))
    }
    let xml = try value.serialized(as: .xml)
    let binary = try value.serialized(as: .binary)
    let json = try value.serialized(as: .json)
    let openStep = Array(#"{ name = Ada; years = ( 1815, 1852 ); }"#.utf8)
    return [
      (.xml, xml, { bytes throws(PropertyListError) in try XMLPropertyListReader(options: options(xml)).read(bytes) }),
      (
        .binary, binary,
        { bytes throws(PropertyListError) in try BinaryPropertyListReader(options: options(binary)).read(bytes) }
      ),
      (
        .json, json,
        { bytes throws(PropertyListError) in try JSONPropertyListReader(options: options(json)).read(bytes) }
      ),
      (
        .openStep, openStep,
        { bytes throws(PropertyListError) in try OpenStepPropertyListReader(options: options(openStep)).read(bytes) }
      ),
    ]
  }

  @Test("one byte over the limit is refused with the input's size and the limit")
  func overTheLimit() throws {
    for (format, bytes, read) in try Self.readers(slack: -1) {
      let expected = PropertyListError(
        .limitExceeded, format: format, "the input is \(bytes.count) bytes, over the limit of \(bytes.count - 1)")
      let result = bytes.withUnsafeBytes { buffer in Result { () throws(PropertyListError) in try read(buffer) } }
      #expect(result.map { _ in true } == .failure(expected), "\(format)")
    }
  }

  @Test("input of exactly the limit is read")
  func atTheLimit() throws {
    for (format, bytes, read) in try Self.readers(slack: 0) {
      let value = try bytes.withUnsafeBytes { buffer throws(PropertyListError) in try read(buffer) }
      #expect(value == Self.value, "\(format)")
    }
  }
}
