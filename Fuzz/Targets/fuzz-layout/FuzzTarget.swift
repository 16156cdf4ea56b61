import CFuzzerDriver
import DocumentLayouts

/// libFuzzer entry point: the property of `LayoutEditPropertyTests`, with the input's bytes
/// making every choice (the kind of document from the first byte, then the value, its layout
/// and encoding, and the edits): a document edit must give the value the same edit of the
/// value gives, or the same error, and change no byte outside the edit's lines. A difference
/// stops the run with the case, as a crash that libFuzzer saves.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard size > 0, let data else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let kinds = DocumentLayoutKind.allCases
  var source = ByteStreamGenerator(bytes: Array(bytes.dropFirst()))
  if let failure = LayoutEditRun.run(kinds[Int(bytes[0]) % kinds.count], edits: 12, source: &source) {
    fatalError("\(failure)")
  }
  return 0
}

/// The entry point SwiftPM links as `main`: hands the command line to libFuzzer's driver.
@_cdecl("fuzz_layout_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  plistkit_fuzz_main(argc, argv)
}
