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

  /// Parses a format name, in any case: `xml`, `binary`, `json`, `openstep`, and the other
  /// spellings the tools use (plutil's `xml1`, `binary1`, `ascii1`, libplist's `bplist`…);
  /// `pbxproj` (Xcode's project files) is OpenStep.
  public init?(name: String) {
    let lowercased = name.lowercased()
    guard let entry = Self.names.first(where: { $0.text == lowercased }) else { return nil }
    self = entry.format
  }

  /// One name of a format, and who spells it so.
  package struct Name: Sendable {
    /// The name, lower case.
    package let text: String
    /// The format it names.
    package let format: PropertyListFormat
    /// True for PlistKit's own name of the format (the one help shows).
    package let isCanonical: Bool
    /// True for a name plutil's `-convert` takes.
    package let isPlutils: Bool
    /// True for the name of a layout of the format (`pbxproj`), which only commands that write
    /// that layout take.
    package let isLayout: Bool

    init(text: String, format: PropertyListFormat, isCanonical: Bool, isPlutils: Bool, isLayout: Bool = false) {
      self.text = text
      self.format = format
      self.isCanonical = isCanonical
      self.isPlutils = isPlutils
      self.isLayout = isLayout
    }
  }

  /// Every name of every format: the one table the library, `plistkit` and its plutil mode
  /// read format names from.
  package static let names: [Name] = [
    Name(text: "xml", format: .xml, isCanonical: true, isPlutils: false),
    Name(text: "xml1", format: .xml, isCanonical: false, isPlutils: true),
    Name(text: "binary", format: .binary, isCanonical: true, isPlutils: false),
    Name(text: "binary1", format: .binary, isCanonical: false, isPlutils: true),
    Name(text: "bplist", format: .binary, isCanonical: false, isPlutils: false),
    Name(text: "json", format: .json, isCanonical: true, isPlutils: true),
    Name(text: "openstep", format: .openStep, isCanonical: true, isPlutils: true),
    Name(text: "ascii", format: .openStep, isCanonical: false, isPlutils: false),
    Name(text: "ascii1", format: .openStep, isCanonical: false, isPlutils: true),
    Name(text: "nextstep", format: .openStep, isCanonical: false, isPlutils: false),
    Name(text: "pbxproj", format: .openStep, isCanonical: false, isPlutils: false, isLayout: true),
  ]

  /// The name as the CLI prints it.
  public var description: String { rawValue }
}

/// The two JSON forms.
public enum JSONStyle: String, Sendable, CaseIterable {
  /// Friendly to `jq` and other JSON tools: dates are ISO 8601 strings, data base64 strings,
  /// UIDs `{"CF$UID": n}`. Reading it back gives strings for dates and data, and UIDs for
  /// `{"CF$UID": n}` (as the XML form reads them).
  case plain
  /// Lossless: integers and reals, dates, data, UIDs and big integers come back exactly.
  case typed
}
