import CFuzzerDriver
import PlistKit
import PlistSchema

/// A plist with a bit of every kind, validated against each fuzzed schema.
private let instance: PropertyList = [
  "name": "George Washington", "number": 1, "ratio": 0.5, "flag": true,
  "list": [1, "two", 3.0, ["nested": ["deeper"]]], "empty": [:], "data": .data([0, 1, 2]),
]

/// libFuzzer entry point: schema loading and validation. Any JSON document compiles as a
/// schema or throws, and a compiled schema validates a fixed instance and the document
/// itself without crashing or looping (`$ref` cycles, `$dynamicRef`, deep nesting).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  guard let document = try? PropertyList(bytes: bytes, format: .json) else { return 0 }
  guard let schema = try? JSONSchema(document) else { return 0 }
  _ = schema.validate(instance)
  _ = schema.validate(document)
  return 0
}

/// The entry point SwiftPM links as `main`: hands the command line to libFuzzer's driver.
@_cdecl("fuzz_schema_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  plistkit_fuzz_main(argc, argv)
}
