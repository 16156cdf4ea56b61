import CFuzzerDriver
import FuzzCodableTypes
import PlistCoding
import PlistKit

/// libFuzzer entry point: `PlistDecoder` on arbitrary bytes, as a fixed record type and as
/// any value. It must return a value or throw the reader's error or a `DecodingError`, never
/// crash or hang. For binary and XML, which it decodes without the value tree (from the
/// object table, from the reader's events), it must decide and decode exactly as decoding the
/// value the reader gives does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  let decoder = PlistDecoder()
  let anything = outcome { try decoder.decode(AnyDecodedValue.self, from: bytes) }
  let record = outcome { try decoder.decode([FuzzRecord].self, from: bytes) }
  _ = outcome { try decoder.decode(FuzzRecord.self, from: bytes) }
  guard let format = PropertyListFormat.detect(bytes), format == .binary || format == .xml else { return 0 }
  guard let value = try? PropertyList(bytes: bytes, format: format) else {
    // What the reader refuses, the decoder refuses with the reader's error.
    guard case .failure(let error) = anything, error is PropertyListError else {
      fatalError("\(format): the reader refuses the input, the decoder did not give its error: \(anything)")
    }
    return 0
  }
  let fromValue = outcome { try decoder.decode(AnyDecodedValue.self, from: value) }
  switch (anything, fromValue) {
  case (.success(let a), .success(let b)) where a == b: break
  case (.failure(let a), .failure(let b)) where a is DecodingError && b is DecodingError: break
  default: fatalError("\(format): decoding the bytes gave \(anything), decoding the value \(fromValue)")
  }
  let recordFromValue = outcome { try decoder.decode([FuzzRecord].self, from: value) }
  if record.succeeded != recordFromValue.succeeded {
    fatalError("\(format): [FuzzRecord] from the bytes \(record), from the value \(recordFromValue)")
  }
  return 0
}

/// The result of `body`, which may throw only what decoding may throw.
func outcome<T>(_ body: () throws -> T) -> Result<T, any Error> {
  do {
    return .success(try body())
  } catch let error as PropertyListError {
    return .failure(error)
  } catch let error as DecodingError {
    return .failure(error)
  } catch {
    fatalError("decoding threw neither the reader's error nor a DecodingError: \(error)")
  }
}

extension Result {
  var succeeded: Bool {
    if case .success = self { return true }
    return false
  }
}

/// The entry point SwiftPM links as `main`: hands the command line to libFuzzer's driver.
@_cdecl("fuzz_plist_decoder_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  plistkit_fuzz_main(argc, argv)
}
