import PlistBuddy
import Testing

@Suite("Entries and command lines")
struct EntryTests {
  func words(_ line: String) -> [String] {
    var reader = BuddyCommandLine(line)
    var result: [String] = []
    while true {
      let word = reader.nextWord()
      if word.scalars.isEmpty { break }
      result.append(word.text)
    }
    return result
  }

  @Test("an entry splits at colons; the leading colon is optional; empty components are kept")
  func components() {
    #expect(
      BuddyEntry(":CFBundleDocumentTypes:2:CFBundleTypeExtensions").components == [
        "CFBundleDocumentTypes", "2", "CFBundleTypeExtensions",
      ])
    #expect(BuddyEntry("Name").components == ["Name"])
    #expect(BuddyEntry(":").components == [""])
    #expect(BuddyEntry("").components == [""])
    #expect(BuddyEntry(":A::B:").components == ["A", "", "B", ""])
    #expect(BuddyEntry(":A::B:").path == ["A", "B"])
    #expect(BuddyEntry(":A::B:").parentPath == ["A", "B"])
    #expect(BuddyEntry(":A::B:").name == "")
    #expect(BuddyEntry(":Tags:0").parentPath == ["Tags"])
    #expect(BuddyEntry(":Tags:0").name == "0")
    #expect(BuddyEntry(":").path.isEmpty)
  }

  @Test("quotes keep spaces inside a key, backslashes keep colons; quoted colons still separate")
  func escaping() {
    var line = BuddyCommandLine(#"Print :"Schema version":0 tail"#)
    #expect(line.commandName() == "Print")
    let word = line.nextWord()
    #expect(word.text == ":Schema version:0")
    #expect(BuddyEntry(word).components == ["Schema version", "0"])
    var escaped = BuddyCommandLine(#":com.example\:key:a\ b"#)
    #expect(BuddyEntry(escaped.nextWord()).components == ["com.example:key", "a b"])
    var quotedColon = BuddyCommandLine(#":"a:b":c"#)
    #expect(BuddyEntry(quotedColon.nextWord()).components == ["a", "b", "c"])
    var quotedAll = BuddyCommandLine(#"":key with spaces""#)
    #expect(BuddyEntry(quotedAll.nextWord()).components == ["key with spaces"])
    var single = BuddyCommandLine("':IOKitPersonalities:HDA Hardware Config Resource:IOProbeScore' integer")
    #expect(
      BuddyEntry(single.nextWord()).components == [
        "IOKitPersonalities", "HDA Hardware Config Resource", "IOProbeScore",
      ])
    var mixed = BuddyCommandLine(#"'New Bookmarks':0:'Normal Font' SFMono 12"#)
    #expect(BuddyEntry(mixed.nextWord()).components == ["New Bookmarks", "0", "Normal Font"])
    #expect(mixed.rest().text == "SFMono 12")
    var apostrophe = BuddyCommandLine(#"Bob\'s "it's""#)
    #expect(apostrophe.rest().text == "Bob's it's")
  }

  @Test("words split at spaces outside quotes; escapes are applied, other backslashes kept")
  func wordSplitting() {
    #expect(words("Print :key with spaces") == ["Print", ":key", "with", "spaces"])
    #expect(words(#"Add :K string "hello world""#) == ["Add", ":K", "string", "hello world"])
    #expect(words(#"a\"b c\\d e\nf g\.h"#) == ["a\"b", "c\\d", "e\nf", "g\\.h"])
    #expect(words("  lead\ttab  ") == ["lead", "tab"])
    #expect(words(#"open "quote runs on"#) == ["open", "quote runs on"])
  }

  @Test("the rest of a line keeps its inner spaces and loses its quotes")
  func rest() {
    var line = BuddyCommandLine(#"Set :Name   hello  "big world" "#)
    _ = line.commandName()
    _ = line.nextWord()
    #expect(line.rest().text == "hello  big world ")
  }

  @Test("commands are matched in any case and must start the line")
  func commandNames() throws {
    #expect(try BuddyCommand(parsing: "print :A") == .print(BuddyEntry(":A")))
    #expect(try BuddyCommand(parsing: "PRINT") == .print(BuddyEntry("")))
    #expect(try BuddyCommand(parsing: "Set :A b c") == .set(BuddyEntry(":A"), value: "b c"))
    #expect(try BuddyCommand(parsing: "Add :A Integer 5") == .add(BuddyEntry(":A"), .integer, value: "5"))
    #expect(try BuddyCommand(parsing: "Copy :A :B") == .copy(BuddyEntry(":A"), to: BuddyEntry(":B")))
    #expect(try BuddyCommand(parsing: "Merge x.plist :A") == .merge(path: "x.plist", into: BuddyEntry(":A")))
    #expect(try BuddyCommand(parsing: "Import :A x.bin") == .importFile(BuddyEntry(":A"), path: "x.bin"))
    #expect(try BuddyCommand(parsing: "Clear array") == .clear(typeName: "array"))
    #expect(try BuddyCommand(parsing: "exit") == .exit)
    #expect(throws: BuddyCommand.ParseError.unrecognizedCommand) { try BuddyCommand(parsing: "  Print :A") }
    #expect(throws: BuddyCommand.ParseError.unrecognizedCommand) { try BuddyCommand(parsing: "") }
    #expect(throws: BuddyCommand.ParseError.unrecognizedCommand) { try BuddyCommand(parsing: "Printx") }
    #expect(throws: BuddyCommand.ParseError.unrecognizedType("badtype")) {
      try BuddyCommand(parsing: "Add :A badtype 1")
    }
    #expect(throws: BuddyCommand.ParseError.unrecognizedType("")) { try BuddyCommand(parsing: "Add") }
  }

  @Test("a quote that nothing closes is an error naming the command and the quote's column")
  func unmatchedQuote() throws {
    var line = BuddyCommandLine("Add :Name string Bob's App")
    _ = line.commandName()
    #expect(line.nextWord().text == ":Name")
    #expect(line.unmatchedQuote == nil)
    _ = line.nextWord()
    #expect(line.rest().text == "Bobs App")
    #expect(line.unmatchedQuote == BuddyCommandLine.UnmatchedQuote(quote: "'", column: 21))
    let error = BuddyCommand.ParseError.unmatchedQuote(
      command: "Add", BuddyCommandLine.UnmatchedQuote(quote: "'", column: 21))
    #expect(throws: error) { try BuddyCommand(parsing: "Add :Name string Bob's App") }
    #expect(error.message == #"Add: Unmatched ' at column 21 (write \' for the character itself)"#)
    #expect(error.isReportedOnStandardError)
    #expect(!BuddyCommand.ParseError.unrecognizedCommand.isReportedOnStandardError)
    #expect(throws: BuddyCommand.ParseError.unmatchedQuote(command: "Set", .init(quote: "\"", column: 12))) {
      try BuddyCommand(parsing: #"set :Title "Hello"#)
    }
    #expect(throws: BuddyCommand.ParseError.unmatchedQuote(command: "Print", .init(quote: "'", column: 7))) {
      try BuddyCommand(parsing: "Print ':A B")
    }
    #expect(
      throws: BuddyCommand.ParseError.unmatchedQuote(command: "Add", .init(quote: "'", column: 8)),
      "the open quote, not the type it swallowed, is what is wrong"
    ) { try BuddyCommand(parsing: "Add :A 'string x") }
    #expect(
      try BuddyCommand(parsing: #"Add :Name string Bob\'s App"#)
        == .add(BuddyEntry(":Name"), .string, value: "Bob's App"))
    #expect(
      try BuddyCommand(parsing: #"Add :Name string "Bob's App""#)
        == .add(BuddyEntry(":Name"), .string, value: "Bob's App"))
    #expect(try BuddyCommand(parsing: "Set :A 'it''s'") == .set(BuddyEntry(":A"), value: "its"))
  }
}
