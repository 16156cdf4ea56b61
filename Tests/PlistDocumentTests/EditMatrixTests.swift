import DocumentLayouts
import PlistDocument
import PlistKit
import Testing

/// Every format × encoding × line ending × kind of edit, with the exact bytes expected: each
/// expected text is written once, in UTF-8 with line feeds, and turned into each encoding and
/// line ending together with its input.
@Suite("Edits in every format, encoding and line ending")
struct EditMatrixTests {
  enum Format: String, CaseIterable, Sendable { case openstep, strings, json, xml }

  enum Edit: String, CaseIterable, Sendable {
    case set, insertdict, insertarray, appendarray, removefirst, removelast, removeonly, move
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let format: Format
    let edit: Edit
    let expected: String
    init(_ format: Format, _ edit: Edit, _ expected: String) {
      self.format = format
      self.edit = edit
      self.expected = expected
    }
    var testDescription: String { "\(format.rawValue) \(edit.rawValue)" }
  }

  static let documents: [Format: String] = [
    .openstep: """
    // Settings
    {
    \tname = Demo;
    \tlist = (
    \t\ta,
    \t\tb,
    \t);
    \tonly = (
    \t\tx,
    \t);
    \tnested = {
    \t\tkey = value;
    \t};
    }

    """,
    .strings: """
    /* Title */
    "title" = "Hello";

    /* Button */
    "ok" = "OK";

    """,
    .json: """
    {
      "name": "Demo",
      "list": [
        1,
        2
      ],
      "only": {
        "k": true
      }
    }

    """,
    .xml: """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>name</key>
    \t<string>Demo</string>
    \t<key>list</key>
    \t<array>
    \t\t<integer>1</integer>
    \t\t<integer>2</integer>
    \t</array>
    \t<key>only</key>
    \t<dict>
    \t\t<key>k</key>
    \t\t<true/>
    \t</dict>
    </dict>
    </plist>

    """,
  ]

  /// The edit, made on a document and on its value alike.
  static func edit(_ edit: Edit, format: Format) -> RandomEdit {
    let strings = format == .strings
    switch edit {
    case .set: return .set(strings ? "title" : "name", "New Name")
    case .insertdict: return .insert("extra", ["a": "b"], append: false)
    case .insertarray: return .insert("list.1", "mid", append: false)
    case .appendarray: return .insert("list", "end", append: true)
    case .removefirst: return .remove(strings ? "title" : "name")
    case .removelast: return .remove(strings ? "ok" : format == .openstep ? "nested" : "only")
    case .removeonly: return .remove(format == .openstep ? "only.0" : "only.k")
    case .move: return .move(strings ? "title" : "name", strings ? "heading" : "list.0")
    }
  }

  /// The text in `encoding` with `ending` for every line feed (an XML declaration names UTF-16
  /// when the bytes are UTF-16).
  static func bytes(
    _ text: String, _ encoding: PropertyListDocument.TextEncoding, _ ending: PropertyListDocument.LineEnding
  ) -> [UInt8] {
    var text = text.replacingAll("\n", with: String(decoding: ending.bytes, as: UTF8.self))
    if encoding == .utf16LittleEndian || encoding == .utf16BigEndian {
      text = text.replacingAll(#"encoding="UTF-8""#, with: #"encoding="UTF-16""#)
    }
    return TextVariants.encode(text, encoding)
  }

  static let cases: [Case] = [
    Case(
      .openstep, .set,
      """
      // Settings
      {
      \tname = "New Name";
      \tlist = (
      \t\ta,
      \t\tb,
      \t);
      \tonly = (
      \t\tx,
      \t);
      \tnested = {
      \t\tkey = value;
      \t};
      }

      """),
    Case(
      .openstep, .insertdict,
      """
      // Settings
      {
      \tname = Demo;
      \tlist = (
      \t\ta,
      \t\tb,
      \t);
      \tonly = (
      \t\tx,
      \t);
      \tnested = {
      \t\tkey = value;
      \t};
      \textra = {
      \t\ta = b;
      \t};
      }

      """),
    Case(
      .openstep, .insertarray,
      """
      // Settings
      {
      \tname = Demo;
      \tlist = (
      \t\ta,
      \t\tmid,
      \t\tb,
      \t);
      \tonly = (
      \t\tx,
      \t);
      \tnested = {
      \t\tkey = value;
      \t};
      }

      """),
    Case(
      .openstep, .appendarray,
      """
      // Settings
      {
      \tname = Demo;
      \tlist = (
      \t\ta,
      \t\tb,
      \t\tend,
      \t);
      \tonly = (
      \t\tx,
      \t);
      \tnested = {
      \t\tkey = value;
      \t};
      }

      """),
    Case(
      .openstep, .removefirst,
      """
      // Settings
      {
      \tlist = (
      \t\ta,
      \t\tb,
      \t);
      \tonly = (
      \t\tx,
      \t);
      \tnested = {
      \t\tkey = value;
      \t};
      }

      """),
    Case(
      .openstep, .removelast,
      """
      // Settings
      {
      \tname = Demo;
      \tlist = (
      \t\ta,
      \t\tb,
      \t);
      \tonly = (
      \t\tx,
      \t);
      }

      """),
    Case(
      .openstep, .removeonly,
      """
      // Settings
      {
      \tname = Demo;
      \tlist = (
      \t\ta,
      \t\tb,
      \t);
      \tonly = ();
      \tnested = {
      \t\tkey = value;
      \t};
      }

      """),
    Case(
      .openstep, .move,
      """
      // Settings
      {
      \tlist = (
      \t\tDemo,
      \t\ta,
      \t\tb,
      \t);
      \tonly = (
      \t\tx,
      \t);
      \tnested = {
      \t\tkey = value;
      \t};
      }

      """),
    Case(
      .strings, .set,
      """
      /* Title */
      "title" = "New Name";

      /* Button */
      "ok" = "OK";

      """),
    Case(
      .strings, .insertdict,
      """
      /* Title */
      "title" = "Hello";

      /* Button */
      "ok" = "OK";

      "extra" = {
      \t"a" = "b";
      };

      """),
    Case(
      .strings, .removefirst,
      """
      /* Button */
      "ok" = "OK";

      """),
    Case(
      .strings, .removelast,
      """
      /* Title */
      "title" = "Hello";

      """),
    Case(
      .strings, .move,
      """
      /* Button */
      "ok" = "OK";
      /* Title */
      "heading" = "Hello";

      """),
    Case(
      .json, .set,
      """
      {
        "name": "New Name",
        "list": [
          1,
          2
        ],
        "only": {
          "k": true
        }
      }

      """),
    Case(
      .json, .insertdict,
      """
      {
        "name": "Demo",
        "list": [
          1,
          2
        ],
        "only": {
          "k": true
        },
        "extra": {
          "a": "b"
        }
      }

      """),
    Case(
      .json, .insertarray,
      """
      {
        "name": "Demo",
        "list": [
          1,
          "mid",
          2
        ],
        "only": {
          "k": true
        }
      }

      """),
    Case(
      .json, .appendarray,
      """
      {
        "name": "Demo",
        "list": [
          1,
          2,
          "end"
        ],
        "only": {
          "k": true
        }
      }

      """),
    Case(
      .json, .removefirst,
      """
      {
        "list": [
          1,
          2
        ],
        "only": {
          "k": true
        }
      }

      """),
    Case(
      .json, .removelast,
      """
      {
        "name": "Demo",
        "list": [
          1,
          2
        ]
      }

      """),
    Case(
      .json, .removeonly,
      """
      {
        "name": "Demo",
        "list": [
          1,
          2
        ],
        "only": {}
      }

      """),
    Case(
      .json, .move,
      """
      {
        "list": [
          "Demo",
          1,
          2
        ],
        "only": {
          "k": true
        }
      }

      """),
    Case(
      .xml, .set,
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>name</key>
      \t<string>New Name</string>
      \t<key>list</key>
      \t<array>
      \t\t<integer>1</integer>
      \t\t<integer>2</integer>
      \t</array>
      \t<key>only</key>
      \t<dict>
      \t\t<key>k</key>
      \t\t<true/>
      \t</dict>
      </dict>
      </plist>

      """),
    Case(
      .xml, .insertdict,
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>name</key>
      \t<string>Demo</string>
      \t<key>list</key>
      \t<array>
      \t\t<integer>1</integer>
      \t\t<integer>2</integer>
      \t</array>
      \t<key>only</key>
      \t<dict>
      \t\t<key>k</key>
      \t\t<true/>
      \t</dict>
      \t<key>extra</key>
      \t<dict>
      \t\t<key>a</key>
      \t\t<string>b</string>
      \t</dict>
      </dict>
      </plist>

      """),
    Case(
      .xml, .insertarray,
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>name</key>
      \t<string>Demo</string>
      \t<key>list</key>
      \t<array>
      \t\t<integer>1</integer>
      \t\t<string>mid</string>
      \t\t<integer>2</integer>
      \t</array>
      \t<key>only</key>
      \t<dict>
      \t\t<key>k</key>
      \t\t<true/>
      \t</dict>
      </dict>
      </plist>

      """),
    Case(
      .xml, .appendarray,
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>name</key>
      \t<string>Demo</string>
      \t<key>list</key>
      \t<array>
      \t\t<integer>1</integer>
      \t\t<integer>2</integer>
      \t\t<string>end</string>
      \t</array>
      \t<key>only</key>
      \t<dict>
      \t\t<key>k</key>
      \t\t<true/>
      \t</dict>
      </dict>
      </plist>

      """),
    Case(
      .xml, .removefirst,
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>list</key>
      \t<array>
      \t\t<integer>1</integer>
      \t\t<integer>2</integer>
      \t</array>
      \t<key>only</key>
      \t<dict>
      \t\t<key>k</key>
      \t\t<true/>
      \t</dict>
      </dict>
      </plist>

      """),
    Case(
      .xml, .removelast,
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>name</key>
      \t<string>Demo</string>
      \t<key>list</key>
      \t<array>
      \t\t<integer>1</integer>
      \t\t<integer>2</integer>
      \t</array>
      </dict>
      </plist>

      """),
    Case(
      .xml, .removeonly,
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>name</key>
      \t<string>Demo</string>
      \t<key>list</key>
      \t<array>
      \t\t<integer>1</integer>
      \t\t<integer>2</integer>
      \t</array>
      \t<key>only</key>
      \t<dict/>
      </dict>
      </plist>

      """),
    Case(
      .xml, .move,
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>list</key>
      \t<array>
      \t\t<string>Demo</string>
      \t\t<integer>1</integer>
      \t\t<integer>2</integer>
      \t</array>
      \t<key>only</key>
      \t<dict>
      \t\t<key>k</key>
      \t\t<true/>
      \t</dict>
      </dict>
      </plist>

      """),
  ]

  @Test(arguments: cases)
  func editWritesExactlyTheExpectedBytes(_ example: Case) throws {
    for encoding in PropertyListDocument.TextEncoding.allCases {
      for ending in [PropertyListDocument.LineEnding.lf, .crlf] {
        let input = Self.bytes(Self.documents[example.format]!, encoding, ending)
        var document = try PropertyListDocument(bytes: input)
        #expect(document.encoding == encoding)
        #expect(document.lineEnding == ending)
        #expect(document.bytes == input)
        try Self.edit(example.edit, format: example.format).apply(to: &document)
        let expected = Self.bytes(example.expected, encoding, ending)
        #expect(document.bytes == expected, "\(encoding) \(ending)")
        var value = try PropertyList(bytes: input)
        try Self.edit(example.edit, format: example.format).apply(to: &value)
        #expect(try PropertyList(bytes: document.bytes) == value)
        #expect(try document.value == value)
      }
    }
  }

  @Test func everyFormatHasEveryEdit() {
    for format in Format.allCases {
      let edits = Set(Self.cases.filter { $0.format == format }.map(\.edit))
      // A `.strings` file holds no arrays.
      #expect(edits.count == (format == .strings ? 5 : Edit.allCases.count), "\(format)")
    }
  }
}
