import PlistKit
import StringCatalogs
import Testing

/// The checks of a catalog, on catalogs written here.
@Suite("checks")
struct CheckTests {
  /// A catalog's text with one string `key` whose `localizations` member is `localizations`
  /// (JSON), and a second string that has German and French, so that both are languages of it.
  private func catalog(_ key: String, _ localizations: String, more: String = "") -> String {
    """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "\(key)" : {
          \(more)"localizations" : \(localizations)
        },
        "Zebra" : {
          "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "Zebra" } },
            "fr" : { "stringUnit" : { "state" : "translated", "value" : "Zèbre" } }
          }
        }
      },
      "version" : "1.0"
    }
    """
  }

  private func problems(_ text: String) throws -> [String] {
    let bytes = Array(text.utf8)
    let problems = try StringCatalog(bytes: bytes).check(locatingIn: bytes)
    // Placed in the same read, or in a second one: the same places.
    let inOneRead = try bytes.withUnsafeBytes { try StringCatalog.check(bytes: $0).problems }
    #expect(inOneRead == problems)
    return problems.map {
      "\($0.line ?? 0):\($0.column ?? 0): \($0.severity.rawValue): \($0.kind.rawValue): \($0.message) [\($0.key), \($0.language ?? "")]"
    }
  }

  private func unit(_ value: String, _ state: String = "translated") -> String {
    "{ \"stringUnit\" : { \"state\" : \"\(state)\", \"value\" : \"\(value)\" } }"
  }

  @Test("a clean catalog has no problems")
  func clean() throws {
    #expect(try problems(catalog("Hello %@", "{ \"de\" : \(unit("Hallo %@")), \"fr\" : \(unit("Salut %@")) }")) == [])
  }

  @Test("a language the catalog has and the string lacks is a missing translation")
  func missing() throws {
    #expect(
      try problems(catalog("Hello", "{ \"de\" : \(unit("Hallo")) }")) == [
        "4:5: warning: missing-translation: no translation [Hello, fr]"
      ])
    #expect(try problems(catalog("Hello", "{ }", more: "\"shouldTranslate\" : false,\n      ")) == [])
  }

  @Test("new, needs_review and stale are unfinished")
  func states() throws {
    #expect(
      try problems(catalog("Hello", "{ \"de\" : \(unit("Hallo", "needs_review")), \"fr\" : \(unit("Salut", "new")) }"))
        == [
          "4:5: warning: unfinished-state: state is needs_review [Hello, de]",
          "4:5: warning: unfinished-state: state is new [Hello, fr]",
        ])
  }

  @Test("format specifiers compare by position and class, count and substitution")
  func specifiers() throws {
    let text = catalog(
      "%@ has %lld items",
      "{ \"de\" : \(unit("%2$lld Dinge hat %1$@")), \"fr\" : \(unit("%@ a %@ objets")) }")
    #expect(
      try problems(text) == [
        "4:5: error: format-specifiers: format specifiers '%@ %@' differ from the source's '%@ %lld': argument 2 is object, the source's is integer [%@ has %lld items, fr]"
      ])
    #expect(
      try problems(catalog("%d of %d", "{ \"de\" : \(unit("%d")), \"fr\" : \(unit("%d sur %d %.2f")) }")) == [
        "4:5: error: format-specifiers: format specifiers '%d' differ from the source's '%d %d': argument 2 is missing [%d of %d, de]",
        "4:5: error: format-specifiers: format specifiers '%d %d %.2f' differ from the source's '%d %d': argument 3 is not in the source [%d of %d, fr]",
      ])
    #expect(
      try problems(catalog("100%% of %s", "{ \"de\" : \(unit("100%% von %s")), \"fr\" : \(unit("%1$s à 100%%")) }"))
        == [])
  }

  @Test("a plural variation needs other; a plural case may leave the count out")
  func plurals() throws {
    let german =
      "{ \"variations\" : { \"plural\" : { \"one\" : \(unit("Ein Ding")), \"other\" : \(unit("%lld Dinge")) } } }"
    let french =
      "{ \"variations\" : { \"plural\" : { \"one\" : \(unit("%lld objet")), \"many\" : \(unit("%@ objets")) } } }"
    #expect(
      try problems(catalog("%lld items", "{ \"de\" : \(german), \"fr\" : \(french) }")) == [
        "4:5: error: plural-without-other: plural variation has no 'other' case [%lld items, fr]",
        "4:5: error: format-specifiers: format specifiers '%@' differ from the source's '%lld': argument 1 is object, the source's is integer [%lld items, fr]",
      ])
  }

  @Test("substitutions referred to must be defined, and defined ones referred to")
  func substitutions() throws {
    let german = """
      { "stringUnit" : { "state" : "translated", "value" : "%#@files@ in %#@folders@" },
        "substitutions" : {
          "files" : { "argNum" : 1, "formatSpecifier" : "lld",
            "variations" : { "plural" : { "one" : \(unit("eine Datei")), "other" : \(unit("%arg Dateien")) } } },
          "spare" : { "argNum" : 2, "formatSpecifier" : "lld" } } }
      """
    let french = """
      { "stringUnit" : { "state" : "translated", "value" : "%#@files@ dans %#@folders@" },
        "substitutions" : {
          "files" : { "argNum" : 1, "formatSpecifier" : "lld",
            "variations" : { "plural" : { "other" : \(unit("%arg fichiers")) } } },
          "folders" : { "argNum" : 2, "formatSpecifier" : "lld",
            "variations" : { "plural" : { "other" : \(unit("%arg dossiers", "stale")) } } } } }
      """
    #expect(
      try problems(catalog("%#@files@ in %#@folders@", "{ \"de\" : \(german), \"fr\" : \(french) }")) == [
        "4:5: error: undefined-substitution: substitution 'folders' is referred to but not defined [%#@files@ in %#@folders@, de]",
        "4:5: warning: unused-substitution: substitution 'spare' is defined but not used [%#@files@ in %#@folders@, de]",
        "4:5: warning: unfinished-state: state is stale [%#@files@ in %#@folders@, fr]",
      ])
  }

  @Test("the specifier parser reads positions, flags, width, precision and lengths")
  func parser() {
    let specifiers = FormatSpecifier.parse("%1$@ %-5.2f %2$lld %% %#@n@ %'+08.3Lf %lu %c %p %%@ %")
    #expect(specifiers.map(\.text) == ["%1$@", "%-5.2f", "%2$lld", "%#@n@", "%'+08.3Lf", "%lu", "%c", "%p"])
    #expect(specifiers.map(\.argument) == [1, 2, 2, nil, 3, 4, 5, 6])
    #expect(
      specifiers.map(\.argumentClass) == [
        .object, .floatingPoint, .integer, nil, .floatingPoint, .integer, .character, .pointer,
      ])
    #expect(specifiers.map(\.substitution) == [nil, nil, nil, "n", nil, nil, nil, nil])
  }
}
