import CFuzzerDriver
import PlistDocument
import PlistKit

/// libFuzzer entry point: the source-preserving document must accept exactly what the value
/// readers accept, with the same error (kind, location, message) for the rest, under default
/// and tight limits; an accepted text must come back byte for byte, hold the reader's value,
/// and edits made from the input's last bytes must give the value that the same edits of the
/// value give (or the same error). A difference stops the run with both results, as a crash
/// that libFuzzer saves.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
  let tight = PropertyListReadingOptions(
    limits: PropertyListLimits(maximumDepth: 4, maximumObjectCount: 40, maximumInputSize: 4096, maximumDecodedSize: 512)
  )
  for format in [nil, PropertyListFormat.openStep, .json, .xml] {
    for options in [PropertyListReadingOptions.default, tight, PropertyListReadingOptions(jsonStyle: .typed)] {
      // Edits (each one read back whole) only on small inputs, once per detected format.
      // (Not under the tight limits: an edit may grow a value past them, as an edit of the value may.)
      check(bytes, format: format, options: options, edits: format == nil && size <= 4096 && options != tight)
    }
  }
  return 0
}

private func check(_ bytes: [UInt8], format: PropertyListFormat?, options: PropertyListReadingOptions, edits: Bool) {
  let read = Result { () throws(PropertyListError) in
    try bytes.withUnsafeBytes { buffer in
      Result { () throws(PropertyListError) in try PropertyList.read(bytes: buffer, format: format, options: options) }
    }.get()
  }
  let opened = Result { () throws(PropertyListError) in
    try PropertyListDocument(bytes: bytes, format: format, options: .init(reading: options))
  }
  switch (read, opened) {
  case (.failure(let expected), .failure(let actual)):
    guard actual == expected else { fail("different errors: reader \(expected), document \(actual)") }
  case (.success(let value), .failure(let actual)):
    // A binary plist, or XML in an encoding the document does not keep, is refused on purpose.
    guard actual.kind == .notRepresentable, value.format == .binary || value.format == .xml else {
      fail("the reader accepts, the document refuses: \(actual)")
    }
  case (.failure(let expected), .success):
    fail("the reader refuses (\(expected)), the document accepts")
  case (.success(let value), .success(var document)):
    guard document.bytes == bytes else { fail("an unedited document changed its bytes") }
    guard (try? document.value) == value.value else { fail("the document's value is not the reader's") }
    if edits { edit(&document, value: value.value, seed: bytes.suffix(8), options: options) }
  }
}

/// A few edits chosen by `seed`, on the document and on the value alike.
private func edit(
  _ document: inout PropertyListDocument, value: PropertyList, seed: ArraySlice<UInt8>,
  options: PropertyListReadingOptions
) {
  var value = value
  var paths: [PropertyListKeyPath] = []
  collect(value, PropertyListKeyPath(components: []), into: &paths)
  for byte in seed {
    let path = paths[Int(byte) % paths.count]
    let new: PropertyList = byte & 0x10 == 0 ? .string("x\(byte)") : ["k\(byte)": .data([byte])]
    var edited = value
    let expected: Result<Void, PropertyListError>
    let actual: Result<Void, PropertyListError>
    switch byte % 4 {
    case 0:
      expected = Result { () throws(PropertyListError) in try edited.setValue(new, at: path) }
      actual = Result { () throws(PropertyListError) in try document.setValue(new, at: path) }
    case 1:
      let child = path.appending("n\(byte)")
      expected = Result { () throws(PropertyListError) in
        try edited.insertValue(new, at: child, append: byte & 0x20 != 0)
      }
      actual = Result { () throws(PropertyListError) in
        try document.insertValue(new, at: child, append: byte & 0x20 != 0)
      }
    case 2:
      expected = Result { () throws(PropertyListError) in try edited.removeValue(at: path) }
      actual = Result { () throws(PropertyListError) in try document.removeValue(at: path) }
    default:
      let destination = paths[Int(byte >> 2) % paths.count].appending("m\(byte)")
      expected = Result { () throws(PropertyListError) in try edited.moveValue(from: path, to: destination) }
      actual = Result { () throws(PropertyListError) in try document.moveValue(from: path, to: destination) }
    }
    switch (expected, actual) {
    case (.success, .success):
      value = edited
      let reread = Result { () throws(PropertyListError) in
        try PropertyList(bytes: document.bytes, format: document.format, options: options)
      }
      // A value the format cannot write (data in plain JSON reads back as a string) is not a
      // difference of the document's; anything else is.
      if case .success(let back) = reread, back == value { continue }
      if document.format == .json { return }
      fail("after \(byte % 4) at \(path): the document reads back as \(reread), the value is \(value)")
    case (.failure(let wanted), .failure(let got)):
      guard wanted == got || got.kind == .notRepresentable || got.kind == .limitExceeded else {
        fail("different edit errors: value \(wanted), document \(got)")
      }
      if got.kind != wanted.kind { return }
    case (.failure(let wanted), .success):
      fail("the value edit fails (\(wanted)), the document edit does not")
    case (.success, .failure(let got)):
      // Writing can fail where the value cannot (a date in OpenStep, a limit): then stop.
      guard got.kind == .notRepresentable || got.kind == .limitExceeded else {
        fail("the document edit fails (\(got)), the value edit does not")
      }
      return
    }
  }
}

private func collect(_ value: PropertyList, _ path: PropertyListKeyPath, into paths: inout [PropertyListKeyPath]) {
  guard paths.count < 64 else { return }
  paths.append(path)
  switch value {
  case .array(let elements):
    for (index, element) in elements.enumerated() { collect(element, path.appending(index: index), into: &paths) }
  case .dictionary(let dictionary):
    for (key, element) in dictionary { collect(element, path.appending(key), into: &paths) }
  default: break
  }
}

private func fail(_ message: String) -> Never {
  fatalError("fuzz-document: " + message)
}

/// The entry point SwiftPM links as `main`: hands the command line to libFuzzer's driver.
@_cdecl("fuzz_document_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  plistkit_fuzz_main(argc, argv)
}
