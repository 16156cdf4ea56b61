import PlistKit

/// Which formats the library can read and write in this build. The format readers land
/// one by one; tests of commands on a format are enabled as soon as the format works, and
/// report themselves skipped until then.
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
}
