import Sectioning
import Testing

/// Unicode-aware matching: case folding, canonical equivalence, diacritics, width, modes.
@Suite struct MatchingTests {
  /// The items of `items` that `term` finds.
  static func find(_ term: String, in items: [String], _ options: SearchOptions = .default) -> [String] {
    SectionedList(items: items, collation: nil).filtered(by: term, options: options).items
  }

  @Test func caseFoldingIsUnicodeNotASCII() {
    #expect(Self.find("straße", in: ["STRASSE", "Strasse", "Strase"]) == ["STRASSE", "Strasse"])
    #expect(Self.find("STRASSE", in: ["Straße", "straẞe"]) == ["Straße", "straẞe"])
    #expect(Self.find("σ", in: ["ΟΔΟΣ", "οδος", "abc"]) == ["ΟΔΟΣ", "οδος"])
    #expect(Self.find("ǆ", in: ["ǅemal", "Ǆ", "dž"]) == ["ǅemal", "Ǆ"])
    #expect(Self.find("ΜΆΪΟΣ", in: ["Μάιος", "μάϊος"]) == ["μάϊος"])
    #expect(Self.find("ÉCOLE", in: ["école", "ecole"]) == ["école"])
  }

  @Test func dotlessIStaysApartAsUnicodeCaseFoldingKeepsIt() {
    #expect(Self.find("i", in: ["ılık", "Istanbul", "İzmir"]) == ["Istanbul", "İzmir"])
  }

  @Test func canonicallyEquivalentFormsFindEachOther() {
    let composed = "Beyonc\u{E9}"
    let decomposed = "Beyonce\u{301}"
    #expect(Self.find("\u{E9}", in: [composed, decomposed, "Beyonce"]) == [composed, decomposed])
    #expect(Self.find("e\u{301}", in: [composed, decomposed, "Beyonce"]) == [composed, decomposed])
    #expect(Self.find("\u{C9}", in: [composed, decomposed]) == [composed, decomposed])
    // Hangul: precomposed syllables and conjoining jamo are the same text.
    #expect(Self.find("김밥", in: ["\u{1100}\u{1175}\u{11B7}\u{1107}\u{1161}\u{11B8}", "김치"]).count == 1)
    #expect(Self.find("\u{1100}\u{1175}\u{11B7}", in: ["김밥", "기린"]) == ["김밥"])
  }

  @Test func aMatchNeverEndsOrStartsInsideACharacter() {
    #expect(Self.find("cafe", in: ["café", "cafe\u{301}", "cafeteria"]) == ["cafeteria"])
    #expect(Self.find("기", in: ["김밥", "기린"]) == ["기린"])
    #expect(Self.find("\u{301}", in: ["café", "cafe"]) == ["café"])
    #expect(Self.find("e", in: ["é"]) == [])
  }

  @Test func diacriticInsensitiveMatching() {
    let options = SearchOptions(ignoresDiacritics: true)
    #expect(Self.find("e", in: ["é", "e\u{301}", "ê", "x"], options) == ["é", "e\u{301}", "ê"])
    #expect(Self.find("uber", in: ["Über", "uber", "Ü"], options) == ["Über", "uber"])
    #expect(Self.find("Ö", in: ["o", "ó", "p"], options) == ["o", "ó"])
    #expect(Self.find("e", in: ["é"]) == [])
  }

  @Test func widthInsensitiveMatching() {
    let options = SearchOptions(ignoresWidth: true)
    #expect(Self.find("abc", in: ["ＡＢＣ", "abc", "ａｂ"], options) == ["ＡＢＣ", "abc"])
    #expect(Self.find("ガ", in: ["ｶﾞｽ", "ｶｽ", "ガス"], options) == ["ｶﾞｽ", "ガス"])
    #expect(Self.find("abc", in: ["ＡＢＣ"]) == [])
  }

  @Test func prefixMode() {
    let options = SearchOptions(mode: .prefix)
    #expect(Self.find("mac", in: ["MacBook", "iMac", "Power Mac"], options) == ["MacBook"])
    #expect(Self.find("é", in: ["école", "Émile", "café"], options) == ["école", "Émile"])
  }

  @Test func wordPrefixMode() {
    let options = SearchOptions(mode: .wordPrefix)
    #expect(
      Self.find("mac", in: ["MacBook", "iMac", "Power Mac", "Power-mac", "Macintosh 128K"], options) == [
        "MacBook", "Power Mac", "Power-mac", "Macintosh 128K",
      ])
    #expect(Self.find("12", in: ["Macintosh 128K", "Lisa 2/10", "A12"], options) == ["Macintosh 128K"])
    #expect(Self.find("ock", in: ["Duo Dock", "Duo MiniDock"], options) == [])
    #expect(Self.find("밥", in: ["김 밥", "김밥"], options) == ["김 밥"])
    #expect(Self.find("lle", in: ["Noe\u{301}lle"], options) == [])
  }

  @Test func repeatedLettersFindTheirSecondOccurrence() {
    #expect(Self.find("ana", in: ["Banana", "Anna", "Bnana"]) == ["Banana", "Bnana"])
    #expect(Self.find("aab", in: ["aaab", "aab", "abab"]) == ["aaab", "aab"])
  }

  @Test func foldingProducesNFDCaseFoldedUTF8() {
    #expect(SearchFolding().key("ÀB") == Array("a\u{300}b".utf8))
    #expect(SearchFolding(ignoresDiacritics: true).key("ÀB") == Array("ab".utf8))
    #expect(SearchFolding(ignoresWidth: true).key("Ａ") == Array("a".utf8))
    #expect(SearchFolding().key("Hello, World") == Array("hello, world".utf8))
  }
}
