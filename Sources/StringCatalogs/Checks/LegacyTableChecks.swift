import PlistKit

extension StringsTable {
  /// The problems of the `.strings` file in `bytes`: each key it holds again, at the place it
  /// repeats (an error: the loader keeps the last value, and the earlier translation is lost
  /// without a word).
  ///
  /// - Throws: the OpenStep reader's error for a file it refuses.
  public static func check(bytes: [UInt8]) throws(PropertyListError) -> [StringCatalogProblem] {
    try repeatedKeys(in: bytes).map { repeated in
      var place: (line: Int, column: Int)?
      if case .text(let line, let column) = repeated.repeated { place = (line, column) }
      return StringCatalogProblem(
        severity: .error, kind: .repeatedKey, key: repeated.key, language: nil, message: repeated.message,
        line: place?.line, column: place?.column)
    }
  }
}

extension StringsDictionary {
  /// The problems of the `.stringsdict` file in `bytes`, at the line and column of each entry's
  /// key when the file is text: a `%#@name@` (in the format or in a case's text) that names no
  /// variable of the entry, and a plural rule without `other` (errors, as the catalog's
  /// undefined substitutions and plurals without `other` are); a variable nothing refers to (a
  /// warning).
  ///
  /// - Throws: the reader's error for a file it refuses, or the key path of what is not a
  ///   `.stringsdict` table.
  public static func check(bytes: [UInt8]) throws(PropertyListError) -> [StringCatalogProblem] {
    let table = try StringsDictionary(bytes: bytes)
    let places = bytes.withUnsafeBytes { EntryKeyLocator.topLevelLocations(in: $0) }
    var problems: [StringCatalogProblem] = []
    for entry in table.entries {
      func report(_ severity: StringCatalogProblem.Severity, _ kind: StringCatalogProblem.Kind, _ message: String) {
        let place = places[Array(entry.key.utf8)]
        problems.append(
          StringCatalogProblem(
            severity: severity, kind: kind, key: entry.key, language: nil, message: message, line: place?.line,
            column: place?.column))
      }
      var referenced: [String] = []
      for text in [entry.format] + entry.variables.flatMap({ $0.cases.map(\.value) }) {
        for name in FormatSpecifier.parse(text).compactMap(\.substitution) where !referenced.contains(name) {
          referenced.append(name)
        }
      }
      for name in referenced where entry.variable(named: name) == nil {
        report(.error, .undefinedSubstitution, "variable '\(name)' is referred to but not defined")
      }
      for variable in entry.variables {
        if !referenced.contains(variable.name) {
          report(.warning, .unusedSubstitution, "variable '\(variable.name)' is defined but not used")
        }
        if variable.rule == .plural, variable.text(of: "other") == nil {
          report(.error, .pluralWithoutOther, "plural rule of '\(variable.name)' has no 'other' case")
        }
      }
    }
    return problems
  }
}
