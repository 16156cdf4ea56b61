import Foundation
import PlistKit
import Testing

/// Inputs that used to be taken for something they are not: bytes after the XML root, a bare
/// XML value, the empty key path in an edit, a search term that is not UTF-8.
@Suite("Strict input")
struct StrictInputTests {
  @Test("a NUL byte and anything after the XML root is an error, wherever it is")
  func bytesAfterRoot() throws {
    let trailing: [UInt8] = Array("<plist><true/></plist>".utf8) + [0, 0] + Array("garbage".utf8)
    #expect(throws: PropertyListError.self) { try PropertyList(bytes: trailing) }
    do {
      _ = try PropertyList(bytes: trailing)
    } catch {
      #expect(error.description.contains("byte 22: character U+0000 is not allowed in XML 1.0"), "\(error)")
    }
    let folder = try TemporaryDirectory()
    let path = try folder.file("trailing.plist", trailing)
    let run = try CLI.run(["lint", path])
    #expect(run.status == 1)
    #expect(run.stderr.contains("character U+0000 is not allowed"), "\(run.stderr)")
    // White space and comments after the root stay allowed; UTF-16 (zero bytes everywhere) reads.
    #expect(try PropertyList(bytes: Array("<plist><true/></plist>\n<!-- c -->\n".utf8)) == true)
    let utf16 = Array("\u{FEFF}<plist><string>é</string></plist>".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    #expect(try PropertyList(bytes: utf16) == "é")
  }

  @Test("a bare XML value without <?xml?> or <plist> is detected as XML")
  func bareValue() throws {
    for (text, value) in [
      ("<string>hi</string>", PropertyList.string("hi")), ("<dict/>", [:]), ("  <array><true/></array>", [true]),
      ("<integer >7</integer>", 7),
    ] {
      let bytes = Array(text.utf8)
      #expect(bytes.withUnsafeBytes { PropertyListFormat.detect($0) } == .xml, "\(text)")
      #expect(try PropertyList(bytes: bytes) == value, "\(text)")
    }
    // OpenStep data and GNUstep typed values keep their format.
    for text in ["<0fbd77>", "<dead beef>", "<*I5>", "<>"] {
      #expect(Array(text.utf8).withUnsafeBytes { PropertyListFormat.detect($0) } == .openStep, "\(text)")
    }
    let folder = try TemporaryDirectory()
    let path = try folder.file("bare.plist", "<string>hi</string>")
    let run = try CLI.run(["get", path, "", "--to", "raw"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.output == "hi\n")
  }

  @Test("the empty key path in an edit names the empty key, never the root")
  func emptyKeyPath() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("d.json", "{\"a\": 1}")
    let set = try CLI.run(["set", path, "", "v", "--type", "string"])
    #expect(set.status == 0, "\(set.stderr)")
    #expect(try PropertyList(bytes: folder.contents("d.json")) == ["a": 1, "": "v"])
    let replace = try CLI.run(["set", path, "", "w"])
    #expect(replace.status == 0, "\(replace.stderr)")
    #expect(try PropertyList(bytes: folder.contents("d.json")) == ["a": 1, "": "w"])
    let remove = try CLI.run(["remove", path, ""])
    #expect(remove.status == 0, "\(remove.stderr)")
    #expect(try PropertyList(bytes: folder.contents("d.json")) == ["a": 1])
    let plutil = try CLI.run(["plutil", "-replace", "", "-string", "x", path])
    #expect(plutil.status == 0, "\(plutil.stderr)")
    #expect(try PropertyList(bytes: folder.contents("d.json")) == ["a": 1, "": "x"])
  }

  @Test("filter with a term that is not UTF-8 is a usage error")
  func invalidTerm() throws {
    let run = try CLI.run(
      ["-c", "exec \"$0\" filter \"$1\" \"$(printf 'a\\377b')\"", CLI.binary, CLI.sample("sortednames.plist")],
      program: "/bin/sh")
    #expect(run.status == 2)
    #expect(run.stderr.contains("TERM is not valid UTF-8"), "\(run.stderr)")
    // A real U+FFFD in the term is a term like any other (no match here: exit 1).
    let replacement = try CLI.run(["filter", CLI.sample("sortednames.plist"), "a\u{FFFD}b"])
    #expect(replacement.status == 1)
  }
}

/// Dates that have no ISO 8601 form are shown as what they are, never as a valid date.
@Suite("Dates without an ISO 8601 form")
struct UnshowableDateTests {
  @Test("print and get --to raw show a NaN or huge date in seconds")
  func shownAsSeconds() throws {
    let folder = try TemporaryDirectory()
    let value: PropertyList = [
      "nan": .date(PropertyListDate(secondsSinceReferenceDate: .nan)),
      "huge": .date(PropertyListDate(secondsSinceReferenceDate: 1e300)),
      "zero": .date(PropertyListDate(secondsSinceReferenceDate: 0)),
    ]
    let path = try folder.file("dates.plist", try value.serialized(as: .binary))
    let nan = try CLI.run(["get", path, "nan", "--to", "raw"])
    #expect(nan.output == "<date of nan seconds since 2001-01-01T00:00:00Z>\n")
    let huge = try CLI.run(["get", path, "huge", "--to", "raw"])
    #expect(huge.output == "<date of 1e+300 seconds since 2001-01-01T00:00:00Z>\n")
    let zero = try CLI.run(["get", path, "zero", "--to", "raw"])
    #expect(zero.output == "2001-01-01T00:00:00Z\n")
    let printed = try CLI.run(["print", path])
    #expect(printed.status == 0)
    #expect(printed.output.contains("<date of nan seconds since 2001-01-01T00:00:00Z>"), "\(printed.output)")
    #expect(!printed.output.contains("99999999"), "\(printed.output)")
  }
}

/// Errors quote the input in a readable length.
@Suite("Long quotations in errors")
struct LongQuotationTests {
  @Test("a 100 KB key path or number is cut in the message, with its length")
  func cut() throws {
    let keyPath = String(repeating: "k", count: 100_000)
    let get = try CLI.run(["get", CLI.sample("sortednames.plist"), keyPath])
    #expect(get.status == 1)
    #expect(get.stderr.count < 1000, "\(get.stderr.count) characters")
    #expect(get.stderr.contains(" characters]…"), "\(get.stderr.prefix(300))")
    #expect(get.stderr.contains("…[10000"), "the length is said")

    let folder = try TemporaryDirectory()
    let number = String(repeating: "9", count: 100_000)
    let path = try folder.file("n.json", "[\(number)x]")
    let lint = try CLI.run(["lint", path])
    #expect(lint.status == 1)
    #expect(lint.stderr.count < 1000, "\(lint.stderr.count) characters")
  }
}

/// An archived dictionary whose key is not a string, a number, a boolean or a date.
@Suite("Archived dictionaries with container keys")
struct ArchivedContainerKeyTests {
  @Test("unarchive refuses a key that is an array, with its key path, and never prints a Swift description")
  func arrayKey() throws {
    let dictionaryClass: PropertyList = ["$classname": "NSDictionary", "$classes": ["NSDictionary", "NSObject"]]
    let arrayClass: PropertyList = ["$classname": "NSArray", "$classes": ["NSArray", "NSObject"]]
    let archive: PropertyList = [
      "$archiver": "NSKeyedArchiver", "$version": 100_000, "$top": ["root": .uid(1)],
      "$objects": [
        "$null", ["NS.keys": [.uid(4)], "NS.objects": [.uid(3)], "$class": .uid(2)], dictionaryClass, "v",
        ["NS.objects": [.uid(3)], "$class": .uid(5)], arrayClass,
      ],
    ]
    let folder = try TemporaryDirectory()
    let path = try folder.file("keys.plist", try archive.serialized(as: .binary))
    let run = try CLI.run(["unarchive", path])
    #expect(run.status == 1)
    let expected = "NS\\.keys.0: a dictionary key must be a string, a number, a boolean or a date, found an array"
    #expect(run.stderr.contains(expected), "\(run.stderr)")
    #expect(!run.output.contains("PlistKit."), "\(run.output)")
  }
}
