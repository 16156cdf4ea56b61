import PlistKit
import Testing

/// `plistkit get` and `plistkit type` on the shipped keyed archive.
@Suite("get and type")
struct GetTests {
  let presidents = CLI.sample("Presidents.plist")

  @Test("raw text: a string, an integer, a dictionary's keys, an array's count")
  func raw() throws {
    #expect(try CLI.run(["get", presidents, "$objects.3"]).output == "George Washington\n")
    #expect(try CLI.run(["get", presidents, "$objects.2.President"]).output == "1\n")
    #expect(try CLI.run(["get", presidents, "$top"]).output == "Presidents\n")
    #expect(try CLI.run(["get", presidents, "$objects.1.NS.objects"]).status == 1)  // NS.objects is one key: needs \.
    #expect(try CLI.run(["get", presidents, "$objects.1.NS\\.objects"]).output == "43\n")
    #expect(try CLI.run(["get", presidents, "$objects.2.ToYear"]).output == "5\n")  // a UID prints its number
    #expect(try CLI.run(["get", presidents, "$archiver", "-n"]).output == "NSKeyedArchiver")
  }

  @Test("--expect passes a matching type and fails another with exit 1")
  func expect() throws {
    let ok = try CLI.run(["get", presidents, "$objects.2.President", "--expect", "integer"])
    #expect(ok.status == 0)
    #expect(ok.output == "1\n")
    let wrong = try CLI.run(["get", presidents, "$objects.2.President", "--expect", "string"])
    #expect(wrong.status == 1)
    #expect(wrong.output == "")
    #expect(
      wrong.stderr
        == "plistkit: \(presidents): $objects.2.President: expected a value of type string, found integer\n")
    let alias = try CLI.run(["get", presidents, "$objects.2", "--expect", "dict"])
    #expect(alias.status == 0)
  }

  @Test("a missing key is exit 1 with the key path")
  func missing() throws {
    let run = try CLI.run(["get", presidents, "$top.Nobody"])
    #expect(run.status == 1)
    #expect(run.stderr == "plistkit: \(presidents): $top.Nobody: no such key\n")
  }

  @Test("type prints the model's type names")
  func types() throws {
    let cases: [(String, String)] = [
      ("$top", "dictionary"), ("$objects", "array"), ("$objects.3", "string"), ("$version", "integer"),
      ("$top.Presidents", "uid"), ("", "dictionary"),
    ]
    for (keyPath, name) in cases {
      let run = try CLI.run(["type", presidents, keyPath])
      #expect(run.status == 0)
      #expect(run.output == name + "\n", "\(keyPath)")
    }
    #expect(try CLI.run(["type", presidents]).output == "dictionary\n")
  }

  @Test("standard input works as FILE")
  func standardInput() throws {
    let bytes = try PropertyListFile.read(path: presidents)
    let run = try CLI.run(["get", "-", "$objects.3"], stdin: bytes)
    #expect(run.output == "George Washington\n")
  }

  @Test("--to json prints the value as a document")
  func asJSON() throws {
    let run = try CLI.run(["get", presidents, "$objects.2", "--to", "json", "--typed"])
    #expect(run.status == 0)
    let archive = try PropertyList(bytes: PropertyListFile.read(path: presidents))
    let expected = try archive.value(at: "$objects.2")
    #expect(try PropertyList(bytes: run.stdout, format: .json, options: .init(jsonStyle: .typed)) == expected)
  }

  @Test("-o writes the value to a file")
  func toFile() throws {
    let folder = try TemporaryDirectory()
    let target = folder.url.appendingPathComponent("top.bplist").path
    let run = try CLI.run(["get", presidents, "$top", "--to", "binary", "-o", target])
    #expect(run.status == 0)
    #expect(run.output == "")
    #expect(try PropertyList(bytes: folder.contents("top.bplist")) == ["Presidents": .uid(1)])
  }

  @Test("--compact prints JSON and OpenStep on one line, ended as a line")
  func compact() throws {
    let names = CLI.sample("sortednames.plist")
    let json = try CLI.run(["get", names, "Q", "--to", "json", "--compact"])
    #expect(json.status == 0)
    #expect(json.output == "[\"Quentin\",\"Quincy\",\"Quinn\",\"Quinn\",\"Quinten\",\"Quintin\",\"Quinton\"]\n")
    let bare = try CLI.run(["get", names, "Q.0", "--to", "json", "--compact", "-n"])
    #expect(bare.output == "\"Quentin\"")
    let matches = try CLI.run(["get", "--archive", presidents, "Presidents.*.President", "--to", "json", "--compact"])
    #expect(matches.output == "[" + (1...43).map(String.init).joined(separator: ",") + "]\n")
    let indented = try CLI.run(["get", names, "Q", "--to", "json"])
    #expect(indented.output.hasPrefix("[\n  \"Quentin\",\n"))
  }
}
