/// A `pattern` / `patternProperties` regular expression with ECMA-262 semantics (the `u`
/// flag's: Unicode code points, strict escapes), run by the module's own bounded matcher.
///
/// A regular expression engine that backtracks can take exponential time on a short string
/// (`^(a+)+$` on thirty `a`s and a `!`), and a schema is as untrusted as the data it checks.
/// Swift `Regex` cannot be stopped once it runs, so patterns are parsed here
/// (``PatternParser``), compiled to a small program (``PatternProgram``) and run by a
/// backtracking machine that counts its steps (``PatternMatcher``): a pattern without back
/// references or lookarounds never takes more than a few steps per (instruction, character),
/// and any match that runs past its budget stops with ``BudgetExceeded``.
///
/// The pattern is unanchored (`pattern` asks whether the regex matches *somewhere*). `\d`,
/// `\w` and `\b` are ASCII; `\s` is ECMA-262's white space (with U+FEFF); `.` is any code point
/// but a line terminator; `\p{…}` and `\P{…}` take the Unicode properties Swift `Regex` knows
/// (asked one code point at a time, which is bounded work). Lookbehind matches its body
/// forwards, ending where the lookbehind stands: the same answer as ECMA-262's backwards
/// matching, though a back reference into it may capture differently.
struct ECMAPattern: Sendable {
  /// The pattern as written in the schema.
  let source: String
  private let program: PatternProgram

  /// Compiles `source`; throws a message that says why it is not supported.
  init(_ source: String) throws(PatternError) {
    self.source = source
    let (node, groups) = try PatternParser.parse(source)
    do {
      program = try PatternProgram(node, groups: groups)
    } catch {
      throw PatternError(message: "the regular expression \(JSONRendering.quoted(source)) \(error.message)")
    }
  }

  /// True when the pattern matches somewhere in `string`.
  ///
  /// - Throws: ``BudgetExceeded`` when the match takes more steps than its budget allows
  ///   (see ``PatternMatcher/budget(count:instructions:)``).
  func matches(_ string: String) throws(BudgetExceeded) -> Bool {
    try steps(matching: string).matched
  }

  /// Whether the pattern matches `string`, and how many steps the matcher took to say so.
  func steps(matching string: String) throws(BudgetExceeded) -> (matched: Bool, steps: Int) {
    var matcher = PatternMatcher(program, input: string.unicodeScalars.map(\.value))
    do {
      let matched = try matcher.search()
      return (matched, matcher.steps)
    } catch {
      throw BudgetExceeded(budget: error.budget, length: string.unicodeScalars.count)
    }
  }

  /// Why a pattern cannot be compiled.
  struct PatternError: Error {
    var message: String
  }

  /// A match that ran out of steps before it was decided.
  struct BudgetExceeded: Error {
    /// The steps it was allowed.
    let budget: Int
    /// The string's length, in code points.
    let length: Int
  }
}
