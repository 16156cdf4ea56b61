import BuildSettings
import PlistDocument
import PlistKit
import Testing

@Suite("expanding property lists")
struct DocumentExpansionTests {
  private let expansion = BuildSettingsExpansion(
    settings: try! loadSettings(
      """
      PRODUCT_NAME = My App
      EXECUTABLE_NAME = MyApp
      PRODUCT_BUNDLE_IDENTIFIER = org.example.$(PRODUCT_NAME:rfc1034identifier)
      MARKETING_VERSION = 2.1
      KEY_SUFFIX = Extra
      """))

  private static let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<!-- kept -->
    \t<key>CFBundleExecutable</key>
    \t<string>$(EXECUTABLE_NAME)</string>
    \t<key>CFBundleIdentifier</key>
    \t<string>${PRODUCT_BUNDLE_IDENTIFIER}</string>
    \t<key>CFBundleName</key>   <string>$(PRODUCT_NAME)</string>
    \t<key>Key$(KEY_SUFFIX)</key>
    \t<array>
    \t\t<string>v$(MARKETING_VERSION) &amp; more</string>
    \t\t<integer>1</integer>
    \t\t<string>$$ not a reference</string>
    \t</array>
    \t<key>Untouched</key>
    \t<string>plain   text</string>
    </dict>
    </plist>

    """

  @Test("an XML Info.plist: only the expanded strings and keys change, every other byte stays")
  func xmlDocument() throws {
    var document = try PropertyListDocument(bytes: Array(Self.xml.utf8))
    try expansion.expand(&document)
    let expected = Self.xml
      .replacingOccurrences("<string>$(EXECUTABLE_NAME)</string>", "<string>MyApp</string>")
      .replacingOccurrences("<string>${PRODUCT_BUNDLE_IDENTIFIER}</string>", "<string>org.example.My-App</string>")
      .replacingOccurrences("<string>$(PRODUCT_NAME)</string>", "<string>My App</string>")
      .replacingOccurrences("<key>Key$(KEY_SUFFIX)</key>", "<key>KeyExtra</key>")
      .replacingOccurrences("v$(MARKETING_VERSION) &amp; more", "v2.1 &amp; more")
      .replacingOccurrences("<string>$$ not a reference</string>", "<string>$ not a reference</string>")
    #expect(String(decoding: document.bytes, as: UTF8.self) == expected)
    // The value route gives the same value.
    let value = try PropertyList(bytes: Array(Self.xml.utf8))
    #expect(try expansion.expand(value) == (try document.value))
  }

  private static let openStep = """
    // An OpenStep Info.plist
    {
        CFBundleIdentifier = "$(PRODUCT_BUNDLE_IDENTIFIER)"; /* expanded */
        CFBundleName = $PRODUCT_NAME;
        "Key$(KEY_SUFFIX)" = (a, "$(EXECUTABLE_NAME)");
        Untouched = "$UNKNOWN stays";
    }

    """

  @Test("an OpenStep Info.plist keeps its comments and layout")
  func openStepDocument() throws {
    var document = try PropertyListDocument(bytes: Array(Self.openStep.utf8))
    try expansion.expand(&document)
    let expected = Self.openStep
      .replacingOccurrences("\"$(PRODUCT_BUNDLE_IDENTIFIER)\"", "\"org.example.My-App\"")
      .replacingOccurrences("$PRODUCT_NAME;", "\"My App\";")
      .replacingOccurrences("\"Key$(KEY_SUFFIX)\"", "KeyExtra")
      .replacingOccurrences("\"$(EXECUTABLE_NAME)\"", "\"MyApp\"")
    #expect(String(decoding: document.bytes, as: UTF8.self) == expected)
  }

  @Test("a binary plist comes back binary, with the expanded value")
  func binaryFile() throws {
    let value = try PropertyList(bytes: Array(Self.xml.utf8))
    let binary = try value.serialized(as: .binary)
    let expanded = try expansion.expandFile(binary, path: "Info.plist")
    #expect(Array(expanded.prefix(8)) == Array("bplist00".utf8))
    let read = try PropertyList(bytes: expanded)
    #expect(read == (try expansion.expand(value)))
    #expect(read["CFBundleIdentifier"] == .string("org.example.My-App"))
    #expect(read["KeyExtra"]?[0] == .string("v2.1 & more"))
  }

  @Test("a file with nothing to expand comes back byte for byte")
  func nothingToExpand() throws {
    let text = Array(Self.xml.replacingOccurrences("$", "").utf8)
    #expect(try expansion.expandFile(text, path: "Info.plist") == text)
  }

  @Test("strict mode names the key path of an undefined reference")
  func strictKeyPath() throws {
    let strict = BuildSettingsExpansion(settings: expansion.settings, strict: true)
    let value: PropertyList = ["CFBundleIdentifier": "$(UNDEFINED)", "A": ["x", ["k.y": "$(NOPE)"]]]
    #expect(
      throws: BuildSettingsError(
        .undefined, "$(UNDEFINED) is not defined", keyPath: PropertyListKeyPath(components: ["CFBundleIdentifier"]))
    ) {
      try strict.expand(["CFBundleIdentifier": "$(UNDEFINED)"] as PropertyList)
    }
    #expect(
      throws: BuildSettingsError(
        .undefined, "$(NOPE) is not defined", keyPath: PropertyListKeyPath(components: ["A", "1", "k.y"]))
    ) {
      try strict.expand(["A": ["x", ["k.y": "$(NOPE)"]]] as PropertyList)
    }
    let error = #expect(throws: PropertyListError.self) {
      try strict.expandFile(try value.serialized(as: .xml), path: "Info.plist")
    }
    #expect(error?.description == "Info.plist: CFBundleIdentifier: $(UNDEFINED) is not defined")
    #expect(try expansion.expand(value) == ["CFBundleIdentifier": "", "A": ["x", ["k.y": ""]]])
  }

  @Test("an expanded key that the dictionary has already is an error; nested keys expand deepest first")
  func keys() throws {
    #expect(
      throws: BuildSettingsError(
        .keyConflict, "the key expands to 'KeyExtra', which the dictionary has already",
        keyPath: PropertyListKeyPath(components: ["Key$(KEY_SUFFIX)"]))
    ) {
      try expansion.expand(["KeyExtra": 1, "Key$(KEY_SUFFIX)": 2] as PropertyList)
    }
    let nested: PropertyList = ["$(PRODUCT_NAME)": ["$(EXECUTABLE_NAME)": ["$(KEY_SUFFIX)": "$(MARKETING_VERSION)"]]]
    #expect(try expansion.expand(nested) == ["My App": ["MyApp": ["Extra": "2.1"]]])
    var document = try PropertyListDocument(bytes: try nested.serialized(as: .xml))
    try expansion.expand(&document)
    #expect(try document.value == ["My App": ["MyApp": ["Extra": "2.1"]]])
    let keysKept = BuildSettingsExpansion(settings: expansion.settings, expandsKeys: false)
    #expect(try keysKept.expand(nested) == ["$(PRODUCT_NAME)": ["$(EXECUTABLE_NAME)": ["$(KEY_SUFFIX)": "2.1"]]])
  }
}

extension String {
  /// The string with every `target` replaced, Foundation-free.
  fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
