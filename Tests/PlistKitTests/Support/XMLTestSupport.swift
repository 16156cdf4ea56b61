import Testing

@testable import PlistKit

/// Shorthands for the XML tests.
enum XML {
  /// Reads a document given as text (UTF-8).
  static func read(_ text: String, limits: PropertyListLimits = .default) throws(PropertyListError) -> PropertyList {
    try read(bytes: Array(text.utf8), limits: limits)
  }

  /// Reads a document given as bytes.
  static func read(bytes: [UInt8], limits: PropertyListLimits = .default) throws(PropertyListError) -> PropertyList {
    try bytes.withRawBytes { (buffer) throws(PropertyListError) in
      try XMLPropertyListReader(options: PropertyListReadingOptions(limits: limits)).read(buffer)
    }
  }

  /// Reads `<plist>`-wrapped content.
  static func read(plist content: String) throws(PropertyListError) -> PropertyList {
    try read("<plist version=\"1.0\">" + content + "</plist>")
  }

  /// The error reading `text` throws, or nil if it reads.
  static func error(_ text: String, limits: PropertyListLimits = .default) -> PropertyListError? {
    error(bytes: Array(text.utf8), limits: limits)
  }

  /// The error reading `bytes` throws, or nil if they read.
  static func error(bytes: [UInt8], limits: PropertyListLimits = .default) -> PropertyListError? {
    StreamedCheck.expectSameOutcome(bytes, format: .xml, options: PropertyListReadingOptions(limits: limits))
    do {
      _ = try read(bytes: bytes, limits: limits)
      return nil
    } catch {
      return error
    }
  }

  /// `text` in UTF-32 with a byte-order mark.
  static func utf32(_ text: String, bigEndian: Bool) -> [UInt8] {
    ("\u{FEFF}" + text).unicodeScalars.flatMap { scalar -> [UInt8] in
      let value = scalar.value
      let bytes = [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
      return bigEndian ? bytes : bytes.reversed()
    }
  }

  /// Writes a value.
  static func write(_ value: PropertyList, sortedKeys: Bool = false) throws(PropertyListError) -> [UInt8] {
    try XMLPropertyListWriter(options: PropertyListWritingOptions(sortedKeys: sortedKeys)).write(value)
  }

  /// Writes a value and returns the text.
  static func text(_ value: PropertyList, sortedKeys: Bool = false) throws(PropertyListError) -> String {
    String(decoding: try write(value, sortedKeys: sortedKeys), as: UTF8.self)
  }

  /// Apple's header, as the writer starts every document.
  static let header = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">

    """

  /// A whole document as the writer lays it out, around `body` (which ends with a newline).
  static func document(_ body: String) -> String { header + body + "</plist>\n" }
}

extension PropertyListError {
  /// Kind, location and message in one comparable line, for exact assertions.
  var summary: String { "\(kind) \(description)" }
}
