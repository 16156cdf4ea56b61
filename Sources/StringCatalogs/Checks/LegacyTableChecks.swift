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
    let places = keyPlaces(bytes)
    var problems: [StringCatalogProblem] = []
    for entry in table.entries {
      func report(_ severity: StringCatalogProblem.Severity, _ kind: StringCatalogProblem.Kind, _ message: String) {
        let place = places[entry.key]
        problems.append(
          StringCatalogProblem(
            severity: severity, kind: kind, key: entry.key, language: nil, message: message, line: place?.line,
            column: place?.column))
      }
      var referenced: [String] = []
      for text in [entry.format] + entry.variables.flatMap({ $0.cases.map(\.text) }) {
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

  /// The line and column of each top-level key of a text `.stringsdict` (XML or OpenStep), its
  /// first place; empty for a binary file, whose problems then have no place.
  private static func keyPlaces(_ bytes: [UInt8]) -> [String: (line: Int, column: Int)] {
    var sink = TopLevelKeyLocator()
    _ = try? bytes.withRawBytes { (buffer) throws(PropertyListError) in
      try PropertyList.read(bytes: buffer, format: nil, options: .default, into: &sink)
    }
    return sink.places
  }
}

/// Where each key of the top-level dictionary is, read from the reader's events.
private struct TopLevelKeyLocator: PropertyListEventSink {
  private var locator = PropertyListLocator.none
  private var cursor: TextPosition.Cursor?
  private var depth = 0
  /// The first place of each key.
  private(set) var places: [String: (line: Int, column: Int)] = [:]

  mutating func start(locator: PropertyListLocator) { self.locator = locator }
  mutating func beginArray() throws(PropertyListError) { depth += 1 }
  mutating func beginDictionary() throws(PropertyListError) { depth += 1 }
  mutating func endArray() throws(PropertyListError) { depth -= 1 }
  mutating func endDictionary() throws(PropertyListError) { depth -= 1 }
  mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {}
  mutating func scalar(_ value: PropertyList) throws(PropertyListError) {}

  mutating func key(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
    guard depth == 1 else { return }
    let key = String(decoding: utf8, as: UTF8.self)
    if places[key] == nil, case .text(let line, let column) = locator.location(of: locator.position, after: &cursor) {
      places[key] = (line, column)
    }
  }
}
