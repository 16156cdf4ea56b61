import CFuzzerDriver
import KeyedArchive
import PlistKit

/// libFuzzer entry point: keyed-archive decoding from binary input. Reading the graph, the
/// structural validator, the plain view and the graph form must each return or throw on any
/// bytes, never crash, hang or expand a shared structure exponentially.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  guard let archive = try? PropertyList(bytes: bytes, format: .binary) else { return 0 }
  _ = ArchiveValidator().validate(archive)
  guard let graph = try? ObjectGraph(archive: archive) else { return 0 }
  _ = try? graph.plainView()
  let form = graph.graphForm()
  _ = try? ObjectGraph(graphForm: form)
  _ = try? graph.archivedBytes()
  return 0
}

/// The entry point SwiftPM links as `main`: hands the command line to libFuzzer's driver.
@_cdecl("fuzz_archive_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  plistkit_fuzz_main(argc, argv)
}
