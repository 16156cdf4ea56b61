import PlistKit
import StringCatalogs
import Testing

@Suite struct StringsTableTests {
  @Test func keepsOrderCommentsAndTheLastValueOfARepeatedKey() throws {
    let text = """
      /* Header of the file, not of an entry. */

      /* The button that saves. */
      "save" = "Save";
      // A line comment.
      "quit" = "Quit \\"now\\"\\n";
      "bare" = "No comment";
      "save" = "Save again";
      """
    let table = try StringsTable(bytes: Array(text.utf8))
    #expect(
      table.entries == [
        .init(key: "save", value: "Save again", comment: "The button that saves."),
        .init(key: "quit", value: "Quit \"now\"\n", comment: "A line comment."),
        .init(key: "bare", value: "No comment", comment: nil),
      ])
  }

  @Test func reportsRepeatedKeysWithLineAndColumn() throws {
    let text = "\"a\" = \"1\";\n\"b\" = \"2\";\n  \"a\" = \"3\";\n"
    let repeated = try StringsTable.repeatedKeys(in: Array(text.utf8))
    #expect(
      repeated == [
        PropertyListRepeatedKey(key: "a", first: .text(line: 1, column: 1), repeated: .text(line: 3, column: 3))
      ])
  }

  @Test func writesApplesLayout() {
    let table = StringsTable(entries: [
      .init(key: "greeting", value: "Hello, \"%@\"\t\\", comment: "Shown at start."),
      .init(key: "ünï", value: "line\nbreak"),
    ])
    let expected = """
      /* Shown at start. */
      "greeting" = "Hello, \\"%@\\"\\t\\\\";

      "ünï" = "line\\nbreak";

      """
    #expect(table.bytes(encoding: .utf8) == Array(expected.utf8))
  }

  @Test func writesUTF16LittleEndianWithAByteOrderMark() throws {
    let table = StringsTable(entries: [.init(key: "k", value: "é😀")])
    let bytes = table.bytes(encoding: .utf16)
    #expect(Array(bytes.prefix(6)) == [0xFF, 0xFE, 0x22, 0x00, 0x6B, 0x00])
    #expect(try StringsTable(bytes: bytes) == table)
  }

  @Test func readsBackWhatItWrites() throws {
    let table = StringsTable(entries: [
      .init(key: "a.b", value: "", comment: "with */ inside"),
      .init(key: "control\u{1}", value: "tab\there\r\n", comment: nil),
      .init(key: "%d items", value: "%1$@ and %2$@", comment: "Two args."),
    ])
    for encoding in StringsFileEncoding.allCases {
      let read = try StringsTable(bytes: table.bytes(encoding: encoding))
      #expect(read.entries.map(\.key) == table.entries.map(\.key))
      #expect(read.entries.map(\.value) == table.entries.map(\.value))
      #expect(read.entries.map(\.comment) == ["with * / inside", nil, "Two args."])
    }
  }

  @Test func refusesAValueThatIsNotAString() {
    #expect(throws: PropertyListError.self) { try StringsTable(bytes: Array("\"a\" = (1, 2);".utf8)) }
  }
}
