import Testing

/// Keys and values with line breaks, control characters, line separators and bidirectional
/// overrides stay on their own line in every line-oriented output: a key must not forge a
/// `CFBundleVersion = "1.0"` line in `git diff`.
@Suite("Lines that keys and values cannot forge")
struct LineForgeryTests {
  /// A key that would print a line of its own, and values with a line break, a carriage
  /// return, an escape, a line separator and a right-to-left override.
  static let hostile = """
    {"a\\nCFBundleVersion = \\"1.0\\"": "x\\ny", "b": {"k\\u2028": "\\r\\u001b[2J\\u202e"}}
    """

  @Test("textconv escapes keys and values")
  func textconv() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file("hostile.json", Self.hostile)
    let run = try CLI.run(["textconv", file])
    #expect(run.status == 0)
    #expect(
      run.output == """
        "a\\nCFBundleVersion = \\"1.0\\"" = "x\\ny"
        b = {
          "k\\u{2028}" = "\\r\\u{1b}[2J\\u{202e}"
        }

        """)
  }

  @Test("get --with-paths and wildcard lines escape; one value alone stays as it is")
  func get() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file("hostile.json", Self.hostile)
    let withPaths = try CLI.run(["get", file, "*", "--with-paths"])
    #expect(withPaths.status == 0)
    #expect(withPaths.output == "a\\nCFBundleVersion = \"1\\.0\"\tx\\ny\nb\tk\\u{2028}\n")
    let wildcard = try CLI.run(["get", file, "b.*"])
    #expect(wildcard.output == "\\r\\u{1b}[2J\\u{202e}\n")
    // A dictionary's keys, one per line.
    #expect(try CLI.run(["get", file, ""]).output == "a\\nCFBundleVersion = \"1.0\"\nb\n")
    // The exact value, as plutil -extract raw gives it.
    #expect(try CLI.run(["get", file, "b.k\u{2028}"]).output == "\r\u{1b}[2J\u{202e}\n")
    let types = try CLI.run(["type", file, "*", "--with-paths"])
    #expect(types.output == "a\\nCFBundleVersion = \"1\\.0\"\tstring\nb\tdictionary\n")
  }

  @Test("print escapes keys and strings, C1 controls and separators included")
  func print() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file("hostile.json", Self.hostile)
    let run = try CLI.run(["print", file, "--color", "never"])
    #expect(
      run.output == """
        {
          "a\\nCFBundleVersion = \\"1.0\\"" => "x\\ny"
          "b" => {
            "k\\u{2028}" => "\\r\\u{1b}[2J\\u{202e}"
          }
        }

        """)
    let c1 = try folder.file("c1.json", "[\"\\u0085\\u2029\"]")
    #expect(try CLI.run(["print", c1, "--color", "never"]).output == "[\n  0 => \"\\u{85}\\u{2029}\"\n]\n")
  }

  @Test("diff and merge lines escape the key paths")
  func diffAndMerge() throws {
    let folder = try TemporaryDirectory()
    let old = try folder.file("old.json", #"{"k\n- FAKE": "base"}"#)
    let new = try folder.file("new.json", #"{"k\n- FAKE": "ours\n"}"#)
    let theirs = try folder.file("theirs.json", #"{"k\n- FAKE": "theirs"}"#)
    let diff = try CLI.run(["diff", old, new, "--color", "never"])
    #expect(diff.status == 1)
    #expect(diff.output == "~ k\\n- FAKE: \"base\" → \"ours\\n\"\n")
    let merge = try CLI.run(["merge", old, new, theirs, "-o", folder.path + "/merged.json", "--color", "never"])
    #expect(merge.status == 1)
    #expect(
      merge.output
        == "CONFLICT k\\n- FAKE (both changed): BASE \"base\" | OURS \"ours\\n\" | THEIRS \"theirs\"\n")
  }

  @Test("sections and filter text escape titles and items")
  func sectionsAndFilter() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file("names.json", #"{"T\nFAKE": ["x\ny", "Ann\u202e"]}"#)
    #expect(try CLI.run(["sections", file]).output == "T\\nFAKE\n  x\\ny\n  Ann\\u{202e}\n")
    #expect(try CLI.run(["filter", file, "x"]).output == "T\\nFAKE\n  x\\ny\n")
    #expect(try CLI.run(["filter", file, "x", "--flat"]).output == "x\\ny\n")
    let flat = try folder.file("flat.json", #"["x\rFAKE", "b"]"#)
    #expect(try CLI.run(["filter", flat, "x"]).output == "x\\rFAKE\n")
  }

  @Test("an error line escapes the key path it names")
  func errorLine() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file("e.json", #"{"a": {}}"#)
    let run = try CLI.run(["get", file, "a.x\nplistkit: FAKE"])
    #expect(run.status == 1)
    #expect(run.stderr == "plistkit: \(file): a.x\\nplistkit: FAKE: no such key\n")
  }
}
