import PlistKit

/// One `.stringsdict` entry of one language as a catalog's localization, with notes on what
/// the catalog cannot hold.
struct StringsDictionaryEntryConverter {
  let key: String
  let language: String
  var notes: [LocalizationConversionNote] = []

  init(key: String, language: String) {
    self.key = key
    self.language = language
  }

  /// The localization: the variation itself when the format is one variable and nothing else,
  /// else the format as the text with a substitution for each plural variable.
  mutating func localization(of entry: StringsDictionary.Entry) -> StringCatalog.Localization {
    let specifiers = FormatSpecifier.parse(entry.format)
    let used = Set(specifiers.compactMap(\.substitution))
    for variable in entry.variables where !used.contains(variable.name) {
      note("the variable '\(variable.name)' is not used by the format '\(entry.format)' and is not kept")
    }
    if specifiers.count == 1, let name = specifiers[0].substitution, specifiers[0].text == entry.format,
      let variable = entry.variable(named: name), variable.rule == .plural || variable.rule == .device
    {
      if variable.rule == .plural { checkValueType(of: variable) }
      return StringCatalog.Localization(variations: variations(of: variable))
    }
    var text = entry.format
    var substitutions = KeyedList<StringCatalog.Substitution>()
    for (argument, specifier) in PluralVariable.arguments(of: specifiers) {
      guard let name = specifier.substitution else { continue }
      guard let variable = entry.variable(named: name) else {
        note("the format names the variable '\(name)', which the entry does not define; it is kept as text")
        continue
      }
      switch variable.rule {
      case .plural:
        guard substitutions[name] == nil else { continue }
        substitutions.elements.append(
          .init(
            key: name,
            value: StringCatalog.Substitution(
              argNum: argument,
              formatSpecifier: variable.valueType ?? PluralVariable.firstConversion(in: variable.cases.map(\.value)),
              variations: variations(of: variable))))
      case .device, .width, .other:
        let (kept, why) = fallback(for: variable)
        note("the \(why) '\(name)' inside a longer format is not kept; its text '\(kept)' is used")
        text = text.replacing(specifier.text, with: kept)
      }
    }
    return StringCatalog.Localization(
      stringUnit: .init(state: .translated, value: text), substitutions: substitutions.isEmpty ? nil : substitutions)
  }

  /// A plural variable's cases as a `plural` variation in CLDR's order, or a device variable's
  /// as a `device` variation in the file's.
  private mutating func variations(of variable: StringsDictionary.Variable) -> StringCatalog.Variations {
    var cases = KeyedList<StringCatalog.Localization>()
    if variable.rule == .plural {
      let known = Set(StringCatalog.PluralCategory.all.map(\.rawValue))
      for item in variable.cases where !known.contains(item.key) {
        note("'\(item.key)' of the variable '\(variable.name)' is no plural category and is not kept")
      }
      for category in StringCatalog.PluralCategory.all {
        if let text = variable.text(of: category.rawValue) {
          cases.elements.append(.init(key: category.rawValue, value: Self.unit(text)))
        }
      }
      return StringCatalog.Variations(plural: cases)
    }
    for item in variable.cases { cases.elements.append(.init(key: item.key, value: Self.unit(item.value))) }
    return StringCatalog.Variations(device: cases)
  }

  /// A catalog's plural has no value type: the export takes it from the texts, so a different
  /// one is a note.
  private mutating func checkValueType(of variable: StringsDictionary.Variable) {
    guard let valueType = variable.valueType else { return }
    // In CLDR's order, the order the export reads the catalog's plural in.
    let derived = PluralVariable.valueType(
      of: StringCatalog.PluralCategory.all.compactMap { variable.text(of: $0.rawValue) })
    if derived != valueType {
      note(
        "the value type '\(valueType)' of '\(variable.name)' is not kept: a catalog's plural has none, and '\(derived)' is taken from its texts"
      )
    }
  }

  /// The text that stands for a variable a catalog cannot hold inside a longer format: a
  /// device variable's `other` case, a width variable's widest.
  private func fallback(for variable: StringsDictionary.Variable) -> (text: String, why: String) {
    switch variable.rule {
    case .device: return (variable.text(of: "other") ?? variable.cases.last?.value ?? "", "device variation")
    case .width:
      let widest = variable.cases.max { (Int($0.key) ?? 0) < (Int($1.key) ?? 0) }
      return (widest?.value ?? "", "width variation")
    case .plural, .other:
      return (variable.text(of: "other") ?? variable.cases.last?.value ?? "", "variable of rule \(variable.rule.name)")
    }
  }

  private static func unit(_ text: String) -> StringCatalog.Localization {
    StringCatalog.Localization(stringUnit: .init(state: .translated, value: text))
  }

  private mutating func note(_ message: String) {
    notes.append(.init(key: key, language: language, message: message))
  }
}

/// What the two forms of a plural agree on for the variable a catalog's plural does not name.
enum PluralVariable {
  /// The variable's name in a `.stringsdict` format made from a catalog's plural.
  static let name = "count"

  /// The value type of a plural whose texts are `texts`: the specifier of the first argument
  /// they format, `lld` (what Xcode writes for Swift's `Int`) when none formats one.
  static func valueType(of texts: [String]) -> String {
    firstConversion(in: texts) ?? "lld"
  }

  /// The specifier of the first argument `texts` format, without `%` and its position (`lld`
  /// for `%1$lld`): the value type a `.stringsdict` variable gives; nil when none formats one.
  static func firstConversion(in texts: [String]) -> String? {
    for text in texts {
      guard let first = FormatSpecifier.parse(text).first(where: { $0.substitution == nil }) else { continue }
      let conversion = first.text.dropFirst()
      return String(conversion.firstIndex(of: "$").map { conversion[conversion.index(after: $0)...] } ?? conversion)
    }
    return nil
  }

  /// Each specifier of a `.stringsdict` format with the argument it takes, from 1: there a
  /// `%#@name@` variable takes the next argument, as any specifier does (in a catalog's text it
  /// names its substitution's `argNum` instead).
  static func arguments(of specifiers: [FormatSpecifier]) -> [(Int, FormatSpecifier)] {
    var next = 1
    return specifiers.map { specifier in
      // Only an explicit position (`%2$@`) is taken as given: the parser counts arguments as a
      // catalog does, without the variables.
      let argument = specifier.text.contains("$") ? specifier.argument ?? next : next
      next = argument + 1
      return (argument, specifier)
    }
  }
}
