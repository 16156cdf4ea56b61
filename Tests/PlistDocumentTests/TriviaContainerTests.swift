import DocumentLayouts
import PlistDocument
import PlistKit
import Testing

/// Containers written with start and end tags but no entries (`<dict></dict>`, or only white
/// space, comments or processing instructions inside), and the edits that make or fill them:
/// each edit gives the value the same edit of the value gives, and these exact bytes.
@Suite("Empty and comment-only containers")
struct TriviaContainerTests {
  /// Makes `edits` on the document and on its value; the document must read back as the value.
  static func edited(_ text: String, _ edits: [RandomEdit]) throws -> String {
    var document = try PropertyListDocument(bytes: Array(text.utf8))
    var value = try PropertyList(bytes: Array(text.utf8))
    for edit in edits {
      try edit.apply(to: &document)
      try edit.apply(to: &value)
      #expect(try PropertyList(bytes: document.bytes, format: document.format) == value, "\(edit)")
    }
    return String(decoding: document.bytes, as: UTF8.self)
  }

  /// What build scripts write, then edit: every edit crashed in the syntax scanner.
  @Test func anEmptyDictionaryWithEndTagTakesEveryEdit() throws {
    let text = #"<plist version="1.0"><dict></dict></plist>"#
    #expect(
      try Self.edited(text, [.set("name", "x")])
        == "<plist version=\"1.0\"><dict>\n\t<key>name</key>\n\t<string>x</string>\n</dict></plist>")
    #expect(
      try Self.edited(text, [.insert("list", [], append: false), .insert("list", 1, append: true)])
        == "<plist version=\"1.0\"><dict>\n\t<key>list</key>\n\t<array>\n\t\t<integer>1</integer>\n\t</array>\n</dict></plist>"
    )
    #expect(
      try Self.edited(text, [.set("a", "1"), .move("a", "b"), .remove("b")]) == #"<plist version="1.0"><dict/></plist>"#
    )
    #expect(
      try Self.edited(text, [.set("", ["k": true])])
        == "<plist version=\"1.0\"><dict>\n\t<key>k</key>\n\t<true/>\n</dict></plist>")
  }

  @Test(arguments: [
    "<array></array>", "<array>\n</array>", "<array> \t </array>", "<array>\r\n</array>",
  ])
  func anEmptyArrayWithEndTagTakesAnElement(array: String) throws {
    let text = "<plist version=\"1.0\">\(array)</plist>"
    let result = try Self.edited(text, [.insert("0", "x", append: false)])
    #expect(result.contains("<string>x</string>"))
    #expect(try Self.edited(text, [.insert("", "x", append: true), .remove("0")]).hasSuffix("<array/></plist>"))
  }

  /// A comment or processing instruction inside an empty container stays where it is: before,
  /// a new entry replaced it, and removing the only entry next to one took it away too.
  @Test func commentsInsideEmptyContainersStay() throws {
    let text =
      #"<plist version="1.0"><dict><key>a</key><dict><!-- c --></dict><key>b</key><array><?pi?></array></dict></plist>"#
    #expect(
      try Self.edited(text, [.set("a.x", 1), .insert("b.0", 1, append: false)])
        == "<plist version=\"1.0\"><dict><key>a</key><dict><!-- c -->\n\t<key>x</key>\n\t<integer>1</integer>\n</dict>"
        + "<key>b</key><array><?pi?>\n\t<integer>1</integer>\n</array></dict></plist>")
    let commented = #"<plist version="1.0"><dict><key>a</key><string>1</string><!-- c --></dict></plist>"#
    #expect(try Self.edited(commented, [.remove("a")]) == #"<plist version="1.0"><dict><!-- c --></dict></plist>"#)
    #expect(
      try Self.edited(commented, [.remove("a"), .set("b", 2)])
        == "<plist version=\"1.0\"><dict><!-- c -->\n\t<key>b</key>\n\t<integer>2</integer>\n</dict></plist>")
    #expect(
      try Self.edited("{ a = (x /* c */); }", [.remove("a.0"), .insert("a.0", "y", append: false)])
        == "{ a = ( /* c */ y); }")
  }

  /// The attack run's silent losses: each one removed, cut or misplaced more than the edit's own
  /// entry, and the file still read.
  @Test func editsBesideCommentOnlyContainersTouchOnlyTheirEntry() throws {
    #expect(
      try Self.edited(
        "<plist><dict><key>b</key><dict><!-- none --></dict><key>k</key><data></data></dict></plist>", [.remove("b")])
        == "<plist><dict><key>k</key><data></data></dict></plist>")
    let arrays = "<plist><dict><key>b</key><array><!-- e --></array><key>c</key><string>x</string></dict></plist>"
    #expect(try Self.edited(arrays, [.remove("b")]) == "<plist><dict><key>c</key><string>x</string></dict></plist>")
    #expect(
      try Self.edited(arrays, [.set("d", "NEW")])
        == "<plist><dict><key>b</key><array><!-- e --></array><key>c</key><string>x</string><key>d</key>"
        + "<string>NEW</string></dict></plist>")
    #expect(
      try Self.edited("<plist><array><array></array><array> <!-- --> </array></array></plist>", [.set("1", "NEW")])
        == "<plist><array><array></array><string>NEW</string></array></plist>")
  }

  /// A new entry in a one-line XML dictionary goes on that line, key and value together.
  @Test func aNewEntryFollowsAOneLineDictionary() throws {
    #expect(
      try Self.edited(#"<plist version="1.0"><dict><key>a</key><string>1</string></dict></plist>"#, [.set("b", "2")])
        == #"<plist version="1.0"><dict><key>a</key><string>1</string><key>b</key><string>2</string></dict></plist>"#)
  }

  /// Setting a value to what it is changes nothing; a new string keeps the old one's quoting
  /// where it can.
  @Test func quotingIsKept() throws {
    let project = "// !$*UTF8*$!\n{\n\tarchiveVersion = \"1\";\n\tobjectVersion = 77;\n}\n"
    #expect(try Self.edited(project, [.set("archiveVersion", "1")]) == project)
    let text = "{\n\ta = \"x\";\n\tb = y;\n}\n"
    #expect(try Self.edited(text, [.set("a", "x")]) == text)
    #expect(try Self.edited(text, [.set("a", "z")]) == "{\n\ta = \"z\";\n\tb = y;\n}\n")
    #expect(try Self.edited(text, [.set("b", "z")]) == "{\n\ta = \"x\";\n\tb = z;\n}\n")
    #expect(try Self.edited(text, [.set("b", "x y")]) == "{\n\ta = \"x\";\n\tb = \"x y\";\n}\n")
    let xml = "<plist version=\"1.0\"><dict><key>n</key><real>1.50</real></dict></plist>"
    #expect(try Self.edited(xml, [.set("n", 1.5)]) == xml)
  }

  /// A new `.strings` entry is parted from its neighbours as they are from each other.
  @Test func aNewStringsEntryFollowsItsNeighboursBlankLines() throws {
    #expect(
      try Self.edited("\"a\" = \"1\";\n\n\"b\" = \"2\";\n", [.set("c", "3")])
        == "\"a\" = \"1\";\n\n\"b\" = \"2\";\n\n\"c\" = \"3\";\n")
    #expect(
      try Self.edited("/* c */\n\"a\" = \"1\";\n\n/* d */\n\"b\" = \"2\";\n", [.insert("c", "3", append: false)])
        == "/* c */\n\"a\" = \"1\";\n\n/* d */\n\"b\" = \"2\";\n\n\"c\" = \"3\";\n")
    #expect(
      try Self.edited("\"a\" = \"1\";\n\"b\" = \"2\";\n", [.set("c", "3")])
        == "\"a\" = \"1\";\n\"b\" = \"2\";\n\"c\" = \"3\";\n")
  }

  /// `"b";` is the key `b` with the value `b`: renamed, it keeps its value.
  @Test func aRenamedShorthandEntryKeepsItsValue() throws {
    var document = try PropertyListDocument(bytes: Array("\"a\" = \"1\";\n\"b\";\n".utf8))
    try document.moveValue(from: "b", to: "renamed", keepingPosition: true)
    #expect(String(decoding: document.bytes, as: UTF8.self) == "\"a\" = \"1\";\n\"renamed\" = \"b\";\n")
    #expect(try document.value == ["a": "1", "renamed": "b"])
  }

  /// Removing every entry of a `.strings` file leaves an empty file, which reads as an empty
  /// table when its name says `.strings`.
  @Test func anEmptyStringsFileReads() throws {
    var document = try PropertyListDocument(bytes: Array("\"a\" = \"1\";\n\"b\";\n".utf8))
    try document.removeValue(at: "a")
    try document.removeValue(at: "b")
    #expect(document.bytes == [])
    #expect(try Self.read([], fileName: "Localizable.strings") == [:])
    #expect(try Self.read(Array(" \n".utf8), fileName: "Localizable.strings") == [:])
    #expect(throws: PropertyListError.self) { try Self.read([], fileName: "Info.plist") }
    var empty = try PropertyListDocument(bytes: [], fileName: "Localizable.strings")
    try empty.setValue("v", at: "k")
    #expect(String(decoding: empty.bytes, as: UTF8.self) == "\"k\" = \"v\";\n")
  }

  static func read(_ bytes: [UInt8], fileName: String) throws -> PropertyList {
    try bytes.withUnsafeBytes {
      try PropertyList.read(bytes: $0, format: nil, fileName: fileName, options: .default).value
    }
  }

  /// A UTF-16 file with a second byte-order mark after the first, which the readers pass over:
  /// every edit failed with "cannot look inside a string".
  @Test func aSecondByteOrderMarkIsKept() throws {
    let text = "\u{FEFF}\"a\" = \"1\";\n"
    let bytes: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    var document = try PropertyListDocument(bytes: bytes)
    #expect(document.bytes == bytes)
    try document.setValue("2", at: "a")
    let expected = "\u{FEFF}\"a\" = \"2\";\n"
    #expect(document.bytes == [0xFF, 0xFE] + expected.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
    #expect(try document.value == ["a": "2"])
  }
}
