import Testing

/// The shared parser, help and error conventions, which hold for every command.
@Suite("Command line")
struct CommandLineTests {
  @Test("--help lists every command and the exit codes")
  func overviewHelp() throws {
    let run = try CLI.run(["--help"])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    for name in ["convert", "lint", "help"] {
      #expect(run.output.contains("\n  \(name) "), "missing \(name)")
    }
    #expect(run.output.contains("  2   usage error: unknown command or option, missing or extra argument\n"))
  }

  @Test("help CMD and CMD --help print the same generated text")
  func commandHelp() throws {
    let viaHelp = try CLI.run(["help", "convert"])
    let viaFlag = try CLI.run(["convert", "--help"])
    #expect(viaHelp.status == 0)
    #expect(viaFlag.status == 0)
    #expect(viaHelp.output == viaFlag.output)
    #expect(
      viaHelp.output.hasPrefix("plistkit convert — Convert property lists between XML, binary, JSON and OpenStep.\n"))
    #expect(
      viaHelp.output.contains(
        "  $ plistkit convert Samples/sortednames.plist --to json\n    Print the names as JSON.\n"))
    #expect(viaHelp.output.contains("  -t, --to FORMAT         The format to write. One of: xml, binary, json,\n"))
  }

  @Test("--help wins over missing arguments")
  func helpWithoutArguments() throws {
    let run = try CLI.run(["lint", "-h"])
    #expect(run.status == 0)
    #expect(run.output.hasPrefix("plistkit lint — "))
  }

  @Test("--version")
  func version() throws {
    let run = try CLI.run(["--version"])
    #expect(run.status == 0)
    #expect(run.output == "plistkit 0.1.0\n")
  }

  @Test("no command: the overview on standard error, exit 2")
  func noCommand() throws {
    let run = try CLI.run([])
    #expect(run.status == 2)
    #expect(run.output == "")
    #expect(run.stderr.hasPrefix("plistkit 0.1.0 — "))
  }

  @Test("a mistyped command gets a suggestion and exit 2")
  func mistypedCommand() throws {
    let run = try CLI.run(["conver", "x"])
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "plistkit: unknown command 'conver'; did you mean 'convert'?\nplistkit: run 'plistkit --help' for the list of commands\n"
    )
    let unrelated = try CLI.run(["zzzzzz"])
    #expect(unrelated.stderr.hasPrefix("plistkit: unknown command 'zzzzzz'\n"))
  }

  @Test("help for an unknown command")
  func helpUnknown() throws {
    let run = try CLI.run(["help", "lnt"])
    #expect(run.status == 2)
    #expect(run.stderr == "plistkit: help: unknown command 'lnt'; did you mean 'lint'? (see 'plistkit help help')\n")
  }

  @Test("a mistyped option gets a suggestion, swapped letters included")
  func mistypedOption() throws {
    let run = try CLI.run(["convert", "--ot", "json", "x"])
    #expect(run.status == 2)
    #expect(
      run.stderr == "plistkit: convert: unknown option '--ot'; did you mean '--to'? (see 'plistkit help convert')\n")
    let typo = try CLI.run(["convert", "x", "--to", "json", "--sortkeys"])
    #expect(typo.stderr.hasPrefix("plistkit: convert: unknown option '--sortkeys'; did you mean '--sort-keys'?"))
    let short = try CLI.run(["convert", "x", "-z"])
    #expect(short.stderr.hasPrefix("plistkit: convert: unknown option '-z'"))
  }

  @Test("a value outside the choices is a usage error with a suggestion")
  func invalidChoice() throws {
    let run = try CLI.run(["convert", "x", "--to", "jsn"])
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "plistkit: convert: invalid value 'jsn' for --to; expected one of xml, binary, json, openstep, pbxproj; did you mean 'json'? (see 'plistkit help convert')\n"
    )
  }

  @Test("missing and extra arguments, missing option values, repeated options")
  func arityErrors() throws {
    #expect(try CLI.run(["convert", "--to", "json"]).stderr.hasPrefix("plistkit: convert: missing argument FILE"))
    #expect(try CLI.run(["convert", "x"]).stderr.hasPrefix("plistkit: convert: missing option --to FORMAT"))
    #expect(
      try CLI.run(["convert", "x", "--to"]).stderr.hasPrefix("plistkit: convert: option --to needs a value (FORMAT)"))
    #expect(
      try CLI.run(["convert", "x", "--to", "xml", "-t", "json"]).stderr.hasPrefix(
        "plistkit: convert: option --to given more than once"))
    #expect(try CLI.run(["help", "a", "b"]).stderr.hasPrefix("plistkit: help: unexpected argument 'b'"))
    #expect(
      try CLI.run(["lint", "--typed=yes", "x"]).stderr.hasPrefix("plistkit: lint: option --typed takes no value"))
    for words in [["convert", "--to", "json"], ["convert", "x"], ["help", "a", "b"]] {
      #expect(try CLI.run(words).status == 2)
    }
    // Words fill the arguments in order: the one named is the first left without a word.
    let names = CLI.sample("sortednames.plist")
    for (words, missing) in [
      (["get"], "FILE"), (["get", names], "KEYPATH"), (["filter", names], "TERM"), (["remove", names], "KEYPATH"),
      (["set", names, "--type", "string"], "KEYPATH"),
    ] {
      let run = try CLI.run(words)
      #expect(run.status == 2, "\(words)")
      #expect(
        run.stderr == "plistkit: \(words[0]): missing argument \(missing) (see 'plistkit help \(words[0])')\n",
        "\(words)")
    }
  }

  @Test("every command exits 1 on a file it cannot read or write, as the CLI guide's table says")
  func unreadableFiles() throws {
    let folder = try TemporaryDirectory()
    let missing = folder.path + "/none/missing.plist"
    let cannotOpen = "plistkit: \(missing): cannot open: No such file or directory\n"
    let commands: [[String]] = [
      ["convert", missing, "--to", "json"], ["lint", missing], ["print", missing], ["get", missing, "A"],
      ["type", missing, "A"], ["set", missing, "A", "x", "--type", "string"],
      ["insert", missing, "A", "x", "--type", "string"], ["remove", missing, "A"], ["unarchive", missing],
      ["archive", missing], ["sections", missing], ["filter", missing, "a"], ["validate", missing],
    ]
    for words in commands {
      let run = try CLI.run(words)
      #expect(run.status == 1, "\(words)")
      #expect(run.stderr == cannotOpen, "\(words)")
    }
    let create = try CLI.run(["create", missing])
    #expect(create.status == 1)
    #expect(
      create.stderr
        == "plistkit: \(missing): cannot write: cannot create a temporary file in \(folder.path)/none: No such file or directory\n"
    )
  }

  @Test("--name=value, -nvalue and -- all parse")
  func optionForms() throws {
    // Each of these parses, so the command runs and fails on the missing file (exit 1, not 2).
    for words in [
      ["convert", "missing.plist", "--to=json"], ["convert", "-tjson", "missing.plist"],
      ["convert", "--to", "json", "--", "missing.plist"],
    ] {
      let run = try CLI.run(words)
      #expect(run.status == 1, "\(words)")
      #expect(run.stderr == "plistkit: missing.plist: cannot open: No such file or directory\n", "\(words)")
    }
    let dashFile = try CLI.run(["lint", "--", "-x"])
    #expect(dashFile.stderr == "plistkit: -x: cannot open: No such file or directory\n")
  }

  @Test("--quiet before the command is accepted")
  func leadingQuiet() throws {
    let run = try CLI.run(["--quiet", "lint", "missing.plist"])
    #expect(run.status == 1)
    #expect(run.stderr == "plistkit: missing.plist: cannot open: No such file or directory\n")
  }
}
