import CFuzzerDriver
import PlistKit

/// libFuzzer entry point: converting while reading must give exactly what reading the value
/// and writing it gives, on arbitrary bytes. The input is read in the format its content shows
/// (XML when it shows none) and converted by ``PropertyListConverter`` to every format: text
/// output must be the same bytes, binary output the same value read back, and either side's
/// error the other's, exactly. A difference stops the run with both results, as a crash that
/// libFuzzer saves.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  let source = PropertyListFormat.detect(bytes) ?? .xml
  let value = Result { () throws(PropertyListError) in try PropertyList(bytes: bytes, format: source) }
  let targets: [(PropertyListFormat, PropertyListWritingOptions)] = [
    (.xml, .default), (.json, PropertyListWritingOptions(jsonStyle: .plain, prettyPrinted: true)),
    (.json, PropertyListWritingOptions(jsonStyle: .typed, prettyPrinted: false)),
    (.openStep, PropertyListWritingOptions(openStepWritesGNUstepScalars: true)), (.binary, .default),
  ]
  for (target, options) in targets {
    let streamed = Result { () throws(PropertyListError) in
      try PropertyListConverter(to: target, from: source, writingOptions: options).convert(bytes)
    }
    if target == .binary {
      checkReadBack(streamed, equals: value, "\(source) to binary")
      continue
    }
    let expected = value.flatMap { value in
      Result { () throws(PropertyListError) in try value.serialized(as: target, options: options) }
    }
    check(streamed, equals: expected, "\(source) to \(target)")
  }
  return 0
}

/// Stops the run when `binary` does not read back as `value`, or fails differently.
private func checkReadBack(
  _ binary: Result<[UInt8], PropertyListError>, equals value: Result<PropertyList, PropertyListError>, _ what: String
) {
  let readBack = binary.flatMap { binary in
    binary.withUnsafeBytes { binary in
      Result { () throws(PropertyListError) in try PropertyList(bytes: binary, format: .binary) }
    }
  }
  switch (readBack, value) {
  case (.success(let streamed), .success(let expected)) where streamed.isIdentical(to: expected): return
  case (.failure(let streamed), .failure(let expected)) where streamed == expected: return
  default: fatalError("\(what) differs from the value path:\n\(readBack)\n\(value)")
  }
}

/// Stops the run when the two results differ in bytes or in error.
private func check(
  _ streamed: Result<[UInt8], PropertyListError>, equals expected: Result<[UInt8], PropertyListError>, _ what: String
) {
  switch (streamed, expected) {
  case (.success(let streamed), .success(let expected)) where streamed == expected: return
  case (.failure(let streamed), .failure(let expected)) where streamed == expected: return
  default:
    fatalError("\(what) differs from the value path:\n\(describe(streamed))\n\(describe(expected))")
  }
}

private func describe(_ result: Result<[UInt8], PropertyListError>) -> String {
  switch result {
  case .success(let bytes): "output: " + String(decoding: bytes.prefix(2000), as: UTF8.self)
  case .failure(let error): "error: \(error)"
  }
}

/// The entry point SwiftPM links as `main`: hands the command line to libFuzzer's driver.
@_cdecl("fuzz_stream_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  plistkit_fuzz_main(argc, argv)
}
