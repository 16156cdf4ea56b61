import PlistKit

extension StringCatalog {
  /// The problems of the catalog, string by string in the catalog's order: missing
  /// translations, unfinished states, format specifiers that differ from the source's, plural
  /// variations without `other`, substitutions referred to and not defined or defined and not
  /// referred to (see ``StringCatalogProblem/Kind``).
  ///
  /// A string with `"shouldTranslate" : false` is not checked. The languages a string should
  /// have are every language any string of the catalog has, but the source language: a string
  /// extracted from code has its source text in its key.
  public func check() -> [StringCatalogProblem] {
    var checker = CatalogChecker(sourceLanguage: sourceLanguage, languages: translationLanguages)
    for element in strings where element.value.isTranslatable {
      checker.check(key: element.key, entry: element.value)
    }
    return checker.problems
  }

  /// Like ``check()``, with each problem's ``StringCatalogProblem/line`` and
  /// ``StringCatalogProblem/column``: where its string's key is in `bytes`, the file this
  /// catalog was read from.
  public func check(locatingIn bytes: [UInt8]) -> [StringCatalogProblem] {
    var problems = check()
    guard !problems.isEmpty else { return problems }
    let places = bytes.withUnsafeBytes { EntryKeyLocator.locations(in: $0) }
    for index in problems.indices {
      if let place = places[Array(problems[index].key.utf8)] {
        problems[index].line = place.line
        problems[index].column = place.column
      }
    }
    return problems
  }

  /// Reads the catalog in `bytes` and checks it (see ``check()``), each problem with the line
  /// and column of its string's key, found in the same read.
  ///
  /// - Throws: `PropertyListError` as `init(bytes:limits:)` does.
  public static func check(
    bytes: UnsafeRawBufferPointer, limits: PropertyListLimits = .default
  ) throws(PropertyListError) -> (catalog: StringCatalog, problems: [StringCatalogProblem]) {
    let (catalog, places) = try decode(bytes, limits: limits, locatesEntries: true)
    var problems = catalog.check()
    for index in problems.indices {
      if let place = places[Array(problems[index].key.utf8)] {
        problems[index].line = place.line
        problems[index].column = place.column
      }
    }
    return (catalog, problems)
  }

  /// Every language with a localization in any string, but the source language, in the order
  /// they first occur.
  public var translationLanguages: [String] {
    var seen = Set<[UInt8]>()
    var languages: [String] = []
    for entry in strings {
      for localization in entry.value.localizations ?? KeyedList()
      where !localization.key.utf8.elementsEqual(sourceLanguage.utf8)
        && seen.insert(Array(localization.key.utf8)).inserted
      {
        languages.append(localization.key)
      }
    }
    return languages
  }
}
