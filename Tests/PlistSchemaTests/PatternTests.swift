import PlistKit
import Testing

@testable import PlistSchema

/// The bounded pattern matcher: ECMA-262 semantics, work within its budget, and an error
/// that names the schema location and the instance path when a match runs out of it.
@Suite struct PatternTests {
  private func matches(_ pattern: String, _ string: String) throws -> Bool {
    try ECMAPattern(pattern).matches(string)
  }

  private func errors(_ schema: PropertyList, _ instance: PropertyList) throws -> [String] {
    try JSONSchema(schema).validate(instance).map(\.description)
  }

  static let flood = String(repeating: "a", count: 30) + "!"

  @Test("^(a+)+$ on thirty a's and a '!' is answered by remembered states, in few steps")
  func nestedRepetitionIsLinear() throws {
    let pattern = try ECMAPattern("^(a+)+$")
    let outcome = try pattern.steps(matching: Self.flood)
    #expect(outcome.matched == false)
    // Every (instruction, position) state is entered once: at most 3 steps for each.
    #expect(outcome.steps < 3 * 12 * 32)
    #expect(try pattern.matches(String(repeating: "a", count: 30)))
    #expect(
      try errors(["pattern": "^(a+)+$"], .string(Self.flood)) == [
        "at (root): expected a string matching \"^(a+)+$\", found \"\(Self.flood)\" (schema #/pattern)"
      ])
  }

  static let budgetMessage =
    "the pattern \"^(a+)+\\\\1$\" exceeded its matching budget of 1032000 steps on a string of 31 characters, so the string is neither accepted nor rejected"

  @Test("A back reference makes backtracking exponential: the budget stops it, with a clear error")
  func budgetStopsBacktracking() throws {
    let pattern = try ECMAPattern("^(a+)+\\1$")
    #expect(PatternMatcher.budget(count: 31, instructions: 12) == 1_032_000)
    #expect(throws: ECMAPattern.BudgetExceeded.self) { try pattern.matches(Self.flood) }
    #expect(try pattern.matches("aaaa"))
    #expect(
      try errors(["properties": ["name": ["pattern": "^(a+)+\\1$"]]], ["name": .string(Self.flood)]) == [
        "at name: \(Self.budgetMessage) (schema #/properties/name/pattern)"
      ])
    // Under `not`, "no match" would pass: a match out of budget fails the instance anyway.
    let negated: PropertyList = ["not": ["pattern": "^(a+)+\\1$"]]
    #expect(try JSONSchema(negated).isValid(.string(Self.flood)) == false)
    #expect(try errors(negated, .string(Self.flood)) == ["at (root): \(Self.budgetMessage) (schema #/not/pattern)"])
  }

  @Test("patternProperties out of budget names the property's key path and its pattern's location")
  func budgetInPatternProperties() throws {
    let schema: PropertyList = ["patternProperties": ["^(a+)+\\1$": true]]
    let message = Self.budgetMessage
    #expect(
      try errors(schema, ["x": ["a": 1], .init(Self.flood): 2]) == [
        "at \(Self.flood): \(message) (schema #/patternProperties/^(a+)+\\1$)"
      ])
  }

  @Test func ecmaScriptSemantics() throws {
    #expect(try matches("^(a)\\1$", "aa"))
    #expect(try !matches("^(a)\\1$", "ab"))
    #expect(try matches("^(?<x>[bc])\\k<x>$", "cc"))
    #expect(try matches("^(?=.*\\d)[a-z0-9]+$", "abc1"))
    #expect(try !matches("^(?=.*\\d)[a-z0-9]+$", "abc"))
    #expect(try matches("(?<=a)b", "ab"))
    #expect(try !matches("(?<=a)b", "cb"))
    #expect(try matches("(?<!a)b", "cb"))
    #expect(try !matches("^(?!foo)", "foobar"))
    #expect(try matches("^a{2,3}$", "aaa"))
    #expect(try !matches("^a{2,3}$", "aaaa"))
    #expect(try matches("^a{2,}?b$", "aaaab"))
    #expect(try !matches("^(a*)*b$", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"))
    #expect(try matches("^\\u{1F432}\\uD83D\\uDC32$", "🐲🐲"))
    #expect(try matches("^[\\w-]+$", "a_b-c"))
    #expect(try matches("^[^\\s]$", "x"))
    #expect(try !matches("^.$", "\n"))
    #expect(try matches("\\bcat\\b", "a cat!"))
    #expect(try !matches("\\Bcat", "a cat!"))
    #expect(try matches("^\\p{Lu}\\P{Lu}$", "Éa"))
    #expect(try matches("^x{1}}$", "x}"))
  }

  @Test func unusablePatternsSayWhy() {
    let cases = [
      ("\\a", "invalid regular expression \"\\\\a\": \\a is not an escape ECMA-262 has"),
      ("(a", "invalid regular expression \"(a\": missing ')'"),
      ("a)", "invalid regular expression \"a)\": unmatched ')'"),
      ("a{3,2}", "invalid regular expression \"a{3,2}\": numbers out of order in a {} quantifier"),
      ("\\2(a)", "invalid regular expression \"\\\\2(a)\": \\2 refers to a group that does not exist"),
      ("\\p{Nonsense}", "invalid regular expression \"\\\\p{Nonsense}\": unknown Unicode property Nonsense"),
      (
        "(?:a{1000}){1000}",
        "the regular expression \"(?:a{1000}){1000}\" is too large: its counted repetitions make more than 100000 steps of program"
      ),
    ]
    for (pattern, message) in cases {
      #expect(throws: ECMAPattern.PatternError.self) { try ECMAPattern(pattern) }
      do {
        _ = try ECMAPattern(pattern)
      } catch {
        #expect(error.message == message)
      }
    }
  }
}
