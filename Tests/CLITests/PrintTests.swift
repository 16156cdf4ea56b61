import Foundation
import PlistKit
import Testing

/// `plistkit print`: the readable tree, key paths, colour rules.
@Suite("print")
struct PrintTests {
  let presidents = CLI.sample("Presidents.plist")

  @Test("a dictionary in file order, with integers and UIDs told apart")
  func subtree() throws {
    let run = try CLI.run(["print", presidents, "$objects.2"])
    #expect(run.status == 0)
    #expect(
      run.output == """
        {
          "President" => 1
          "Name" => <uid 3>
          "FromYear" => <uid 4>
          "ToYear" => <uid 5>
          "Party" => <uid 6>
          "$class" => <uid 7>
        }

        """)
  }

  @Test("the whole file starts with the archive's header keys")
  func wholeFile() throws {
    let run = try CLI.run(["print", presidents])
    #expect(run.status == 0)
    #expect(
      run.output.hasPrefix(
        "{\n  \"$version\" => 100000\n  \"$archiver\" => \"NSKeyedArchiver\"\n  \"$top\" => {\n"
          + "    \"Presidents\" => <uid 1>\n  }\n"))
    #expect(run.output.contains("\n    3 => \"George Washington\"\n"))
    #expect(run.output.hasSuffix("\n  ]\n}\n"))
  }

  @Test("colour only when asked (not on a pipe); --color always wins over NO_COLOR, as no-color.org asks")
  func colour() throws {
    let plain = try CLI.run(["print", presidents, "$objects.2.President"])
    #expect(plain.output == "1\n")
    let forced = try CLI.run(["print", presidents, "$objects.2.President", "--color", "always"])
    #expect(forced.output == "\u{1B}[36m1\u{1B}[0m\n")
    let flagWins = try CLI.run(
      ["print", presidents, "$objects.2.President", "--color", "always"], environment: ["NO_COLOR": "1"])
    #expect(flagWins.output == "\u{1B}[36m1\u{1B}[0m\n")
    let never = try CLI.run(["print", presidents, "$objects.2", "--color", "never"])
    #expect(!never.output.contains("\u{1B}"))
    #expect(never.output.hasPrefix("{\n  \"President\" => 1\n"))
  }

  @Test(
    "colour on a real terminal",
    .enabled(
      if: FileManagerCheck.isExecutable("/usr/bin/script"), "needs script(1) for a terminal (.ci/run installs it)"))
  func terminal() throws {
    let command = "'\(CLI.binary)' print '\(presidents)' '$objects.3'"
    let run = try CLI.run(["-qec", command, "/dev/null"], program: "/usr/bin/script")
    #expect(run.output.contains("\u{1B}[32m\"George Washington\"\u{1B}[0m"))
    let vetoed = try CLI.run(
      ["-qec", command, "/dev/null"], environment: ["NO_COLOR": "1"], program: "/usr/bin/script")
    #expect(vetoed.output.contains("\"George Washington\""))
    #expect(!vetoed.output.contains("\u{1B}["))
  }

  @Test("a key path that leads nowhere names the file and the path")
  func badKeyPath() throws {
    let run = try CLI.run(["print", presidents, "$objects.500"])
    #expect(run.status == 1)
    #expect(run.output == "")
    let archive = try PropertyList(bytes: PropertyListFile.read(path: presidents))
    let error = try #require(throws: PropertyListError.self) { try archive.value(at: "$objects.500") }
    #expect(run.stderr == "plistkit: \(presidents): \(error)\n")
    #expect(error.description.hasPrefix("$objects.500: index 500 is out of range"))
  }
}

/// Small file-system checks for test conditions.
enum FileManagerCheck {
  static func isExecutable(_ path: String) -> Bool {
    FileManager.default.isExecutableFile(atPath: path)
  }
}

/// The tree and raw text of every value type, on a binary fixture.
@Suite("value rendering")
struct ValueRenderingTests {
  static let value: PropertyList = [
    "string": "say \"hi\"\n\\", "integer": -5, "big": .integer(UInt64.max), "real": 1.0, "exp": 1e100,
    "true": true, "date": .date(PropertyListDate(secondsSinceReferenceDate: 86_400.5)),
    "short": .data([0, 1, 255]), "long": .data(Array(0..<20)), "none": .data([]), "uid": .uid(7),
    "emptyArray": [], "emptyDict": .dictionary(PropertyListDictionary()), "list": [1, [2]],
  ]

  func fixture() throws -> (TemporaryDirectory, String) {
    let folder = try TemporaryDirectory()
    return (folder, try folder.file("all.bplist", Self.value.serialized(as: .binary)))
  }

  @Test("print shows each type unambiguously")
  func tree() throws {
    let (_, path) = try fixture()
    let run = try CLI.run(["print", path])
    #expect(run.status == 0)
    #expect(
      run.output == """
        {
          "string" => "say \\"hi\\"\\n\\\\"
          "integer" => -5
          "big" => 18446744073709551615
          "real" => 1.0
          "exp" => 1e+100
          "true" => true
          "date" => 2001-01-02T00:00:00Z
          "short" => <3 bytes 0x0001ff>
          "long" => <20 bytes 0x000102030405060708090a0b0c0d0e0f…>
          "none" => <0 bytes>
          "uid" => <uid 7>
          "emptyArray" => []
          "emptyDict" => {}
          "list" => [
            0 => 1
            1 => [
              0 => 2
            ]
          ]
        }

        """)
  }

  @Test("get prints raw text for each type")
  func raw() throws {
    let (_, path) = try fixture()
    let expected: [(String, String)] = [
      ("string", "say \"hi\"\n\\"), ("integer", "-5"), ("big", "18446744073709551615"), ("real", "1.0"),
      ("true", "true"), ("date", "2001-01-02T00:00:00Z"), ("short", "AAH/"), ("uid", "7"), ("list", "2"),
      ("emptyDict", ""),
    ]
    for (key, text) in expected {
      let run = try CLI.run(["get", path, key])
      #expect(run.status == 0)
      #expect(run.output == text + "\n", "\(key)")
    }
    #expect(try CLI.run(["type", path, "real"]).output == "real\n")
    #expect(try CLI.run(["plutil", "-type", "real", path]).output == "float\n")
  }
}
