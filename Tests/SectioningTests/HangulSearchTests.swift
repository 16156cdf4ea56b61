import Sectioning
import Testing

/// Korean initial-consonant (choseong) search, on when the term has a consonant letter.
@Suite struct HangulSearchTests {
  static let menu = ["비빔밥", "김밥", "된장찌개", "김치찌개", "불고기", "떡볶이", "갈비", "KimBap 김밥"]

  static func find(_ term: String, _ options: SearchOptions = .default) -> [String] {
    MatchingTests.find(term, in: menu, options)
  }

  @Test func consonantsFindSyllablesWithThoseInitials() {
    #expect(Self.find("ㄱㅂ") == ["김밥", "갈비", "KimBap 김밥"])
    #expect(Self.find("ㄷㅈ") == ["된장찌개"])
    #expect(Self.find("ㅉㄱ") == ["된장찌개", "김치찌개"])
    #expect(Self.find("ㅂ") == ["비빔밥", "김밥", "불고기", "떡볶이", "갈비", "KimBap 김밥"])
  }

  @Test func mixedTermsMatchSyllableBySyllable() {
    #expect(Self.find("김ㅂ") == ["김밥", "KimBap 김밥"])
    #expect(Self.find("김ㅊ") == ["김치찌개"])
    #expect(Self.find("ㄱ치") == ["김치찌개"])
    #expect(Self.find("비ㅂ") == ["비빔밥"])
    #expect(Self.find("ap ㄱ") == ["KimBap 김밥"])
  }

  @Test func aDoubleConsonantIsItsOwnLetter() {
    #expect(Self.find("ㄸ") == ["떡볶이"])
    #expect(Self.find("ㄷ") == ["된장찌개"])
  }

  @Test func conjoiningInitialsAndHalfWidthLettersWorkToo() {
    #expect(Self.find("\u{1100}\u{1107}") == ["김밥", "갈비", "KimBap 김밥"])
    #expect(Self.find("ﾡﾲ", SearchOptions(ignoresWidth: true)) == ["김밥", "갈비", "KimBap 김밥"])
  }

  @Test func modesApplyToConsonantSearch() {
    #expect(Self.find("ㄱㅂ", SearchOptions(mode: .prefix)) == ["김밥", "갈비"])
    #expect(Self.find("ㄱㅂ", SearchOptions(mode: .wordPrefix)) == ["김밥", "갈비", "KimBap 김밥"])
    #expect(Self.find("ㅂㅂ", SearchOptions(mode: .wordPrefix)) == ["비빔밥"])
    #expect(Self.find("ㅂ", SearchOptions(mode: .prefix)) == ["비빔밥", "불고기"])
  }

  @Test func consonantSearchCanBeTurnedOff() {
    let literal = SearchOptions(matchesHangulInitials: false)
    #expect(Self.find("ㄱㅂ", literal) == [])
    #expect(MatchingTests.find("ㄱ", in: ["ㄱ 기역", "가"], literal) == ["ㄱ 기역"])
    #expect(MatchingTests.find("ㄱ", in: ["ㄱ 기역", "가"]) == ["ㄱ 기역", "가"])
  }

  @Test func finalConsonantsAreNotInitials() {
    // ㄳ only ever ends a syllable: it is matched as a letter, not as an initial.
    #expect(MatchingTests.find("ㄳ", in: ["몫", "ㄳ"]) == ["ㄳ"])
    #expect(Self.find("ㅁ") == [])
  }

  @Test func typingAKoreanWordNarrowsCorrectly() {
    // What an IME produces while typing 김밥: ㄱ, 기, 김, 김ㅂ, 김바, 김밥.
    var search = IncrementalSearch(list: SectionedList(items: Self.menu, collation: nil))
    let steps: [(String, [String])] = [
      ("ㄱ", ["김밥", "된장찌개", "김치찌개", "불고기", "갈비", "KimBap 김밥"]),
      ("기", ["불고기"]),
      ("김", ["김밥", "김치찌개", "KimBap 김밥"]),
      ("김ㅂ", ["김밥", "KimBap 김밥"]),
      ("김바", []),
      ("김밥", ["김밥", "KimBap 김밥"]),
      ("김", ["김밥", "김치찌개", "KimBap 김밥"]),
    ]
    for (term, expected) in steps {
      #expect(search.search(for: term).items == expected, "term \(term)")
    }
  }
}
