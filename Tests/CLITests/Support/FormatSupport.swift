import PlistKit

/// Which formats the library can read and write in this build. The format readers and
/// writers land one by one; tests of commands on a format are enabled as soon as the format
/// works, and report themselves skipped until then.
enum FormatSupport {
  private static let probe: PropertyList = ["a": [1, "b"]]

  /// True when `format` writes and reads back a small dictionary.
  static func works(_ format: PropertyListFormat) -> Bool {
    guard let bytes = try? probe.serialized(as: format),
      let back = try? PropertyList(bytes: bytes, format: format)
    else { return false }
    return back == probe
  }

  /// True when every format named works.
  static func all(_ formats: PropertyListFormat...) -> Bool { formats.allSatisfy(works) }

  /// True when `format` can at least be read (checked on a small document, or for binary on
  /// the shipped keyed archive).
  static func reads(_ format: PropertyListFormat) -> Bool {
    let sample: [UInt8]
    switch format {
    case .binary:
      guard let bytes = try? PropertyListFile.read(path: CLI.sample("Presidents.plist")) else { return false }
      sample = bytes
    case .xml: sample = Array("<plist version=\"1.0\"><array><string>a</string></array></plist>".utf8)
    case .json: sample = Array("[\"a\"]".utf8)
    case .openStep: sample = Array("(a)".utf8)
    }
    return (try? PropertyList(bytes: sample, format: format)) != nil
  }

  /// True when the toolchain's plutil is installed.
  static let plutil = "/opt/swift/usr/bin/plutil"
}
