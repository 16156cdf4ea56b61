import PlistDocument
import PlistKit
import Testing

/// A document's edits by key path take a negative index as the value's edits do (`-1` is the
/// last element; an insert goes before the element it names) and key paths that read a key
/// with dots as several components fail with the value's error: the same bytes for the same
/// edit in every text format, the same errors.
@Suite("Negative indices and keys with dots in a document")
struct NegativeIndexDocumentTests {
  /// The same property list in each text format, with comments and layout where the format
  /// has them.
  static let texts: [String] = [
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \t<key>list</key>
    \t<array>
    \t\t<string>a</string>
    \t\t<string>b</string>
    \t\t<string>c</string>
    \t</array>
    \t<key>com.apple.security.app-sandbox</key>
    \t<string>yes</string>
    </dict>
    </plist>

    """,
    "{\"list\": [\"a\", \"b\", \"c\"], \"com.apple.security.app-sandbox\": \"yes\"}\n",
    "{\n\t// the list\n\tlist = (a, b, c);\n\t\"com.apple.security.app-sandbox\" = yes;\n}\n",
  ]

  enum Edit: Sendable, CustomTestStringConvertible {
    case set(PropertyListKeyPath)
    case insert(PropertyListKeyPath)
    case remove(PropertyListKeyPath)
    case move(PropertyListKeyPath, PropertyListKeyPath)

    var testDescription: String {
      switch self {
      case .set(let path): "set \(path)"
      case .insert(let path): "insert \(path)"
      case .remove(let path): "remove \(path)"
      case .move(let source, let destination): "move \(source) \(destination)"
      }
    }

    func apply(to value: inout PropertyList) throws(PropertyListError) {
      switch self {
      case .set(let path): try value.setValue("new", at: path)
      case .insert(let path): try value.insertValue("new", at: path)
      case .remove(let path): try value.removeValue(at: path)
      case .move(let source, let destination): try value.moveValue(from: source, to: destination, keepingPosition: true)
      }
    }

    func apply(to document: inout PropertyListDocument) throws(PropertyListError) {
      switch self {
      case .set(let path): try document.setValue("new", at: path)
      case .insert(let path): try document.insertValue("new", at: path)
      case .remove(let path): try document.removeValue(at: path)
      case .move(let source, let destination):
        try document.moveValue(from: source, to: destination, keepingPosition: true)
      }
    }
  }

  /// Each edit and the list it leaves.
  static let edits: [(Edit, PropertyList)] = [
    (.set("list.-1"), ["a", "b", "new"]),
    (.insert("list.-1"), ["a", "b", "new", "c"]),
    (.insert("list.-3"), ["new", "a", "b", "c"]),
    (.remove("list.-3"), ["b", "c"]),
    (.move("list.-1", "list.0"), ["c", "a", "b"]),
    (.move("list.0", "list.-1"), ["b", "a", "c"]),
  ]

  @Test("an edit at a negative index changes the element the value's edit changes", arguments: edits.indices)
  func edit(_ index: Int) throws {
    let (edit, list) = Self.edits[index]
    for text in Self.texts {
      var document = try PropertyListDocument(bytes: Array(text.utf8))
      var value = try document.value
      try edit.apply(to: &value)
      try edit.apply(to: &document)
      #expect(try value.value(at: "list") == list)
      #expect(try PropertyList(bytes: document.bytes).isIdentical(to: value), "\(text)")
    }
  }

  @Test("an edit that fails fails with the value's error and changes nothing")
  func failures() throws {
    let failures: [Edit] = [
      .set("list.-4"), .insert("list.-4"), .remove("list.-4"), .move("list.-4", "list.0"), .move("list.0", "list.-3"),
      .insert("list.-0"), .set("com.apple.security.app-sandbox.x"), .remove("com.apple.security.app-sandbox"),
      .move("com.apple.security.app-sandbox", "sandbox"), .move("list.-1", "list.2.x"),
    ]
    for text in Self.texts {
      let original = try PropertyListDocument(bytes: Array(text.utf8))
      for edit in failures {
        var value = try original.value
        var document = original
        let expected = #expect(throws: PropertyListError.self, "\(edit)") { try edit.apply(to: &value) }
        #expect(throws: try #require(expected), "\(edit) in \(text)") { try edit.apply(to: &document) }
        #expect(document.bytes == original.bytes)
      }
    }
  }

  @Test("the key path with a key's dots escaped is in the error, as the value's")
  func dottedKey() throws {
    var document = try PropertyListDocument(bytes: Array(Self.texts[2].utf8))
    var expected = PropertyListError(
      .keyPath, at: .keyPath("com"),
      "no such key; 'com.apple.security.app-sandbox' is one key, whose dots a key path escapes: "
        + "'com\\.apple\\.security\\.app-sandbox'")
    expected.intendedKeyPath = "com\\.apple\\.security\\.app-sandbox"
    #expect(throws: expected) { try document.setValue("no", at: "com.apple.security.app-sandbox") }
    try document.setValue("no", at: "com\\.apple\\.security\\.app-sandbox")
    #expect(
      String(decoding: document.bytes, as: UTF8.self)
        == "{\n\t// the list\n\tlist = (a, b, c);\n\t\"com.apple.security.app-sandbox\" = no;\n}\n")
  }

  @Test("a batch takes a negative index in the document as it is before the batch")
  func batch() throws {
    var document = try PropertyListDocument(bytes: Array(Self.texts[0].utf8))
    try document.apply([.remove("list.0"), .replace("list.-1", with: "z"), .insert("new", at: "list.-2")])
    #expect(try document.value.value(at: "list") == ["new", "b", "z"])
  }
}
