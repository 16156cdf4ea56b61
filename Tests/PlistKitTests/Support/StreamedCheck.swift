import Testing

@testable import PlistKit

/// What `plistkit lint` promises: checking a document without building its value
/// (``PropertyList/check(bytes:format:options:)``) fails exactly as reading its value does —
/// the same kind, location and message — or both succeed. The error tests' helpers call this on
/// every document they read, so every error fixture is also a fixture of the streamed check.
enum StreamedCheck {
  /// Records an issue unless the check and the value read of `bytes` end the same way.
  static func expectSameOutcome(
    _ bytes: [UInt8], format: PropertyListFormat?, options: PropertyListReadingOptions = .default,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let valueError = error(reading: bytes) { (buffer) throws(PropertyListError) in
      _ = try PropertyList.read(bytes: buffer, format: format, options: options)
    }
    let checkError = error(reading: bytes) { (buffer) throws(PropertyListError) in
      try PropertyList.check(bytes: buffer, format: format, options: options)
    }
    #expect(checkError == valueError, sourceLocation: sourceLocation)
  }

  private static func error(
    reading bytes: [UInt8], with read: (UnsafeRawBufferPointer) throws(PropertyListError) -> Void
  ) -> PropertyListError? {
    do {
      try bytes.withRawBytes(read)
      return nil
    } catch {
      return error
    }
  }
}
