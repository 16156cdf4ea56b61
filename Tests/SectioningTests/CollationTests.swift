import Sectioning
import Testing

/// Section titles per language, as an index down the side of a list shows them.
@Suite struct CollationTests {
  static func sections(_ items: [String], _ collation: Collation) -> [String: [String]] {
    Dictionary(
      uniqueKeysWithValues: SectionedList(items: items, collation: collation).sections.map { ($0.title, $0.items) })
  }

  @Test func englishTitlesAreAToZThenHash() {
    #expect(Collation.en.titles == (0..<26).map { String(UnicodeScalar(UInt8(65 + $0))) } + ["#"])
  }

  @Test func englishPutsAccentedLettersWithTheirBase() {
    #expect(Collation.en.sectionTitle(for: "Éclair") == "E")
    #expect(Collation.en.sectionTitle(for: "e\u{301}clair") == "E")
    #expect(Collation.en.sectionTitle(for: "Æther") == "A")
    #expect(Collation.en.sectionTitle(for: "Øresund") == "O")
    #expect(Collation.en.sectionTitle(for: "ßeta") == "S")
    #expect(Collation.en.sectionTitle(for: "Ｚebra") == "Z")
    #expect(Collation.en.sectionTitle(for: "iMac") == "I")
    #expect(Collation.en.sectionTitle(for: "123") == "#")
    #expect(Collation.en.sectionTitle(for: "!bang") == "#")
    #expect(Collation.en.sectionTitle(for: "") == "#")
    #expect(Collation.en.sectionTitle(for: "김밥") == "#")
    #expect(Collation.en.sectionTitle(for: "Ωmega") == "#")
  }

  @Test func koreanTitlesAreTheBasicConsonantsThenLatinThenHash() {
    #expect(Collation.ko.titles.prefix(14).joined(separator: " ") == "ㄱ ㄴ ㄷ ㄹ ㅁ ㅂ ㅅ ㅇ ㅈ ㅊ ㅋ ㅌ ㅍ ㅎ")
    #expect(Collation.ko.titles.count == 14 + 26 + 1)
    #expect(Collation.ko.titles[14] == "A")
    #expect(Collation.ko.titles.last == "#")
  }

  @Test func koreanSectionsByInitialWithDoubleConsonantsUnderTheirBase() {
    let menu = ["비빔밥", "김밥", "된장찌개", "까치", "떡볶이", "빵", "쌈", "짜장면", "ㄱ", "Apple", "3", "漢字", "힣"]
    let sections = Self.sections(menu, .ko)
    #expect(sections["ㄱ"] == ["김밥", "까치", "ㄱ"])
    #expect(sections["ㄷ"] == ["된장찌개", "떡볶이"])
    #expect(sections["ㅂ"] == ["비빔밥", "빵"])
    #expect(sections["ㅅ"] == ["쌈"])
    #expect(sections["ㅈ"] == ["짜장면"])
    #expect(sections["ㅎ"] == ["힣"])
    #expect(sections["A"] == ["Apple"])
    #expect(sections["#"] == ["3", "漢字"])
    #expect(SectionedList(items: menu, collation: .ko).titles == ["ㄱ", "ㄷ", "ㅂ", "ㅅ", "ㅈ", "ㅎ", "A", "#"])
  }

  @Test func japaneseSectionsByKanaRow() {
    #expect(Collation.ja.titles.prefix(10).joined() == "あかさたなはまやらわ")
    let words = [
      "がっこう", "カメラ", "ｶﾒﾗ", "ぁ", "ヴ", "ん", "ぱん", "ピアノ", "ッ", "ゃ", "ヲ", "ヷ", "ㇱ", "ー", "漢字", "Tokyo",
    ]
    let sections = Self.sections(words, .ja)
    #expect(sections["あ"] == ["ぁ", "ヴ"])
    #expect(sections["か"] == ["がっこう", "カメラ", "ｶﾒﾗ"])
    #expect(sections["さ"] == ["ㇱ"])
    #expect(sections["た"] == ["ッ"])
    #expect(sections["は"] == ["ぱん", "ピアノ"])
    #expect(sections["や"] == ["ゃ"])
    #expect(sections["わ"] == ["ん", "ヲ", "ヷ"])
    #expect(sections["T"] == ["Tokyo"])
    #expect(sections["#"] == ["ー", "漢字"])
  }

  @Test func chineseSectionsByPinyinInitial() {
    let words = ["中国", "北京", "重庆", "张三", "李四", "漢字", "Apple", "1号"]
    let sections = Self.sections(words, .zh)
    #expect(sections["Z"] == ["中国", "张三"])
    #expect(sections["B"] == ["北京"])
    #expect(sections["C"] == ["重庆"])
    #expect(sections["L"] == ["李四"])
    #expect(sections["H"] == ["漢字"])
    #expect(sections["A"] == ["Apple"])
    #expect(sections["#"] == ["1号"])
  }

  @Test func aFlatListWithoutCollationIsOneUntitledSection() {
    let list = SectionedList(items: ["b", "a"], collation: nil)
    #expect(list.titles == [""])
    #expect(list.sections.map(\.items) == [["b", "a"]])
  }
}

@Suite struct ResectioningTests {
  @Test func aDictionaryIsResectionedByItsItemsFirstLetters() {
    let list = SectionedList(sectionsByTitle: [("X", ["김밥", "Anna", "3com"]), ("Y", ["된장", "Émile", "까치"])])
    let korean = list.resectioned(by: .ko)
    #expect(korean.titles == ["ㄱ", "ㄷ", "A", "E", "#"])
    #expect(korean.sections.map(\.items) == [["김밥", "까치"], ["된장"], ["Anna"], ["Émile"], ["3com"]])
    #expect(korean.texts == korean.items)
    #expect(korean.filtered(by: "ㄲ").items == ["까치"])
  }
}
