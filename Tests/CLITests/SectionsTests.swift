import Foundation
import PlistKit
import Testing

/// `plistkit sections`: titles and indented items, or the index.
@Suite("sections")
struct SectionsTests {
  static let names: PropertyList = ["B": ["Bob", "Bea"], "A": ["Ann"], "C": ["Cy", "Carl"]]

  @Test("a dictionary prints its sections in sorted key order")
  func dictionary() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("names.json", try Self.names.serialized(as: .json))
    let run = try CLI.run(["sections", path])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(run.output == "A\n  Ann\nB\n  Bob\n  Bea\nC\n  Cy\n  Carl\n")
  }

  @Test("--index prints the search marker, then the titles")
  func index() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("names.bplist", try Self.names.serialized(as: .binary))
    let run = try CLI.run(["sections", path, "--index"])
    #expect(run.status == 0)
    #expect(run.output == "{search}\nA\nB\nC\n")
  }

  @Test("a flat list is sectioned in English by default, or by --collation")
  func collations() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("menu.json", "[\"김밥\", \"까치\", \"Émile\", \"된장찌개\", \"42\", \"がっこう\", \"北京\"]")
    let english = try CLI.run(["sections", path])
    #expect(english.output == "E\n  Émile\n#\n  김밥\n  까치\n  된장찌개\n  42\n  がっこう\n  北京\n")
    let korean = try CLI.run(["sections", path, "--collation", "ko"])
    #expect(korean.output == "ㄱ\n  김밥\n  까치\nㄷ\n  된장찌개\nE\n  Émile\n#\n  42\n  がっこう\n  北京\n")
    let japanese = try CLI.run(["sections", path, "-c", "ja", "--index"])
    #expect(japanese.output == "{search}\nか\nE\n#\n")
    let chinese = try CLI.run(["sections", path, "--collation", "zh", "--index"])
    #expect(chinese.output == "{search}\nB\nE\n#\n")
  }

  @Test("dictionaries are sectioned by --key")
  func records() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file(
      "computers.json", "[{\"Name\": \"iMac\", \"Color\": \"Blue\"}, {\"Name\": \"MacBook\", \"Color\": \"White\"}]")
    #expect(try CLI.run(["sections", path]).output == "I\n  iMac\nM\n  MacBook\n")
    #expect(try CLI.run(["sections", path, "--key", "Color"]).output == "B\n  Blue\nW\n  White\n")
    let missing = try CLI.run(["sections", path, "--key", "Size"])
    #expect(missing.status == 1)
    #expect(missing.stderr == "plistkit: \(path): 0: expected a dictionary with a string under 'Size'\n")
  }

  @Test("plain text on standard input is one item per line")
  func plainText() throws {
    let run = try CLI.run(["sections", "-"], stdin: Array("banana\r\napple\nBlueberry\n".utf8))
    #expect(run.status == 0)
    #expect(run.output == "A\n  apple\nB\n  banana\n  Blueberry\n")
  }

  @Test("the Korean menu sample: one section per group")
  func koreanMenu() throws {
    let run = try CLI.run(["sections", CLI.sample("koreanmenu.plist"), "--index"])
    #expect(run.status == 0)
    #expect(run.output == "{search}\n밥\n국과 찌개\n면\n고기\n반찬\n")
  }

  @Test("the book's names")
  func sortedNames() throws {
    let run = try CLI.run(["sections", CLI.sample("sortednames.plist")])
    #expect(run.status == 0)
    let lines = run.output.split(separator: "\n")
    #expect(lines.count == 2026)
    #expect(lines.prefix(3) == ["A", "  Aaliyah", "  Aaron"])
  }

  @Test(
    "a keyed archive is sectioned as the list it holds: the Presidents by Name",
    arguments: FilterTests.presidentsArchives)
  func keyedArchive(path: String) throws {
    let run = try CLI.run(["sections", path])
    #expect(run.stderr == "")
    #expect(run.status == 0)
    let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 43 + 15 + 1)
    #expect(
      lines.prefix(6) == ["A", "  Andrew Jackson", "  Abraham Lincoln", "  Andrew Johnson", "B", "  Benjamin Harrison"])
    let index = try CLI.run(["sections", path, "--index"])
    #expect(index.output == "{search}\nA\nB\nC\nD\nF\nG\nH\nJ\nL\nM\nR\nT\nU\nW\nZ\n")
    let parties = try CLI.run(["sections", path, "--key", "Party", "--index"])
    #expect(parties.output == "{search}\nD\nF\nN\nR\nW\n")
  }

  @Test("--format json and plist print the sections as filter prints them")
  func formats() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("names.json", try Self.names.serialized(as: .json))
    let json = try CLI.run(["sections", path, "--format", "json"])
    #expect(json.status == 0)
    let expected: PropertyList = [
      ["section": "A", "items": ["Ann"]], ["section": "B", "items": ["Bob", "Bea"]],
      ["section": "C", "items": ["Cy", "Carl"]],
    ]
    #expect(try PropertyList(bytes: json.stdout, format: .json).isIdentical(to: expected))
    #expect(json.output.hasSuffix("]\n"))
    let plist = try CLI.run(["sections", path, "--format", "plist"])
    #expect(plist.status == 0)
    let value = try PropertyList(bytes: plist.stdout, format: .xml)
    #expect(value.isIdentical(to: ["A": ["Ann"], "B": ["Bob", "Bea"], "C": ["Cy", "Carl"]]))
    let index = try CLI.run(["sections", path, "--index", "--format", "json"])
    #expect(try PropertyList(bytes: index.stdout, format: .json).isIdentical(to: ["{search}", "A", "B", "C"]))
    let filtered = try CLI.run(["filter", path, "", "--format", "json"])
    #expect(filtered.stdout == json.stdout)
  }
}
