import Foundation
import PlistKit
import Testing

/// `convert` of plain JSON files to binary or XML, which converts while parsing: the same
/// results, the same errors and the same atomic writes as converting the whole value.
@Suite("convert JSON while parsing")
struct JSONStreamingConvertTests {
  static let document = """
    {
      "name": "Ada & <co>",
      "n": [1, -9223372036854775808, 18446744073709551615, 2.5, -0.0, true, false],
      "nested": {"z": {"y": [[], {}]}, "a": "caf\\u00e9 \\ud83d\\ude00"},
      "Zeta": "last"
    }

    """

  static var value: PropertyList { try! PropertyList(bytes: Array(document.utf8), format: .json) }

  static let sorted = PropertyListWritingOptions(sortedKeys: true)

  @Test("to XML, into a file and to standard output: the value writer's exact bytes, sorted or not")
  func toXML() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("data.json", Self.document)
    let expected = try Self.value.serialized(as: .xml)
    let expectedSorted = try Self.value.serialized(as: .xml, options: Self.sorted)
    #expect(expected != expectedSorted)
    for arguments in [[], ["--sort-keys"]] {
      let want = arguments.isEmpty ? expected : expectedSorted
      let toFile = try CLI.run(["convert", path, "--to", "xml", "-o", folder.path + "/out.xml"] + arguments)
      #expect(toFile.status == 0)
      #expect(toFile.stderr == "")
      #expect(try folder.contents("out.xml") == want, "\(arguments)")
      let toStandardOutput = try CLI.run(["convert", path, "--to", "xml"] + arguments)
      #expect(toStandardOutput.status == 0)
      #expect(toStandardOutput.stdout == want, "\(arguments)")
    }
  }

  @Test("to binary, into a file and to standard output: the same value, sorted as asked")
  func toBinary() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("data.json", Self.document)
    let value = Self.value
    let toFile = try CLI.run(["convert", path, "--to", "binary", "-o", folder.path + "/out.bin"])
    #expect(toFile.status == 0)
    #expect(toFile.stderr == "")
    #expect(try PropertyList(bytes: folder.contents("out.bin"), format: .binary).isIdentical(to: value))
    let toStandardOutput = try CLI.run(["convert", path, "--to", "binary"])
    #expect(toStandardOutput.status == 0)
    #expect(toStandardOutput.stdout == (try folder.contents("out.bin")))
    // Sorted keys need the whole value: the value writer's exact bytes.
    let sortedRun = try CLI.run(["convert", path, "--to", "binary", "--sort-keys"])
    #expect(sortedRun.status == 0)
    #expect(sortedRun.stdout == (try value.serialized(as: .binary, options: Self.sorted)))
    #expect(try PropertyList(bytes: sortedRun.stdout, format: .binary) == value)
    #expect(try !PropertyList(bytes: sortedRun.stdout, format: .binary).isIdentical(to: value))
  }

  @Test("a file of several megabytes converts to the value writer's XML and to the same binary value")
  func largeFile() throws {
    let folder = try TemporaryDirectory()
    let records = (0..<25_000).map { index in
      "{\"id\": \(index), \"name\": \"record \(index)\", \"score\": \(Double(index) / 8), \"tags\": [\"a\", \"b\"]}"
    }
    let json = "[" + records.joined(separator: ",\n") + "]"
    let path = try folder.file("large.json", json)
    let value = try PropertyList(bytes: Array(json.utf8), format: .json)
    let xml = try CLI.run(["convert", path, "--to", "xml", "-o", folder.path + "/large.xml"])
    #expect(xml.status == 0)
    let written = try folder.contents("large.xml")
    #expect(written.count > 3 << 20)
    #expect(written == (try value.serialized(as: .xml)))
    let binary = try CLI.run(["convert", path, "--to", "binary", "-o", folder.path + "/large.bin"])
    #expect(binary.status == 0)
    #expect(try PropertyList(bytes: folder.contents("large.bin"), format: .binary).isIdentical(to: value))
  }

  @Test("a JSON file converted onto itself holds its value and leaves nothing else", arguments: ["binary", "xml"])
  func ontoItself(format: String) throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("data.json", Self.document)
    let run = try CLI.run(["convert", path, "--to", format, "-o", path])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    let written = try folder.contents("data.json")
    if format == "xml" {
      #expect(written == (try Self.value.serialized(as: .xml)))
    } else {
      #expect(try PropertyList(bytes: written, format: .binary).isIdentical(to: Self.value))
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["data.json"])
  }

  @Test("a repeated key converts as the value holds it: first place, last value")
  func repeatedKey() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("repeat.json", #"{"a": true, "b": {"k": 1, "k": 2}, "a": false}"#)
    let expected: PropertyList = ["a": false, "b": ["k": 2]]
    let xml = try CLI.run(["convert", path, "--to", "xml"])
    #expect(xml.status == 0)
    #expect(xml.stdout == (try expected.serialized(as: .xml)))
    let binary = try CLI.run(["convert", path, "--to", "binary", "-o", path])
    #expect(binary.status == 0)
    #expect(try PropertyList(bytes: folder.contents("repeat.json"), format: .binary).isIdentical(to: expected))
  }

  @Test("a broken JSON file fails as the value path fails, leaving the destination untouched")
  func brokenDocument() throws {
    let folder = try TemporaryDirectory()
    let broken = try folder.file("broken.json", "{\n  \"a\": [1, 2,\n    nul]\n}\n")
    let destination = try folder.file("out", "old contents")
    for format in ["binary", "xml"] {
      for arguments in [["-o", destination], []] {
        let streamed = try CLI.run(["convert", broken, "--to", format] + arguments)
        let whole = try CLI.run(["convert", broken, "--to", format, "--sort-keys"] + arguments)
        #expect(streamed.status == 1)
        #expect(whole.status == 1)
        #expect(streamed.stderr == "plistkit: \(broken):3:5: expected a value, found 'nul'\n")
        #expect(streamed.stderr == whole.stderr)
        #expect(streamed.stdout == [])
      }
      #expect(try folder.contents("out") == Array("old contents".utf8))
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["broken.json", "out"])
  }

  @Test("a string XML cannot hold fails with its key path, as the value path fails; binary holds it")
  func unrepresentableInXML() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("control.json", #"{"list": ["ok", "\u0001"]}"#)
    let destination = try folder.file("out", "old contents")
    let streamed = try CLI.run(["convert", path, "--to", "xml", "-o", destination])
    let whole = try CLI.run(["convert", path, "--to", "xml", "--sort-keys", "-o", destination])
    #expect(streamed.status == 1)
    #expect(streamed.stderr == whole.stderr)
    let value: PropertyList = ["list": ["ok", "\u{1}"]]
    let error = try #require(throws: PropertyListError.self) { try value.serialized(as: .xml) }
    #expect(streamed.stderr == "plistkit: \(path): list.1: \(error.message)\n")
    #expect(try folder.contents("out") == Array("old contents".utf8))
    let binary = try CLI.run(["convert", path, "--to", "binary"])
    #expect(binary.status == 0)
    #expect(try PropertyList(bytes: binary.stdout, format: .binary).isIdentical(to: value))
  }

  @Test("typed JSON input still converts exactly, tags decoded")
  func typedInput() throws {
    let folder = try TemporaryDirectory()
    let text = #"{"d": {"$data": "AAEC"}, "u": {"$uid": 7}, "r": {"$real": 2}, "w": {"$dict": {"$uid": "x"}}}"#
    let path = try folder.file("typed.json", text)
    let value: PropertyList = ["d": .data([0, 1, 2]), "u": .uid(7), "r": .real(2), "w": ["$uid": "x"]]
    #expect(
      try PropertyList(bytes: Array(text.utf8), format: .json, options: .init(jsonStyle: .typed)).isIdentical(
        to: value))
    let xml = try CLI.run(["convert", path, "--typed", "--to", "xml"])
    #expect(xml.status == 0)
    #expect(xml.stdout == (try value.serialized(as: .xml)))
    let binary = try CLI.run(["convert", path, "--typed", "--to", "binary"])
    #expect(binary.status == 0)
    #expect(binary.stdout == (try value.serialized(as: .binary)))
    // Without --typed, the tags show the typed form: it is read as typed all the same.
    let plain = try CLI.run(["convert", path, "--to", "xml"])
    #expect(plain.status == 0)
    #expect(plain.stdout == xml.stdout)
  }

  @Test("JSON from standard input, and UTF-16 JSON, convert to the value writer's XML")
  func standardInputAndUTF16() throws {
    let expected = try Self.value.serialized(as: .xml)
    let piped = try CLI.run(["convert", "-", "--to", "xml"], stdin: Array(Self.document.utf8))
    #expect(piped.status == 0)
    #expect(piped.stdout == expected)
    let folder = try TemporaryDirectory()
    var utf16: [UInt8] = [0xFF, 0xFE]
    for unit in Self.document.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    let path = try folder.file("utf16.json", utf16)
    for format in ["xml", "binary"] {
      let run = try CLI.run(["convert", path, "--to", format])
      #expect(run.status == 0)
      if format == "xml" {
        #expect(run.stdout == expected)
      } else {
        #expect(try PropertyList(bytes: run.stdout, format: .binary).isIdentical(to: Self.value))
      }
    }
  }
}
