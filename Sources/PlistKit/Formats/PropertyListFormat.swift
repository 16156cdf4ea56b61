/// The serialized forms of a property list.
public enum PropertyListFormat: String, Sendable, CaseIterable, CustomStringConvertible {
  /// Apple's XML form (`<plist version="1.0">`).
  case xml
  /// Apple's binary form (`bplist00`).
  case binary
  /// JSON, in the plain or the typed form (see ``JSONStyle``).
  case json
  /// The OpenStep/NeXTSTEP ASCII form (also `.strings` files and `project.pbxproj`).
  case openStep = "openstep"

  /// Parses a format name as the CLI accepts it: `xml`, `binary`, `json`, `openstep`, and
  /// plutil's `xml1`, `binary1`, `ascii`; `pbxproj` (Xcode's project files) is OpenStep.
  public init?(name: String) {
    switch name.lowercased() {
    case "xml", "xml1": self = .xml
    case "binary", "binary1", "bplist": self = .binary
    case "json": self = .json
    case "openstep", "ascii", "ascii1", "nextstep", "pbxproj": self = .openStep
    default: return nil
    }
  }

  /// The name as the CLI prints it.
  public var description: String { rawValue }
}

/// The two JSON forms.
public enum JSONStyle: String, Sendable, CaseIterable {
  /// Friendly to `jq` and other JSON tools: dates are ISO 8601 strings, data base64 strings,
  /// UIDs `{"CF$UID": n}`. Reading it back gives strings for those.
  case plain
  /// Lossless: integers and reals, dates, data, UIDs and big integers come back exactly.
  case typed
}
