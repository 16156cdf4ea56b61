import PlistKit
import StringCatalogs
import Testing

/// The checks of `.strings` and `.stringsdict` files, with the place of each problem.
@Suite("Checks of .strings and .stringsdict files")
struct LegacyCheckTests {
  @Test("a .strings file's repeated key is an error at the place it repeats")
  func repeatedKeys() throws {
    let text = "/* Title */\n\"title\" = \"One\";\n\"done\" = \"Done\";\n  \"title\" = \"Two\";\n"
    let problems = try StringsTable.check(bytes: Array(text.utf8))
    #expect(
      problems == [
        StringCatalogProblem(
          severity: .error, kind: .repeatedKey, key: "title", language: nil,
          message: "key 'title' repeats (first at line 2, column 1); the last value is kept", line: 4, column: 3)
      ])
    #expect(try StringsTable.check(bytes: Array("\"a\" = \"1\";\n\"b\" = \"2\";\n".utf8)).isEmpty)
  }

  /// A `.stringsdict` of three entries: one right, one naming a variable it lacks and leaving
  /// one unused, one whose plural has no `other`.
  static let stringsdict = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>files</key>
    \t<dict>
    \t\t<key>NSStringLocalizedFormatKey</key>
    \t\t<string>%1$#@count@ in %2$#@folders@</string>
    \t\t<key>count</key>
    \t\t<dict>
    \t\t\t<key>NSStringFormatSpecTypeKey</key>
    \t\t\t<string>NSStringPluralRuleType</string>
    \t\t\t<key>NSStringFormatValueTypeKey</key>
    \t\t\t<string>d</string>
    \t\t\t<key>one</key>
    \t\t\t<string>%d file</string>
    \t\t\t<key>other</key>
    \t\t\t<string>%d files</string>
    \t\t</dict>
    \t\t<key>folders</key>
    \t\t<dict>
    \t\t\t<key>NSStringFormatSpecTypeKey</key>
    \t\t\t<string>NSStringPluralRuleType</string>
    \t\t\t<key>NSStringFormatValueTypeKey</key>
    \t\t\t<string>d</string>
    \t\t\t<key>other</key>
    \t\t\t<string>%d folders</string>
    \t\t</dict>
    \t</dict>
    \t<key>items</key>
    \t<dict>
    \t\t<key>NSStringLocalizedFormatKey</key>
    \t\t<string>%#@things@</string>
    \t\t<key>count</key>
    \t\t<dict>
    \t\t\t<key>NSStringFormatSpecTypeKey</key>
    \t\t\t<string>NSStringPluralRuleType</string>
    \t\t\t<key>NSStringFormatValueTypeKey</key>
    \t\t\t<string>d</string>
    \t\t\t<key>other</key>
    \t\t\t<string>%d items</string>
    \t\t</dict>
    \t</dict>
    \t<key>songs</key>
    \t<dict>
    \t\t<key>NSStringLocalizedFormatKey</key>
    \t\t<string>%#@n@</string>
    \t\t<key>n</key>
    \t\t<dict>
    \t\t\t<key>NSStringFormatSpecTypeKey</key>
    \t\t\t<string>NSStringPluralRuleType</string>
    \t\t\t<key>NSStringFormatValueTypeKey</key>
    \t\t\t<string>d</string>
    \t\t\t<key>one</key>
    \t\t\t<string>%d song</string>
    \t\t</dict>
    \t</dict>
    </dict>
    </plist>

    """

  @Test("a .stringsdict file: undefined and unused variables, plurals without other, at their entries")
  func stringsdictProblems() throws {
    let problems = try StringsDictionary.check(bytes: Array(Self.stringsdict.utf8))
    #expect(
      problems.map {
        "\($0.line ?? 0):\($0.column ?? 0) \($0.severity.rawValue) \($0.kind.rawValue) [\($0.key)] \($0.message)"
      } == [
        "30:2 error undefined-substitution [items] variable 'things' is referred to but not defined",
        "30:2 warning unused-substitution [items] variable 'count' is defined but not used",
        "44:2 error plural-without-other [songs] plural rule of 'n' has no 'other' case",
      ])
  }

  @Test("a positional %1$#@name@ is a reference to name")
  func positionalReference() {
    let specifiers = FormatSpecifier.parse("%1$#@count@ in %2$#@folders@")
    #expect(specifiers.map(\.substitution) == ["count", "folders"])
    #expect(specifiers.map(\.text) == ["%1$#@count@", "%2$#@folders@"])
  }
}
