import Foundation
import Testing

/// The man page and shell completions generated from the command table.
@Suite("generated docs")
struct GeneratedDocsTests {
  @Test("the committed man page is what help --man prints now")
  func manPageUpToDate() throws {
    let run = try CLI.run(["help", "--man"])
    #expect(run.status == 0)
    #expect(run.output.hasPrefix(".TH PLISTKIT 1 \"\" \"plistkit 0.1.0\" \"User Commands\"\n"))
    #expect(run.output.contains("\n.SS convert\n"))
    #expect(run.output.contains("\n.B \\-t, \\-\\-to FORMAT\n"))
    let committed = try String(contentsOf: CLI.root.appendingPathComponent("man/plistkit.1"), encoding: .utf8)
    #expect(run.output == committed, "man/plistkit.1 is stale: run scripts/generate-man.sh")
  }

  @Test("every library product has a DocC catalog, and scripts/build-docs.sh builds each")
  func docCatalogs() throws {
    let script = try String(contentsOf: CLI.root.appendingPathComponent("scripts/build-docs.sh"), encoding: .utf8)
    let listed = try #require(script.firstMatch(of: /modules="([^"]+)"/)?.1).split(separator: " ").map(String.init)
    let manifest = try String(contentsOf: CLI.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let libraries = manifest.matches(of: /\.library\(name: "([^"]+)"/).map { String($0.1) }
    #expect(libraries.count >= 5)
    #expect(Set(listed) == Set(libraries))
    for module in listed {
      let page = CLI.root.appendingPathComponent("Sources/\(module)/\(module).docc/\(module).md")
      let text = try String(contentsOf: page, encoding: .utf8)
      #expect(text.hasPrefix("# ``\(module)``\n"), "\(module)")
      #expect(text.contains("## Topics"), "\(module)")
    }
    // The Swift Package Index builds the same documentation.
    let index = try String(contentsOf: CLI.root.appendingPathComponent(".spi.yml"), encoding: .utf8)
    let targets = try #require(index.components(separatedBy: "documentation_targets:\n").dropFirst().first)
      .split(separator: "\n").prefix { $0.trimmingCharacters(in: .whitespaces).hasPrefix("- ") }
      .map { String($0.trimmingCharacters(in: .whitespaces).dropFirst(2)) }
    #expect(index.hasPrefix("version: 1\nbuilder:\n  configs:\n"))
    #expect(targets.sorted() == listed.sorted())
  }

  @Test(
    "groff renders the man page without warnings",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff"), "needs groff (.ci/run installs it)"))
  func manPageRenders() throws {
    let page = try CLI.run(["help", "--man"]).stdout
    let run = try CLI.run(["-man", "-Tutf8", "-ww", "-z"], stdin: page, program: "/usr/bin/groff")
    #expect(run.status == 0)
    #expect(run.stderr == "")
  }

  /// Completions bash offers for `words` (the last one being completed).
  func bashCompletions(_ words: [String]) throws -> [String] {
    let script = try CLI.run(["completions", "bash"]).output
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let program =
      script
      + "\nCOMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _plistkit; printf '%s\\n' \"${COMPREPLY[@]}\"\n"
    let run = try CLI.run(["-c", program], program: "/bin/bash")
    #expect(run.status == 0)
    return run.output.split(separator: "\n").map(String.init)
  }

  @Test(
    "bash completes commands, options and option values",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash"), "needs bash"))
  func bash() throws {
    #expect(try bashCompletions(["plistkit", "conv"]) == ["convert"])
    #expect(try bashCompletions(["plistkit", "convert", "x", "--to", "j"]) == ["json"])
    #expect(try bashCompletions(["plistkit", "convert", "x", "--so"]) == ["--sort-keys"])
    #expect(try bashCompletions(["plistkit", "help", "li"]) == ["lint"])
    #expect(try bashCompletions(["plistkit", "bu"]) == ["buddy"])
    #expect(try bashCompletions(["plistkit", "extr"]) == ["extract"])
    #expect(try bashCompletions(["plistkit", "extract", "chat.db", "--format", "j"]) == ["json"])
    #expect(try bashCompletions(["plistkit", "extract", "chat.db", "--wh"]) == ["--where"])
  }

  @Test("zsh and fish scripts declare every command and option")
  func zshAndFish() throws {
    let zsh = try CLI.run(["completions", "zsh"])
    #expect(zsh.output.hasPrefix("#compdef plistkit\n"))
    #expect(zsh.output.contains("        '--to[The format to write.]:FORMAT:(xml binary json openstep)' \\\n"))
    #expect(zsh.output.contains("    'buddy:Run PlistBuddy'\\''s commands'\n"))
    let fish = try CLI.run(["completions", "fish"])
    #expect(
      fish.output.contains(
        "complete -c plistkit -n '__fish_seen_subcommand_from convert' -l to -s t -x -a 'xml binary json openstep pbxproj' -d 'The format to write.'\n"
      ))
    #expect(
      fish.output.contains(
        " plutil buddy' -a buddy -d 'Run PlistBuddy\\'s commands'\ncomplete -c plistkit -n '__fish_seen_subcommand_from buddy' -F\n"
      ))
    #expect(
      fish.output.contains(
        "complete -c plistkit -n '__fish_seen_subcommand_from extract' -l where -r -F -d 'Read only the rows whose COLUMN equals VALUE, bound as a parameter, never SQL (needs --table).'\n"
      ))
    let wrong = try CLI.run(["completions", "tcsh"])
    #expect(wrong.status == 2)
    #expect(
      wrong.stderr
        == "plistkit: completions: unknown shell 'tcsh'; expected bash, zsh or fish (see 'plistkit help completions')\n"
    )
  }
}
