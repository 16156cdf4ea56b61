import PlistKit

/// A catalog's strings one at a time as the `.strings` and `.stringsdict` tables of each language.
struct LocalizationExportConverter {
  let sourceLanguage: String
  var strings = KeyedList<StringsTable>()
  var dictionaries = KeyedList<StringsDictionary>()
  var notes: [LocalizationConversionNote] = []
  /// How many `.strings` entries have been written, in every language.
  private var stringsEntries = 0

  init(sourceLanguage: String) {
    self.sourceLanguage = sourceLanguage
  }

  mutating func add(key: String, entry: StringCatalog.Entry) {
    if entry.shouldTranslate == false {
      notes.append(.init(key: key, message: "shouldTranslate false is not kept: .strings files have no such flag"))
    }
    if !entry.extraMembers.isEmpty {
      notes.append(
        .init(key: key, message: "the members \(StringCatalogExporter.list(entry.extraMembers.keys)) are not kept"))
    }
    let localizations = entry.localizations ?? KeyedList()
    let written = stringsEntries
    if localizations[sourceLanguage] == nil {
      // The key is the source text.
      append(.init(key: key, value: key, comment: entry.comment), to: sourceLanguage)
    }
    for element in localizations {
      add(key: key, language: element.key, localization: element.value, comment: entry.comment)
    }
    if entry.comment != nil && stringsEntries == written {
      notes.append(.init(key: key, message: "the comment is not kept: .stringsdict files have no comments"))
    }
  }

  private mutating func add(
    key: String, language: String, localization: StringCatalog.Localization, comment: String?
  ) {
    var place = NotePlace(key: key, language: language)
    defer { notes += place.notes }
    if !localization.extraMembers.isEmpty {
      place.note("the members \(StringCatalogExporter.list(localization.extraMembers.keys)) are not kept")
    }
    if let substitutions = localization.substitutions, !substitutions.isEmpty {
      guard let unit = localization.stringUnit else {
        place.note("substitutions without a text are not kept")
        return
      }
      place.check(unit)
      if localization.variations != nil { place.note("variations beside substitutions are not kept") }
      var variables: [StringsDictionary.Variable] = []
      for element in substitutions {
        variables.append(place.variable(named: element.key, substitution: element.value))
      }
      appendDictionaryEntry(.init(key: key, format: unit.value, variables: variables), to: language)
    } else if let variations = localization.variations, variations.plural != nil || variations.device != nil {
      if localization.stringUnit != nil { place.note("the text beside the variations is not kept") }
      if !variations.extraMembers.isEmpty {
        place.note("the variations \(StringCatalogExporter.list(variations.extraMembers.keys)) are not kept")
      }
      let variable: StringsDictionary.Variable
      if let device = variations.device {
        if variations.plural != nil { place.note("a plural variation beside a device variation is not kept") }
        variable = place.deviceVariable(device)
      } else {
        variable = place.pluralVariable(named: PluralVariable.name, variations.plural!, specifier: nil)
      }
      appendDictionaryEntry(
        .init(key: key, format: "%#@\(variable.name)@", variables: [variable]), to: language)
    } else if let unit = localization.stringUnit {
      place.check(unit)
      append(.init(key: key, value: unit.value, comment: comment), to: language)
    } else {
      place.note("a localization without a text is not kept")
    }
  }

  private mutating func append(_ entry: StringsTable.Entry, to language: String) {
    var table = strings[language] ?? StringsTable()
    strings[language] = nil
    table.entries.append(entry)
    strings[language] = table
    stringsEntries += 1
  }

  private mutating func appendDictionaryEntry(_ entry: StringsDictionary.Entry, to language: String) {
    var table = dictionaries[language] ?? StringsDictionary()
    dictionaries[language] = nil
    table.entries.append(entry)
    dictionaries[language] = table
  }
}

/// The notes of one string in one language, and the pieces of its `.stringsdict` entry.
private struct NotePlace {
  let key: String
  let language: String
  var notes: [LocalizationConversionNote] = []

  mutating func note(_ message: String) {
    notes.append(.init(key: key, language: language, message: message))
  }

  /// Notes a state other than translated, which a file cannot say.
  mutating func check(_ unit: StringCatalog.StringUnit, in place: String = "") {
    if unit.state != .translated {
      note("the state \(unit.state)\(place) is not kept: .strings and .stringsdict files have no states")
    }
    if !unit.extraMembers.isEmpty {
      note("the members \(StringCatalogExporter.list(unit.extraMembers.keys))\(place) are not kept")
    }
  }

  /// A substitution as a plural variable of the format.
  mutating func variable(named name: String, substitution: StringCatalog.Substitution) -> StringsDictionary.Variable {
    if !substitution.extraMembers.isEmpty {
      note("the members \(StringCatalogExporter.list(substitution.extraMembers.keys)) of '\(name)' are not kept")
    }
    guard let plural = substitution.variations?.plural else {
      note("the substitution '\(name)' has no plural variation; it is written with none")
      return .init(name: name, rule: .plural, valueType: substitution.formatSpecifier, cases: KeyedList())
    }
    if substitution.variations?.device != nil { note("the device variation of '\(name)' is not kept") }
    return pluralVariable(named: name, plural, specifier: substitution.formatSpecifier)
  }

  /// Plural cases as a variable, in CLDR's order; `%arg` (a substitution's own argument) is
  /// written as the specifier, since a `.stringsdict` text names it so.
  mutating func pluralVariable(
    named name: String, _ plural: KeyedList<StringCatalog.Localization>, specifier: String?
  ) -> StringsDictionary.Variable {
    var texts: [(String, String)] = []
    let ordered =
      StringCatalog.PluralCategory.all.compactMap { category in
        plural[category.rawValue].map { (category.rawValue, $0) }
      }
      + plural.filter { item in !StringCatalog.PluralCategory.all.contains { $0.rawValue == item.key } }.map {
        ($0.key, $0.value)
      }
    for (category, localization) in ordered {
      texts.append((category, text(of: localization, in: " of \(name).\(category)")))
    }
    let valueType = specifier ?? PluralVariable.valueType(of: texts.map(\.1))
    var argument = false
    let cases = texts.map { (category, text) in
      let replaced = text.replacing("%arg", with: "%" + valueType)
      if replaced != text { argument = true }
      return KeyedList<String>.Element(key: category, value: replaced)
    }
    if argument { note("'%arg' in the texts of '\(name)' is written as '%\(valueType)'") }
    return .init(name: name, rule: .plural, valueType: valueType, cases: KeyedList(cases))
  }

  /// Device cases as a variable (`NSStringDeviceSpecificRuleType`).
  mutating func deviceVariable(_ device: KeyedList<StringCatalog.Localization>) -> StringsDictionary.Variable {
    let cases = device.map { element in
      KeyedList<String>.Element(key: element.key, value: text(of: element.value, in: " of device.\(element.key)"))
    }
    return .init(name: "device", rule: .device, cases: KeyedList(cases))
  }

  /// The text of one case: its string unit, or for a case that varies in turn its `other`.
  private mutating func text(of localization: StringCatalog.Localization, in place: String) -> String {
    if let unit = localization.stringUnit {
      check(unit, in: place)
      if localization.variations != nil { note("the variations\(place) are not kept") }
      return unit.value
    }
    if let other = localization.variations?.plural?["other"]?.stringUnit {
      note("the plural variation\(place) is not kept; its 'other' text is used")
      check(other, in: place)
      return other.value
    }
    note("a case without a text\(place) is written empty")
    return ""
  }
}
