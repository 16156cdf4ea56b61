/// The checks of ``StringCatalog/check()``, one string at a time.
struct CatalogChecker {
  let sourceLanguage: String
  let languages: [String]
  private(set) var problems: [StringCatalogProblem] = []

  init(sourceLanguage: String, languages: [String]) {
    self.sourceLanguage = sourceLanguage
    self.languages = languages
  }

  /// The states that mean work is left.
  private static let unfinished: Set<String> = ["new", "needs_review", "stale"]

  mutating func check(key: String, entry: StringCatalog.Entry) {
    let localizations = entry.localizations ?? KeyedList()
    let source = localizations[sourceLanguage]
    // The source's specifiers: its own text, or the key when the key is the text.
    let sourceText = source.flatMap(Self.representativeText) ?? key
    let sourceSpecifiers = FormatSpecifier.parse(sourceText)
    // Language codes are ASCII: a set of them is safe from canonical equivalence.
    var translated = Set<String>(minimumCapacity: localizations.count)
    for element in localizations where Self.hasText(element.value) { translated.insert(element.key) }
    for language in languages where !translated.contains(language) {
      report(.warning, .missingTranslation, key, language, "no translation")
    }
    for element in localizations {
      let language = element.key
      let isSource = language.utf8.elementsEqual(sourceLanguage.utf8)
      check(
        element.value, key: key, language: language, isSource: isSource, sourceSpecifiers: sourceSpecifiers,
        inPlural: false)
      checkSubstitutions(element.value, key: key, language: language)
    }
  }

  /// A localization's texts, its variations' and its substitutions', each against the source.
  private mutating func check(
    _ localization: StringCatalog.Localization, key: String, language: String, isSource: Bool,
    sourceSpecifiers: [FormatSpecifier], inPlural: Bool
  ) {
    if let unit = localization.stringUnit {
      if !isSource, Self.unfinished.contains(unit.state.rawValue) {
        report(.warning, .unfinishedState, key, language, "state is \(unit.state.rawValue)")
      }
      if !isSource {
        compare(unit.value, with: sourceSpecifiers, key: key, language: language, inPlural: inPlural)
      }
    }
    if let variations = localization.variations {
      check(variations, key: key, language: language, isSource: isSource, sourceSpecifiers: sourceSpecifiers)
    }
    for substitution in localization.substitutions ?? KeyedList() {
      guard let variations = substitution.value.variations else { continue }
      // A substitution's texts hold its own argument, not the string's: only their states
      // and plural cases are checked.
      check(variations, key: key, language: language, isSource: isSource, sourceSpecifiers: nil)
    }
  }

  private mutating func check(
    _ variations: StringCatalog.Variations, key: String, language: String, isSource: Bool,
    sourceSpecifiers: [FormatSpecifier]?
  ) {
    if let plural = variations.plural {
      if plural.index(forKey: "other") == nil {
        report(.error, .pluralWithoutOther, key, language, "plural variation has no 'other' case")
      }
      for element in plural {
        checkCase(element.value, key, language, isSource, sourceSpecifiers, inPlural: true)
      }
    }
    for element in variations.device ?? KeyedList() {
      checkCase(element.value, key, language, isSource, sourceSpecifiers, inPlural: false)
    }
  }

  private mutating func checkCase(
    _ localization: StringCatalog.Localization, _ key: String, _ language: String, _ isSource: Bool,
    _ sourceSpecifiers: [FormatSpecifier]?, inPlural: Bool
  ) {
    if let sourceSpecifiers {
      check(
        localization, key: key, language: language, isSource: isSource, sourceSpecifiers: sourceSpecifiers,
        inPlural: inPlural)
    } else {
      // Inside a substitution: the state alone.
      if !isSource, let unit = localization.stringUnit, Self.unfinished.contains(unit.state.rawValue) {
        report(.warning, .unfinishedState, key, language, "state is \(unit.state.rawValue)")
      }
      if let variations = localization.variations {
        check(variations, key: key, language: language, isSource: isSource, sourceSpecifiers: nil)
      }
    }
  }

  /// A translation's specifiers against the source's: the same argument classes at the same
  /// positions, as many specifiers, the same substitutions. A plural case may leave the count
  /// out (`one` is often "One item"), so there only a specifier the source lacks, or of
  /// another class, is wrong.
  private mutating func compare(
    _ text: String, with source: [FormatSpecifier], key: String, language: String, inPlural: Bool
  ) {
    let translation = FormatSpecifier.parse(text)
    let sourceArguments = Self.arguments(source)
    let translationArguments = Self.arguments(translation)
    var differences: [String] = []
    for (argument, argumentClass) in translationArguments.sorted(by: { $0.key < $1.key }) {
      guard let expected = sourceArguments[argument] else {
        differences.append("argument \(argument) is not in the source")
        continue
      }
      if expected != argumentClass {
        differences.append("argument \(argument) is \(argumentClass.rawValue), the source's is \(expected.rawValue)")
      }
    }
    if !inPlural {
      for argument in sourceArguments.keys.sorted() where translationArguments[argument] == nil {
        differences.append("argument \(argument) is missing")
      }
      let sourceNames = Set(source.compactMap(\.substitution))
      let names = Set(translation.compactMap(\.substitution))
      if sourceNames != names, !sourceNames.isEmpty || !names.isEmpty {
        let missing = sourceNames.subtracting(names).sorted()
        let extra = names.subtracting(sourceNames).sorted()
        if !missing.isEmpty { differences.append("substitution \(missing.joined(separator: ", ")) is missing") }
        if !extra.isEmpty { differences.append("substitution \(extra.joined(separator: ", ")) is not in the source") }
      }
    }
    let sourceCount = source.count { $0.argument != nil }
    let count = translation.count { $0.argument != nil }
    if differences.isEmpty, !inPlural, sourceCount != count {
      differences.append("\(count) specifiers, the source has \(sourceCount)")
    }
    guard !differences.isEmpty else { return }
    let written = translation.map(\.text).joined(separator: " ")
    let expected = source.map(\.text).joined(separator: " ")
    report(
      .error, .formatSpecifiers, key, language,
      "format specifiers '\(written)' differ from the source's '\(expected)': \(differences.joined(separator: "; "))")
  }

  /// References to substitutions that are not defined, and substitutions nothing refers to.
  private mutating func checkSubstitutions(_ localization: StringCatalog.Localization, key: String, language: String) {
    var referenced = Set<String>()
    Self.forEachText(localization) { text in
      for specifier in FormatSpecifier.parse(text) {
        if let name = specifier.substitution { referenced.insert(name) }
      }
    }
    let defined = localization.substitutions ?? KeyedList()
    for name in referenced.sorted() where defined.index(forKey: name) == nil {
      report(.error, .undefinedSubstitution, key, language, "substitution '\(name)' is referred to but not defined")
    }
    for element in defined where !referenced.contains(element.key) {
      report(.warning, .unusedSubstitution, key, language, "substitution '\(element.key)' is defined but not used")
    }
  }

  // MARK: - Texts

  /// Every text of a localization and of its variations and substitutions.
  private static func forEachText(_ localization: StringCatalog.Localization, _ body: (String) -> Void) {
    if let unit = localization.stringUnit { body(unit.value) }
    let cases =
      (localization.variations?.plural ?? KeyedList()).elements
      + (localization.variations?.device ?? KeyedList()).elements
    for element in cases { forEachText(element.value, body) }
    for substitution in localization.substitutions ?? KeyedList() {
      let cases = substitution.value.variations?.plural?.elements ?? []
      for element in cases { forEachText(element.value, body) }
    }
  }

  /// The text that stands for a localization: its string unit's, or its `other` case's.
  private static func representativeText(_ localization: StringCatalog.Localization) -> String? {
    if let unit = localization.stringUnit { return unit.value }
    if let other = localization.variations?.plural?["other"] { return representativeText(other) }
    if let other = localization.variations?.device?["other"] { return representativeText(other) }
    return localization.variations?.device?.first.flatMap { representativeText($0.value) }
  }

  private static func hasText(_ localization: StringCatalog.Localization) -> Bool {
    localization.stringUnit != nil || localization.variations != nil
  }

  /// The class of each argument the specifiers format (the first specifier's for an argument
  /// formatted twice).
  private static func arguments(_ specifiers: [FormatSpecifier]) -> [Int: FormatSpecifier.ArgumentClass] {
    var arguments: [Int: FormatSpecifier.ArgumentClass] = [:]
    for specifier in specifiers {
      if let argument = specifier.argument, let argumentClass = specifier.argumentClass, arguments[argument] == nil {
        arguments[argument] = argumentClass
      }
    }
    return arguments
  }

  private mutating func report(
    _ severity: StringCatalogProblem.Severity, _ kind: StringCatalogProblem.Kind, _ key: String, _ language: String?,
    _ message: String
  ) {
    problems.append(
      StringCatalogProblem(severity: severity, kind: kind, key: key, language: language, message: message))
  }
}
