import CFuzzerDriver
import PlistKit

/// libFuzzer entry point: whatever any reader accepts, written back in the same format and
/// read again, must give an equal value (the toolkit's round-trip promise).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  guard let (value, format) = try? PropertyList.read(bytes: bytes) else { return 0 }
  let written: [UInt8]
  do {
    // OpenStep reads GNUstep's typed values (`<*I5>`…), so it writes them back the same way.
    written = try value.serialized(as: format, options: PropertyListWritingOptions(openStepWritesGNUstepScalars: true))
  } catch {
    // No reader takes in what its writer cannot write back.
    fatalError("\(format) read a value it cannot write back: \(error)")
  }
  guard let again = try? PropertyList(bytes: written, format: format) else {
    fatalError("\(format) cannot read its own output")
  }
  guard again == value else { fatalError("\(format) round trip changed the value") }
  return 0
}

/// The entry point SwiftPM links as `main`: hands the command line to libFuzzer's driver.
@_cdecl("fuzz_roundtrip_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  plistkit_fuzz_main(argc, argv)
}
