import CFuzzerDriver
import PlistKit

/// libFuzzer entry point: the OpenStep reader on arbitrary bytes must return a value or throw,
/// never crash, hang or read outside its input (AddressSanitizer watches).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  _ = try? PropertyList(bytes: bytes, format: .openStep)
  return 0
}

/// The entry point SwiftPM links as `main`: hands the command line to libFuzzer's driver.
@_cdecl("fuzz_openstep_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  plistkit_fuzz_main(argc, argv)
}
