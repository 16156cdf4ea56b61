import PlistDiff
import PlistKit
import Testing

@Suite("Conflict markers")
struct ConflictMarkerTests {
  let base: PropertyList = ["Name": "Gerald Ford", "Tags": ["a", "b"], "Keep": "k"]
  let ours: PropertyList = ["Name": "Gerald R. Ford", "Tags": ["a", "o"], "Keep": "k"]
  let theirs: PropertyList = ["Name": "Jerry Ford", "Tags": ["a", "t"], "Keep": "k2"]

  func marked(_ format: PropertyListFormat) throws -> String {
    let (bytes, conflicts) = try ConflictMarkers.document(base: base, ours: ours, theirs: theirs, format: format)
    #expect(conflicts.count == 2)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test("XML: the key and value of each side, indented in place")
  func xml() throws {
    #expect(
      try marked(.xml) == """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        <<<<<<< OURS
        \t<key>Name</key>
        \t<string>Gerald R. Ford</string>
        =======
        \t<key>Name</key>
        \t<string>Jerry Ford</string>
        >>>>>>> THEIRS
        \t<key>Tags</key>
        \t<array>
        \t\t<string>a</string>
        <<<<<<< OURS
        \t\t<string>o</string>
        =======
        \t\t<string>t</string>
        >>>>>>> THEIRS
        \t</array>
        \t<key>Keep</key>
        \t<string>k2</string>
        </dict>
        </plist>

        """)
  }

  @Test("JSON: entries keep their commas")
  func json() throws {
    #expect(
      try marked(.json) == """
        {
        <<<<<<< OURS
          "Name": "Gerald R. Ford",
        =======
          "Name": "Jerry Ford",
        >>>>>>> THEIRS
          "Tags": [
            "a",
        <<<<<<< OURS
            "o"
        =======
            "t"
        >>>>>>> THEIRS
          ],
          "Keep": "k2"
        }

        """)
  }

  @Test("OpenStep")
  func openStep() throws {
    #expect(
      try marked(.openStep) == """
        {
        <<<<<<< OURS
        \tName = "Gerald R. Ford";
        =======
        \tName = "Jerry Ford";
        >>>>>>> THEIRS
        \tTags = (
        \t\ta,
        <<<<<<< OURS
        \t\to,
        =======
        \t\tt,
        >>>>>>> THEIRS
        \t);
        \tKeep = k2;
        }

        """)
  }

  @Test("a side that removed the entry has nothing between its markers")
  func removed() throws {
    let (bytes, conflicts) = try ConflictMarkers.document(
      base: ["a": "1", "b": "2"], ours: ["b": "2"], theirs: ["a": "3", "b": "2"], format: .openStep)
    #expect(conflicts.map(\.kind) == [.removedByOurs])
    #expect(
      String(decoding: bytes, as: UTF8.self) == """
        {
        <<<<<<< OURS
        =======
        \ta = 3;
        >>>>>>> THEIRS
        \tb = 2;
        }

        """)
  }

  @Test("binary cannot hold markers")
  func binary() {
    #expect(throws: PropertyListError.self) {
      try ConflictMarkers.document(base: base, ours: ours, theirs: theirs, format: .binary)
    }
  }
}
