import PlistDocument
import PlistKit
import Testing

/// OpenStep files with GNUstep's typed values (`<*I5>`, `<*R1.5>`, `<*BY>`, `<*D…>`): the
/// document keeps them as they are written, and a file that holds them gets new scalars in
/// the same form, since its readers take them.
@Suite("GNUstep typed values in documents")
struct GNUstepDocumentTests {
  static let text = """
    // GNUstep defaults
    {
        count = <*I5>;
        ratio = <*R1.5>;
        enabled = <*BY>;
        since = <*D2001-01-01 00:00:00 +0000>;
        name = Demo;
    }

    """

  @Test func typedValuesAreKeptAndReadAsTheirKinds() throws {
    var document = try PropertyListDocument(bytes: Array(Self.text.utf8))
    #expect(document.bytes == Array(Self.text.utf8))
    #expect(document.options.writing.openStepWritesGNUstepScalars)
    let value = try document.value
    #expect(try value.value(at: "count") == .integer(5))
    #expect(try value.value(at: "ratio") == .real(1.5))
    #expect(try value.value(at: "enabled") == .boolean(true))
    #expect(try value.value(at: "since").kind == .date)
    try document.setValue("Other", at: "name")
    #expect(
      String(decoding: document.bytes, as: UTF8.self) == Self.text.replacing("name = Demo;", with: "name = Other;"))
  }

  @Test func newScalarsAreWrittenAsGNUstepWritesThem() throws {
    var document = try PropertyListDocument(bytes: Array(Self.text.utf8))
    try document.setValue(.integer(6), at: "count")
    try document.setValue(.real(2.5), at: "ratio")
    try document.insertValue(.boolean(false), at: "hidden")
    try document.insertValue(["limit": .integer(-1)], at: "more")
    #expect(
      String(decoding: document.bytes, as: UTF8.self) == """
        // GNUstep defaults
        {
            count = <*I6>;
            ratio = <*R2.5>;
            enabled = <*BY>;
            since = <*D2001-01-01 00:00:00 +0000>;
            name = Demo;
            hidden = <*BN>;
            more = {
                limit = <*I-1>;
            };
        }

        """)
    var value = try PropertyList(bytes: Array(Self.text.utf8))
    try value.setValue(.integer(6), at: "count")
    try value.setValue(.real(2.5), at: "ratio")
    try value.insertValue(.boolean(false), at: "hidden")
    try value.insertValue(["limit": .integer(-1)], at: "more")
    #expect(try PropertyList(bytes: document.bytes) == value)
  }

  @Test func aFileWithoutTypedValuesHasNoFormForScalars() throws {
    let text = Array("{\n    name = Demo;\n}\n".utf8)
    var document = try PropertyListDocument(bytes: text)
    #expect(!document.options.writing.openStepWritesGNUstepScalars)
    let error = #expect(throws: PropertyListError.self) { try document.setValue(.integer(6), at: "count") }
    #expect(error?.kind == .notRepresentable)
    #expect(error?.location == .keyPath("count"))
    #expect(document.bytes == text)
    // Asked for, the file gets them too.
    var asked = try PropertyListDocument(
      bytes: text, options: .init(writing: .init(openStepWritesGNUstepScalars: true)))
    try asked.setValue(.integer(6), at: "count")
    #expect(asked.bytes == Array("{\n    name = Demo;\n    count = <*I6>;\n}\n".utf8))
  }
}
