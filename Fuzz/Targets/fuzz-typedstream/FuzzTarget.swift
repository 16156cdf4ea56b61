import CFuzzerDriver
import PlistKit
import Typedstream

/// libFuzzer entry point: the typedstream reader on any bytes after a header (the first byte
/// picks the byte order, so that the fuzzer need not find the signature), then the plain
/// view within small limits, and the short route to the text, which must give the text the
/// archive gives whenever the archive reads.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = UnsafeRawBufferPointer(start: data, count: size)
  var bytes: [UInt8]
  if let first = input.first, first & 1 == 1 {
    bytes = [4, 11] + Array((first & 2 == 0 ? "streamtyped" : "typedstream").utf8) + Array(input.dropFirst())
  } else {
    bytes = Array(input)
  }
  let limits = TypedstreamLimits(maximumDepth: 64, maximumExpandedNodes: 20_000)
  let text = try? TypedstreamText.string(in: bytes, limits: limits)
  guard let archive = try? TypedstreamArchive(bytes: bytes, limits: limits) else { return 0 }
  precondition(text == archive.rootText, "the short route's text differs from the archive's")
  _ = try? archive.plainView(limits: limits)
  _ = try? archive.plainView(options: PlainViewOptions(includesClassNames: false), limits: limits)
  return 0
}

/// The entry point SwiftPM links as `main`: hands the command line to libFuzzer's driver.
@_cdecl("fuzz_typedstream_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  plistkit_fuzz_main(argc, argv)
}
