import CFuzzerDriver
import DocumentLayouts
import PlistKit
import PropertyListRoutes

/// libFuzzer entry point: every route gives the same result, the property of
/// `RouteAgreementPropertyTests` (``RouteAgreement``: every writer and its reader, the stream
/// writers, the converter between every two formats, the Codable coders, the document layer).
///
/// Input that a reader takes (in the format its content shows) gives the value; any other input
/// makes one, its bytes making every choice of the tests' generator (``RandomPropertyList/routes``),
/// so that mutated bytes still reach the edges. The last byte's low bit says whether the text
/// forms are indented. A disagreement stops the run with the route and the value, as a crash
/// that libFuzzer saves.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard size > 0, let data else { return 0 }
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  let value: PropertyList
  if let read = try? PropertyList.read(bytes: bytes) {
    value = read.value
  } else {
    var source = ByteStreamGenerator(bytes: Array(bytes))
    value = RandomPropertyList.routes.make(using: &source)
  }
  var routes = RouteAgreement(pretty: bytes[size - 1] & 1 == 0)
  // A value that a text form writes out as more than this takes too long for a fuzzer's pace.
  routes.maximumExpandedCount = 4_000
  let failures = routes.failures(for: value)
  if !failures.isEmpty {
    fatalError(
      "\(failures.prefix(5).map(String.init(describing:)).joined(separator: "\n"))\nvalue: "
        + String(RouteText.describe(value).prefix(4_000)))
  }
  return 0
}

/// The entry point SwiftPM links as `main`: hands the command line to libFuzzer's driver.
@_cdecl("fuzz_routes_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  plistkit_fuzz_main(argc, argv)
}
