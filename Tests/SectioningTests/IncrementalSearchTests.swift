import Sectioning
import Testing

/// Narrowing must give exactly what a fresh search gives, whichever path the engine takes.
@Suite struct IncrementalSearchTests {
  static let words = [
    "Anna", "anne-marie", "Zoë", "Zoe\u{308}", "ZOE", "café", "cafe\u{301}", "Cafeteria", "김밥", "김치", "된장찌개",
    "Straße", "STRASSE", "naïve", "Ｎａｉｖｅ", "ｶﾞｽ", "ガス", "Émile Zola", "emile", "Power Mac G4", "iMac",
  ]
  static let list = SectionedList(items: words, collation: .en)

  static let optionSets: [SearchOptions] = [
    .default, SearchOptions(mode: .prefix), SearchOptions(mode: .wordPrefix),
    SearchOptions(ignoresDiacritics: true), SearchOptions(ignoresWidth: true),
    SearchOptions(mode: .wordPrefix, ignoresDiacritics: true, ignoresWidth: true),
  ]

  static let typedTerms = [
    "zoe", "zoë", "Zoe\u{308}", "cafe", "café", "cafe\u{301}t", "ㄱㅂ", "김ㅂ", "김밥", "strasse", "straß", "naive", "ｶﾞ",
    "ガ", "emile z", "mac", "ma",
  ]

  @Test(arguments: optionSets)
  func typingEachTermMatchesAFreshSearch(options: SearchOptions) {
    var search = IncrementalSearch(list: Self.list, options: options)
    for term in Self.typedTerms {
      var typed = ""
      for character in term.unicodeScalars {
        typed.unicodeScalars.append(character)
        let incremental = search.search(for: typed)
        let fresh = Self.list.filtered(by: typed, options: options)
        #expect(incremental.items == fresh.items, "\(typed) \(options)")
        #expect(incremental.titles == fresh.titles, "\(typed) \(options)")
      }
      // Deleting back to nothing goes through the kept results.
      while !typed.isEmpty {
        typed.unicodeScalars.removeLast()
        #expect(search.search(for: typed).items == Self.list.filtered(by: typed, options: options).items)
      }
    }
  }

  @Test(arguments: optionSets)
  func narrowingAFewCandidatesEqualsScanningAll(options: SearchOptions) {
    let keys = SearchKeys(Self.list.texts, folding: options.folding)
    let few: [Int32] = [0, 3, 5, 8, 13]
    for term in Self.typedTerms {
      let pattern = SearchPattern(term, options: options)
      let all = keys.matches(pattern)
      #expect(keys.matches(pattern, among: few) == all.filter(few.contains), "\(term)")
      for index in 0..<keys.count {
        #expect(keys.matches(pattern, at: index) == all.contains(Int32(index)), "\(term) at \(index)")
      }
    }
  }

  @Test func aLongerTermNarrowsOnlyByWholeCharacters() {
    #expect(SearchPattern("caf").narrows(SearchPattern("ca")))
    #expect(!SearchPattern("cafe\u{301}").narrows(SearchPattern("cafe")))
    #expect(!SearchPattern("김").narrows(SearchPattern("기")))
    #expect(SearchPattern("김ㅂ").narrows(SearchPattern("김")))
    #expect(!SearchPattern("ca", options: SearchOptions(mode: .prefix)).narrows(SearchPattern("c")))
    #expect(!SearchPattern("ab").narrows(SearchPattern("b")))
  }

  @Test func theResultStartsAndResetsToEverything() {
    var search = IncrementalSearch(list: Self.list)
    #expect(search.result.count == Self.words.count)
    search.search(for: "zoe")
    #expect(search.result.items == ["ZOE"])
    #expect(search.reset().count == Self.words.count)
    #expect(search.term == "")
  }
}
