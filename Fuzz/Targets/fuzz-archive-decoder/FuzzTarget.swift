import BookModels
import CFuzzerDriver
import FuzzCodableTypes
import KeyedArchive
import PlistCoding
import PlistKit

/// libFuzzer entry point: `KeyedArchiveDecoder` on arbitrary bytes, as the book's presidents,
/// as a record of most `Codable` shapes, and as any value with every class allowed. It must
/// return a value or throw the reader's error, a `KeyedArchiveError` or a `DecodingError`,
/// never crash, hang or expand a shared object graph without bound; and refuse, by default,
/// every class the type did not declare.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = [UInt8](UnsafeRawBufferPointer(start: data, count: size))
  let decoder = KeyedArchiveDecoder()
  check { _ = try decoder.decode([President].self, from: bytes, forKey: "Presidents") }
  check { _ = try decoder.decode(FuzzRecord.self, from: bytes) }
  check { _ = try decoder.decode([FuzzRecord].self, from: bytes, forKey: "records") }
  let permissive = KeyedArchiveDecoder(policy: .permissive)
  check { _ = try permissive.decode(AnyDecodedValue.self, from: bytes) }
  check { _ = try permissive.decode(AnyDecodedValue.self, from: bytes, forKey: "Presidents") }
  return 0
}

/// Runs `body`, which may throw only what decoding an archive may throw.
func check(_ body: () throws -> Void) {
  do {
    try body()
  } catch is PropertyListError {
  } catch is KeyedArchiveError {
  } catch is DecodingError {
  } catch {
    fatalError("decoding threw an error of another kind: \(error)")
  }
}

/// The entry point SwiftPM links as `main`: hands the command line to libFuzzer's driver.
@_cdecl("fuzz_archive_decoder_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  plistkit_fuzz_main(argc, argv)
}
