import BuildSettings
import Testing

@Suite("expanding references")
struct ExpansionTests {
  @Test("the three forms, nested references, $$ and a lone $")
  func forms() throws {
    let settings = try loadSettings(
      """
      PRODUCT_NAME = My App
      NAME_1 = first
      WHICH = 1
      ORG = org.example
      PRODUCT_BUNDLE_IDENTIFIER = $(ORG).${PRODUCT_NAME:rfc1034identifier}
      """)
    #expect(try settings.expand("$(PRODUCT_NAME)|${PRODUCT_NAME}|$PRODUCT_NAME") == "My App|My App|My App")
    #expect(try settings.expand("$(NAME_$(WHICH))") == "first")
    #expect(try settings.expand("${NAME_${WHICH}:upper}") == "FIRST")
    #expect(try settings.expand("$(PRODUCT_BUNDLE_IDENTIFIER)") == "org.example.My-App")
    #expect(try settings.expand("$(NOPE:default=$(ORG))") == "org.example")
    // As Xcode: `$$` is one `$`, and a `$` before anything else is itself.
    #expect(try settings.expand("$$x $1 $- a$") == "$x $1 $- a$")
    // `$NAME` takes letters, digits, `_` and `.`; the name ends at anything else.
    #expect(try settings.expand("$PRODUCT_NAME-x $PRODUCT_NAME:lower") == "My App-x My App:lower")
    // The first `)` closes a reference; `$()` is nothing.
    #expect(try settings.expand("$(NOPE:default=a(b)c)$()") == "a(bc)")
  }

  @Test("an undefined name is nothing; strict mode names it; $NAME of an unassigned name stays")
  func undefinedNames() throws {
    let settings = try loadSettings("DEFINED = yes\nEMPTY =\nUSES_UNDEFINED = a$(MISSING)b")
    #expect(try settings.expand("[$(UNDEFINED)][$(EMPTY)][$(DEFINED)]") == "[][][yes]")
    #expect(try settings.expand("$UNDEFINED and $UNDEFINED.x") == "$UNDEFINED and $UNDEFINED.x")
    #expect(try settings.expand("$(EMPTY)", strict: true) == "")
    #expect(try settings.expand("$UNDEFINED", strict: true) == "$UNDEFINED")
    // A default says what an undefined name gives: no error.
    #expect(try settings.expand("$(UNDEFINED:default=x)", strict: true) == "x")
    #expect(try settings.expand("$(UNDEFINED:upper:default=)", strict: true) == "")
    #expect(throws: BuildSettingsError(.undefined, "$(UNDEFINED) is not defined")) {
      try settings.expand("x$(UNDEFINED)", strict: true)
    }
    #expect(throws: BuildSettingsError(.undefined, "${UNDEFINED} is not defined")) {
      try settings.expand("${UNDEFINED}", strict: true)
    }
    // Found while expanding a setting: the message says which, and where it is assigned.
    #expect(
      throws: BuildSettingsError(.undefined, "$(MISSING) is not defined (in USES_UNDEFINED, main.xcconfig:3)")
    ) {
      try settings.expand("$(USES_UNDEFINED)", strict: true)
    }
    #expect(try settings.expand("$(USES_UNDEFINED)") == "ab")
    // A reference never closed runs to the end, as in Xcode; strict mode refuses it.
    #expect(try settings.expand("a$(DEFINED") == "ayes")
    #expect(try settings.expand("a${DEFINED:upper") == "aYES")
    #expect(throws: BuildSettingsError(.syntax, "$(DEFINED is not closed")) {
      try settings.expand("a$(DEFINED", strict: true)
    }
  }

  @Test("a reference cycle is an error naming the chain, wherever it is entered")
  func cycles() throws {
    let settings = try loadSettings("A = x$(B)\nB = $(C:lower)\nC = $(A)\nD = $(D_$(A))")
    #expect(
      throws: BuildSettingsError(.referenceCycle, "reference cycle: A -> B -> C -> A", file: "main.xcconfig", line: 1)
    ) {
      try settings.expand("$(A)")
    }
    #expect(
      throws: BuildSettingsError(.referenceCycle, "reference cycle: C -> A -> B -> C", file: "main.xcconfig", line: 3)
    ) {
      try settings.expand("$(C)")
    }
    #expect(throws: BuildSettingsError.self) { try settings.expand("$(D)") }
  }

  @Test("a setting used many times is expanded once, and doubling settings stop at the length limit")
  func exponentialSettings() throws {
    var lines = "A0 = xxxxxxxxxxxxxxxx\n"
    for level in 1...40 { lines += "A\(level) = $(A\(level - 1))$(A\(level - 1))\n" }
    let settings = try loadSettings(lines)
    #expect(try settings.expand("$(A10)").utf8.count == 16 << 10)
    #expect(
      throws: BuildSettingsError(
        .limitExceeded, "the expanded value is longer than 1048576 bytes (in A17, main.xcconfig:18)")
    ) {
      try settings.expand("$(A40)")
    }
  }

  @Test("references nested past the limit are an error, not a deep stack")
  func deepNesting() throws {
    let settings = try loadSettings("A = a")
    let deep = String(repeating: "$(", count: 10_000) + "A" + String(repeating: ")", count: 10_000)
    #expect(throws: BuildSettingsError(.limitExceeded, "references nested more than 64 deep")) {
      try settings.expand(deep)
    }
    let fine = String(repeating: "$(NOPE:default=", count: 60) + "ok" + String(repeating: ")", count: 60)
    #expect(try settings.expand(fine) == "ok")
  }

  @Test("a text without $ is itself, and is not parsed")
  func identity() throws {
    let settings = try loadSettings("A = a")
    for text in ["", "plain", "(A) {A} A", "日本語"] { #expect(try settings.expand(text, strict: true) == text) }
  }
}
