import Foundation
import Testing

/// What the README and the guides show is what the tool does: every shell example prints what
/// the documents say, the set-up commands are the ones CI runs, and the man page and the README
/// lead to every guide.
@Suite("documentation examples")
struct DocumentationExamplesTests {
  /// The file names of the guides in `Documentation/`.
  static func guides() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: CLI.root.appendingPathComponent("Documentation").path)
      .filter { $0.hasSuffix(".md") }.sorted()
  }

  static func text(_ path: String) throws -> String {
    try String(contentsOf: CLI.root.appendingPathComponent(path), encoding: .utf8)
  }

  @Test(
    "every console example of the README and the guides prints what it shows",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash"), "needs bash"))
  func consoleExamples() throws {
    let run = try CLI.run(
      [CLI.root.appendingPathComponent("scripts/readme-cli-tour.sh").path, CLI.binary], program: "/bin/bash")
    #expect(run.stderr == "")
    #expect(run.status == 0, "\(run.output)")
    let summary = try #require(
      run.output.firstMatch(of: /^(\d+) examples in (\d+) documents print what they show \((\d+) not run\)\n$/))
    #expect(Int(summary.2) == (try Self.guides().count) + 1)
    #expect(try #require(Int(summary.1)) >= 50)
    // The one block no clone can run (a user's own Terminal preferences), and the project file
    // from ../shared/corpus when it is absent.
    #expect(try #require(Int(summary.3)) <= 2)
  }

  @Test("the README's set-up commands are the two it promises, and CI runs its test command")
  func setUpCommands() throws {
    let readme = try Self.text("README.md")
    let section = try #require(readme.range(of: "\n## Set up\n"))
    let block = try #require(readme[section.upperBound...].firstMatch(of: /```sh\n([^`]*)```/)?.1)
    let commands = block.split(separator: "\n")
    #expect(commands == ["swift run -c release plistkit convert Samples/sortednames.plist --to json", "swift test"])
    let testCommand = try #require(commands.last)
    let ci = try Self.text(".ci/run").split(separator: "\n")
    #expect(ci.contains(testCommand), ".ci/run must run the README's test command as it is written")
  }

  @Test("the README and the man page lead to every guide, and to no other")
  func guideLinks() throws {
    let guides = try Self.guides()
    #expect(guides.count == 13)
    let readme = try Self.text("README.md")
    let linked = readme.matches(of: /\]\(Documentation\/([a-z-]+\.md)\)/).map { String($0.1) }
    #expect(Set(linked) == Set(guides))
    let page = try CLI.run(["help", "--man"]).output
    let seeAlso = try #require(page.range(of: ".SH SEE ALSO\n"))
    let named = page[seeAlso.upperBound...].matches(of: /\n\.I Documentation\/([a-z-]+\.md)\n/).map { String($0.1) }
    #expect(named.sorted() == guides)
  }
}
