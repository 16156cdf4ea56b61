import StringCatalogs

/// The texts of a catalog, each at a place `KEY|LANGUAGE|variation path`: what a conversion to
/// `.strings`/`.stringsdict` files and back must keep, whatever it does to states and layout.
/// A string without a source-language localization has its key as its source text, as Xcode
/// reads it.
enum CatalogValues {
  static func of(_ catalog: StringCatalog) -> [String: String] {
    var values: [String: String] = [:]
    for element in catalog.strings {
      let localizations = element.value.localizations ?? KeyedList()
      if localizations[catalog.sourceLanguage] == nil {
        values["\(element.key)|\(catalog.sourceLanguage)|"] = element.key
      }
      for localization in localizations {
        add(localization.value, at: "\(element.key)|\(localization.key)|", to: &values)
      }
    }
    return values
  }

  private static func add(
    _ localization: StringCatalog.Localization, at place: String, to values: inout [String: String]
  ) {
    if let unit = localization.stringUnit { values[place] = unit.value }
    for (name, cases) in [("plural", localization.variations?.plural), ("device", localization.variations?.device)] {
      for item in cases ?? KeyedList() { add(item.value, at: place + "\(name).\(item.key)/", to: &values) }
    }
    for substitution in localization.substitutions ?? KeyedList() {
      let specifier = substitution.value.formatSpecifier.map { "%" + $0 } ?? "%arg"
      for item in substitution.value.variations?.plural ?? KeyedList() {
        var value = item.value
        // `%arg` is how a catalog names the substitution's own argument; a file names it by its specifier.
        if let text = value.stringUnit?.value { value.stringUnit?.value = text.replacing("%arg", with: specifier) }
        add(value, at: place + "\(substitution.key).plural.\(item.key)/", to: &values)
      }
    }
  }
}
