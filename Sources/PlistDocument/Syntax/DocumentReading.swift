import PlistKit

/// The first step of reading a document: the format's reader decides whether the file is a
/// property list, with its own limits and errors, before any syntax is looked at; the
/// syntax scanners then only ever see what the reader accepted.
enum DocumentReading {
  /// Reads `bytes` with the format's reader, and gives the value of an XML or JSON document
  /// (the syntax is lined up with it); an OpenStep document's value is never made.
  static func read(
    _ bytes: UnsafeRawBufferPointer, format: PropertyListFormat?, fileName: String?,
    options: PropertyListReadingOptions
  ) throws(PropertyListError) -> (value: PropertyList?, format: PropertyListFormat, options: PropertyListReadingOptions)
  {
    var options = options
    if (format ?? PropertyListFormat.detect(bytes, fileName: fileName)) == .openStep {
      // The reader checks the text and reports to a sink that keeps nothing, so a large
      // project file is never a value.
      // A blank file is OpenStep only by its name (`*.strings`), which the reader is not given:
      // it is told the format then, and otherwise finds it as the value readers do, with
      // exactly their errors.
      let named = format ?? (PropertyListFormat.detect(bytes) == nil ? .openStep : nil)
      var sink = PropertyListCheckingSink()
      try PropertyList.read(bytes: bytes, format: named, options: options, into: &sink)
      return (nil, .openStep, options)
    }
    var (value, resolved) = try PropertyList.read(bytes: bytes, format: format, fileName: fileName, options: options)
    guard resolved != .binary else {
      throw PropertyListError(
        .notRepresentable, format: .binary, "a binary property list has no text layout to keep; edit its value instead")
    }
    if resolved == .xml, UTF32Text.byteOrder(of: bytes) != nil {
      throw PropertyListError(
        .notRepresentable, format: .xml,
        "the document keeps text in UTF-8 or UTF-16; this file is UTF-32 (rewrite it whole instead)")
    }
    if resolved == .json, PropertyListDocument.readsAsTypedJSON(bytes, options: options) {
      // The document must know, to read and write the rest of it the same way.
      options.jsonStyle = .typed
      value = try PropertyList.read(bytes: bytes, format: .json, options: options).value
    }
    return (resolved == .openStep ? nil : value, resolved, options)
  }

  /// Refuses XML whose declaration names an encoding other than UTF-8 or UTF-16: the
  /// document keeps text in those.
  static func checkDeclaredEncoding(_ text: [UInt8]) throws(PropertyListError) {
    guard text.starts(with: Array("<?xml".utf8)), let close = firstIndex(of: Array("?>".utf8), in: text) else { return }
    let declaration = Array(text[..<close])
    let marker = Array("encoding".utf8)
    guard let at = firstIndex(of: marker, in: declaration) else { return }
    var rest = declaration[(at + marker.count)...].drop { $0 == 0x20 || $0 == UInt8(ascii: "=") || $0 == 0x09 }
    guard let quote = rest.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return }
    rest = rest.dropFirst()
    let name = String(decoding: rest.prefix { $0 != quote }, as: UTF8.self)
    let lower = name.lowercased()
    guard lower == "utf-8" || lower == "utf8" || lower.hasPrefix("utf-16") else {
      throw PropertyListError(
        .notRepresentable, format: .xml,
        "the document keeps XML in UTF-8 or UTF-16; this file declares \(name) (rewrite it whole instead)")
    }
  }

  private static func firstIndex(of needle: [UInt8], in text: [UInt8]) -> Int? {
    guard text.count >= needle.count else { return nil }
    for start in 0...(text.count - needle.count) where text[start..<(start + needle.count)].elementsEqual(needle) {
      return start
    }
    return nil
  }
}

extension PropertyListDocument {
  /// True when the JSON reader, under `options`, takes `bytes` as typed JSON without being told
  /// to: the text holds the typed form's tags (see ``PropertyListReadingOptions/detectsTypedJSON``).
  /// Whatever writes such a text again must write it typed, or its tags turn into plain strings
  /// and dictionaries.
  package static func readsAsTypedJSON(_ bytes: UnsafeRawBufferPointer, options: PropertyListReadingOptions) -> Bool {
    guard options.jsonStyle == .plain, options.detectsTypedJSON else { return false }
    var plain = options
    plain.detectsTypedJSON = false
    guard let plainValue = try? PropertyList(bytes: bytes, format: .json, options: plain) else { return false }
    return PropertyListFragments.jsonHoldsTypedTags(plainValue)
  }
}
