import Testing

@testable import PlistKit

/// What every converter that writes while reading must do when it cannot: the written-value
/// limit is the value writer's, and a failure to hand output on is never hidden by falling
/// back to the value.
@Suite("stream conversion fallbacks")
struct StreamConversionFallbackTests {
  /// Seven values: the array, 1, 2, the inner array, 3, the dictionary and its 4.
  static let json = Array(#"[1, 2, [3], {"a": 4}]"#.utf8)

  static func xml() throws -> [UInt8] { try PropertyList(bytes: json, format: .json).serialized(as: .xml) }
  static func binary() throws -> [UInt8] { try PropertyList(bytes: json, format: .json).serialized(as: .binary) }

  /// The value path's result for `bytes` in `source`, written as `target` with `options`.
  static func valuePath(
    _ bytes: [UInt8], _ source: PropertyListFormat, _ target: PropertyListFormat, _ options: PropertyListWritingOptions
  ) -> Result<[UInt8], PropertyListError> {
    Result { () throws(PropertyListError) in
      try PropertyList(bytes: bytes, format: source).serialized(as: target, options: options)
    }
  }

  /// Every streamed conversion to a text form, with its whole and (from memory) chunked entry
  /// points.
  static func conversions(
    _ options: PropertyListWritingOptions
  ) throws -> [(
    name: String, input: [UInt8], source: PropertyListFormat, target: PropertyListFormat,
    whole: (UnsafeRawBufferPointer) throws(PropertyListError) -> [UInt8],
    chunked: (
      (UnsafeRawBufferPointer, @escaping (UnsafeRawBufferPointer) throws(PropertyListError) -> Void)
        throws(PropertyListError) -> Bool
    )?
  )] {
    func converter(_ source: PropertyListFormat, _ target: PropertyListFormat) -> PropertyListConverter {
      PropertyListConverter(to: target, from: source, writingOptions: options)
    }
    func chunked(
      _ source: PropertyListFormat, _ target: PropertyListFormat
    ) -> (UnsafeRawBufferPointer, @escaping (UnsafeRawBufferPointer) throws(PropertyListError) -> Void)
      throws(PropertyListError) -> Bool
    {
      { bytes, write throws(PropertyListError) in
        var stream = CallbackStream(take: write)
        do throws(PropertyListConverter.Failure) {
          return try converter(source, target).convert(bytes, into: &stream).fallback == nil
        } catch {
          // A restarted stream fell back to the value, whose error this is.
          if case .input = error, stream.restarts > 0 { return false }
          throw error.error
        }
      }
    }
    return [
      (
        "binary to XML", try Self.binary(), .binary, .xml,
        { bytes throws(PropertyListError) in try converter(.binary, .xml).convert(bytes) }, chunked(.binary, .xml)
      ),
      (
        "binary to JSON", try Self.binary(), .binary, .json,
        { bytes throws(PropertyListError) in try converter(.binary, .json).convert(bytes) }, chunked(.binary, .json)
      ),
      (
        "JSON to XML", Self.json, .json, .xml,
        { bytes throws(PropertyListError) in try converter(.json, .xml).convert(bytes) }, chunked(.json, .xml)
      ),
      (
        "XML to JSON", try Self.xml(), .xml, .json,
        { bytes throws(PropertyListError) in try converter(.xml, .json).convert(bytes) }, nil
      ),
    ]
  }

  @Test("more values than the written-value limit fail exactly as writing the value does")
  func writtenValueLimit() throws {
    for limit in [6, 7] {
      let options = PropertyListWritingOptions(maximumWrittenValueCount: limit)
      for conversion in try Self.conversions(options) {
        let expected = Self.valuePath(conversion.input, conversion.source, conversion.target, options)
        let streamed = conversion.input.withUnsafeBytes { bytes in
          Result { () throws(PropertyListError) in try conversion.whole(bytes) }
        }
        #expect(streamed == expected, "\(conversion.name), limit \(limit)")
        switch (limit, expected) {
        case (6, .failure(let error)): #expect(error.kind == .limitExceeded, "\(conversion.name)")
        case (7, .success): break
        default: Issue.record("\(conversion.name): seven values are refused under 7 or written under 6")
        }
      }
    }
  }

  @Test("a chunked conversion over the written-value limit tells the caller to fall back")
  func chunkedLimit() throws {
    let options = PropertyListWritingOptions(maximumWrittenValueCount: 6)
    for conversion in try Self.conversions(options) {
      guard let chunked = conversion.chunked else { continue }
      var received: [UInt8] = []
      let streamed = try conversion.input.withUnsafeBytes { bytes in
        try chunked(bytes) { chunk in received.append(contentsOf: chunk) }
      }
      #expect(streamed == false, "\(conversion.name)")
    }
  }

  /// Over a megabyte of strings, so that output is handed on before the end, then a
  /// dictionary that repeats a key, which cannot be streamed.
  static let longThenRepeated: [UInt8] = {
    // Distinct strings, so that the binary form, which shares equal ones, is as long.
    let strings = (0..<12_000).map { "\"\($0)" + String(repeating: "x", count: 100) + "\"" }
    return Array(("[" + strings.joined(separator: ",") + #", {"a": 1, "a": 2}]"#).utf8)
  }()

  @Test("a failure to hand output on is thrown, even when the input then cannot be streamed")
  func writeFailureNotHidden() throws {
    let refusal = PropertyListError(.io, "the disk is full")
    let value = try PropertyList(bytes: Self.longThenRepeated, format: .json)
    func refusing(
      _ source: PropertyListFormat, _ target: PropertyListFormat
    ) -> (UnsafeRawBufferPointer, Bool) throws(PropertyListError) -> Bool {
      { bytes, _ throws(PropertyListError) in
        var stream = CallbackStream { _ throws(PropertyListError) in throw refusal }
        do throws(PropertyListConverter.Failure) {
          return try PropertyListConverter(to: target, from: source).convert(bytes, into: &stream).fallback == nil
        } catch {
          throw error.error
        }
      }
    }
    let inputs: [(String, [UInt8], (UnsafeRawBufferPointer, Bool) throws(PropertyListError) -> Bool)] = [
      ("JSON to XML", Self.longThenRepeated, refusing(.json, .xml)),
      ("JSON to binary", Self.longThenRepeated, refusing(.json, .binary)),
      ("binary to XML", try value.serialized(as: .binary), refusing(.binary, .xml)),
      ("binary to JSON", try value.serialized(as: .binary), refusing(.binary, .json)),
    ]
    for (name, input, convert) in inputs {
      let result = input.withUnsafeBytes { bytes in
        Result { () throws(PropertyListError) in try convert(bytes, true) }
      }
      #expect(result == .failure(refusal), "\(name)")
    }
  }
}
