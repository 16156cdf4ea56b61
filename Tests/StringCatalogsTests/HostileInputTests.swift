import PlistKit
import StringCatalogs
import Testing

/// Input that is not a catalog: each is an error that says what and where, never a crash.
@Suite("hostile input")
struct HostileInputTests {
  /// The error reading `text` throws, as one line.
  private func error(_ bytes: [UInt8]) -> String? {
    do {
      _ = try StringCatalog(bytes: bytes)
      return nil
    } catch {
      return error.description
    }
  }

  private func error(_ text: String) -> String? { error(Array(text.utf8)) }

  @Test("a member of the wrong type names its key path, line and column")
  func wrongType() {
    #expect(
      error("{\"sourceLanguage\":\"en\",\n\"strings\":{\"Hi\":{\"comment\":3}},\"version\":\"1.0\"}")
        == "2:28: strings.Hi.comment: expected a string, found an integer")
    #expect(
      error(
        "{\"sourceLanguage\":\"en\",\"strings\":{\"a.b\":{\"localizations\":{\"de\":{\"stringUnit\":[]}}}},\"version\":\"1\"}"
      )
        == "1:78: strings.a\\.b.localizations.de.stringUnit: expected a string unit's object, found an array")
    #expect(
      error("{\"sourceLanguage\":\"en\",\"strings\":{\"x\":{\"shouldTranslate\":\"no\"}},\"version\":\"1\"}")
        == "1:58: strings.x.shouldTranslate: expected true or false, found a string")
  }

  @Test("a missing member names the object that lacks it")
  func missingMember() {
    #expect(
      error(
        "{\"sourceLanguage\":\"en\",\"strings\":{\"x\":{\"localizations\":{\"de\":{\"stringUnit\":{\"value\":\"\"}}}}},\"version\":\"1\"}"
      )
        == "1:76: strings.x.localizations.de.stringUnit: missing member \"state\"")
    #expect(error("{\"strings\":{},\"version\":\"1.0\"}") == "1:1: (root): missing member \"sourceLanguage\"")
    #expect(error("[]") == "1:1: (root): expected a String Catalog's object, found an array")
    #expect(error("\"x\"") == "1:1: (root): expected a String Catalog's object, found a string")
    #expect(
      error("{\"strings\":{\"k\":{\"localizations\":{\"de\":7}}}}")
        == "1:40: strings.k.localizations.de: expected a localization's object, found an integer")
  }

  @Test("an argument number beyond Int is an error, not a trap")
  func hugeNumber() {
    let text =
      "{\"sourceLanguage\":\"en\",\"strings\":{\"x\":{\"localizations\":{\"de\":{\"substitutions\":{\"n\":{\"argNum\":18446744073709551615}}}}}},\"version\":\"1\"}"
    #expect(
      error(text)
        == "1:94: strings.x.localizations.de.substitutions.n.argNum: expected an integer of 64 bits, found 18446744073709551615"
    )
  }

  @Test("broken JSON, bad UTF-8 and deep nesting are the JSON reader's errors")
  func syntax() {
    #expect(error("{\"sourceLanguage\":\"en\",") == "1:24: expected a string key, found the end of the input")
    #expect(
      error([UInt8]("{\"sourceLanguage\":\"".utf8) + [0xFF] + [UInt8]("\"}".utf8)) == "1:20: invalid UTF-8: byte 0xFF")
    // Refused at the first bracket: a catalog is an object.
    #expect(
      error(String(repeating: "[", count: 100_000)) == "1:1: (root): expected a String Catalog's object, found an array"
    )
    // An unknown member may hold arrays, until the depth limit.
    #expect(
      error("{\"x\":" + String(repeating: "[", count: 100_000))
        == "1:517: nesting is deeper than the limit of 512 levels")
    #expect(error("{\"sourceLanguage\":null}") == "1:19: null has no property-list equivalent")
    #expect(error("") == "1:1: expected a value, found the end of the input")
  }

  @Test("a key an object repeats is kept twice, so that the file comes back as it was")
  func repeatedKey() throws {
    let text =
      "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\" : {\n\n    },\n    \"a\" : {\n      \"comment\" : \"again\"\n    }\n  },\n  \"version\" : \"1.0\"\n}"
    let catalog = try StringCatalog(bytes: Array(text.utf8))
    #expect(catalog.strings.keys == ["a", "a"])
    #expect(catalog.strings["a"] == StringCatalog.Entry())
    #expect(StringCatalogWriter().write(catalog) == Array(text.utf8))
  }
}
