import StringCatalogs

/// A deterministic xorshift64* generator: the same seed makes the same catalogs, so a failing
/// seed can be replayed.
struct Xorshift: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed == 0 ? 0x2545_F491_4F6C_DD1D : seed }
  mutating func next() -> UInt64 {
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return state &* 0x2545_F491_4F6C_DD1D
  }
}

/// Random String Catalogs of what `.strings` and `.stringsdict` files can hold: translated
/// texts, comments, plural and device variations, substitutions; in the form the importer makes
/// (extraction state `migrated`, languages the source first, no source localization that only
/// repeats its key), so that export then import must give the catalog back.
struct RandomCatalogs {
  var random: Xorshift
  static let pieces = [
    "a", "b", "Z", " ", "\"", "\\", "\n", "\t", "é", "😀", "%@", "%lld", "=", ";", "/*", "ü", "{", "(", "日本",
  ]
  static let languages = ["en", "de", "fr", "ja", "pt-BR"]
  static let devices = ["iphone", "ipad", "mac", "applewatch", "other"]

  init(seed: UInt64) { random = Xorshift(seed: seed) }

  mutating func text(minimum: Int = 0, specifiers: Bool = true) -> String {
    let pieces = specifiers ? Self.pieces : Self.pieces.filter { !$0.contains("%") }
    return (0..<Int.random(in: minimum...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }
      .joined()
  }

  /// A comment as the reader gives one back: no `*/`, nothing blank at either end.
  mutating func comment() -> String? {
    guard Bool.random(using: &random) else { return nil }
    return "c" + text().replacing("*/", with: "") + "c"
  }

  mutating func unit() -> StringCatalog.Localization {
    StringCatalog.Localization(stringUnit: .init(state: .translated, value: text()))
  }

  mutating func plural() -> KeyedList<StringCatalog.Localization> {
    var cases = KeyedList<StringCatalog.Localization>()
    for category in StringCatalog.PluralCategory.all where category == .other || Bool.random(using: &random) {
      cases.elements.append(.init(key: category.rawValue, value: unit()))
    }
    return cases
  }

  mutating func localization(key: String, isSource: Bool) -> StringCatalog.Localization? {
    switch Int.random(in: 0..<5, using: &random) {
    case 0:
      return .init(variations: .init(plural: plural()))
    case 1:
      var cases = KeyedList<StringCatalog.Localization>()
      for device in Self.devices where device == "other" || Bool.random(using: &random) {
        cases.elements.append(.init(key: device, value: unit()))
      }
      return .init(variations: .init(device: cases))
    case 2:
      // Substitutions in the order the format names them, each with its argument's number.
      // Free text without specifiers, so that the arguments are the ones counted here.
      var format = text(specifiers: false)
      var substitutions = KeyedList<StringCatalog.Substitution>()
      var argument = 1
      for name in ["n", "m"].prefix(Int.random(in: 1...2, using: &random)) {
        if Bool.random(using: &random) {
          format += " %@"
          argument += 1
        }
        format += " %#@\(name)@" + text(specifiers: false)
        substitutions.elements.append(
          .init(
            key: name,
            value: .init(
              argNum: argument, formatSpecifier: ["lld", "d", "@"].randomElement(using: &random)!,
              variations: .init(plural: plural()))))
        argument += 1
      }
      return .init(stringUnit: .init(state: .translated, value: format), substitutions: substitutions)
    default:
      var value = unit()
      if isSource && value.stringUnit?.value == key { value.stringUnit?.value += "!" }
      return value
    }
  }

  mutating func catalog() -> StringCatalog {
    var catalog = StringCatalog(sourceLanguage: "en")
    var keys: [String] = []
    for _ in 0..<Int.random(in: 1...12, using: &random) {
      let key = text(minimum: 1)
      guard !keys.contains(where: { $0.utf8.elementsEqual(key.utf8) }) else { continue }
      keys.append(key)
      var localizations = KeyedList<StringCatalog.Localization>()
      for language in Self.languages where Bool.random(using: &random) {
        if let localization = localization(key: key, isSource: language == "en") {
          localizations.elements.append(.init(key: language, value: localization))
        }
      }
      // Only `.strings` files hold comments: an entry written to none keeps none (and is noted).
      let inStrings =
        localizations["en"] == nil
        || localizations.contains { $0.value.variations == nil && $0.value.substitutions == nil }
      catalog.strings.elements.append(
        .init(
          key: key,
          value: .init(
            comment: inStrings ? comment() : nil, extractionState: .migrated, localizations: localizations)))
    }
    return catalog
  }
}
