import CFuzzerDriver
import PlistKit

/// libFuzzer entry point: converting while reading must give exactly what reading the value
/// and writing it gives, on arbitrary bytes. Binary input goes through
/// ``BinaryPropertyListStreamConverter`` to XML and to plain and typed JSON; input that looks
/// like JSON through ``JSONPropertyListStreamConverter`` to XML (the same bytes) and to binary
/// (the same value read back); anything else through ``XMLPropertyListStreamConverter`` to
/// JSON (the same bytes) and to binary (the same value read back). Either side's error must be
/// the other's, exactly. A difference stops the run with both results, as a crash that
/// libFuzzer saves.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  let isBinary = size >= 8 && bytes.starts(with: "bplist00".utf8)
  if !isBinary, PropertyListFormat.detect(bytes) == .json {
    checkJSON(bytes)
    return 0
  }
  let jsonOptions = [
    PropertyListWritingOptions(jsonStyle: .plain, prettyPrinted: true),
    PropertyListWritingOptions(jsonStyle: .typed, prettyPrinted: false),
  ]
  if isBinary {
    let value = Result { () throws(PropertyListError) in try PropertyList(bytes: bytes, format: .binary) }
    for (format, options) in [(PropertyListFormat.xml, PropertyListWritingOptions.default)]
      + jsonOptions.map({ (PropertyListFormat.json, $0) })
    {
      let expected = value.flatMap { value in
        Result { () throws(PropertyListError) in try value.serialized(as: format, options: options) }
      }
      let streamed = Result { () throws(PropertyListError) in
        try BinaryPropertyListStreamConverter(writingOptions: options).convert(bytes, to: format)
      }
      check(streamed, equals: expected, "binary to \(format)")
    }
    return 0
  }
  let value = Result { () throws(PropertyListError) in try PropertyList(bytes: bytes, format: .xml) }
  for options in jsonOptions {
    let expected = value.flatMap { value in
      Result { () throws(PropertyListError) in try value.serialized(as: .json, options: options) }
    }
    let streamed = Result { () throws(PropertyListError) in
      try XMLPropertyListStreamConverter(writingOptions: options).convert(bytes, to: .json)
    }
    check(streamed, equals: expected, "XML to JSON")
  }
  let binary = Result { () throws(PropertyListError) in
    try XMLPropertyListStreamConverter().convert(bytes, to: .binary)
  }
  checkReadBack(binary, equals: value, "XML to binary")
  return 0
}

/// Plain JSON to XML (the same bytes) and to binary (the same value read back).
private func checkJSON(_ bytes: UnsafeRawBufferPointer) {
  let value = Result { () throws(PropertyListError) in try PropertyList(bytes: bytes, format: .json) }
  let expected = value.flatMap { value in
    Result { () throws(PropertyListError) in try value.serialized(as: .xml, options: .default) }
  }
  let streamed = Result { () throws(PropertyListError) in
    try JSONPropertyListStreamConverter().convert(bytes, to: .xml)
  }
  check(streamed, equals: expected, "JSON to XML")
  let binary = Result { () throws(PropertyListError) in
    try JSONPropertyListStreamConverter().convert(bytes, to: .binary)
  }
  checkReadBack(binary, equals: value, "JSON to binary")
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
