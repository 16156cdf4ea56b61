import Foundation
import PlistKit
import Testing

/// `convert` of XML to binary or JSON, which reads and writes as it goes: the same results,
/// the same errors and the same atomic writes as converting the whole value.
@Suite("convert while reading")
struct StreamingConvertTests {
  static let document = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <array>
    \t<dict><key>name</key><string>Ada</string><key>n</key><integer>1</integer><key>when</key>\
    <date>2001-01-01T00:00:00Z</date></dict>
    \t<dict><key>name</key><string>Ada</string><key>blob</key><data>AAEC</data><key>ref</key>\
    <dict><key>CF$UID</key><integer>3</integer></dict></dict>
    \t<dict><key>$data</key><string>lone tag</string></dict>
    </array>
    </plist>

    """

  @Test("a file converted onto itself, to binary and to JSON, holds its value", arguments: ["binary", "json"])
  func ontoItself(format: String) throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("data.plist", Self.document)
    let value = try PropertyList(bytes: Array(Self.document.utf8))
    let run = try CLI.run(["convert", path, "--to", format, "--typed", "-o", path])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    let written = try folder.contents("data.plist")
    if format == "json" {
      let options = PropertyListWritingOptions(jsonStyle: .typed)
      #expect(written == (try JSONPropertyListWriter(options: options).write(value)))
    } else {
      #expect(try PropertyList(bytes: written, format: .binary).isIdentical(to: value))
    }
    // Nothing is left behind but the file itself.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["data.plist"])
  }

  @Test("standard output gets the value writer's exact JSON, with and without --sort-keys")
  func standardOutput() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("data.plist", Self.document)
    let value = try PropertyList(bytes: Array(Self.document.utf8))
    for arguments in [[], ["--compact"], ["--typed"], ["--sort-keys"], ["--typed", "--sort-keys", "--compact"]] {
      let run = try CLI.run(["convert", path, "--to", "json"] + arguments)
      let options = PropertyListWritingOptions(
        jsonStyle: arguments.contains("--typed") ? .typed : .plain, prettyPrinted: !arguments.contains("--compact"),
        sortedKeys: arguments.contains("--sort-keys"))
      #expect(run.status == 0)
      #expect(run.stdout == (try JSONPropertyListWriter(options: options).write(value)), "\(arguments)")
    }
  }

  @Test("a repeated key converts as the value holds it")
  func repeatedKey() throws {
    let folder = try TemporaryDirectory()
    let text = "<plist><dict><key>a</key><true/><key>b</key><true/><key>a</key><false/></dict></plist>"
    let path = try folder.file("repeat.plist", text)
    let run = try CLI.run(["convert", path, "--to", "binary", "-o", path])
    #expect(run.status == 0)
    #expect(try PropertyList(bytes: folder.contents("repeat.plist")) == ["a": false, "b": true])
  }

  @Test("a broken document fails as the value path fails, leaving the destination untouched")
  func brokenDocument() throws {
    let folder = try TemporaryDirectory()
    let broken = try folder.file("broken.plist", "<plist>\n<array>\n<integer>12x</integer>\n</array>\n</plist>\n")
    let destination = try folder.file("out.bin", "old contents")
    for format in ["binary", "json"] {
      let streamed = try CLI.run(["convert", broken, "--to", format, "-o", destination])
      // --sort-keys needs the whole value, so this run takes the value path.
      let whole = try CLI.run(["convert", broken, "--to", format, "--sort-keys", "-o", destination])
      #expect(streamed.status == 1)
      #expect(streamed.stderr == whole.stderr)
      #expect(streamed.stderr.contains("3:1: <integer> '12x' is not an integer"))
      #expect(try folder.contents("out.bin") == Array("old contents".utf8))
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["broken.plist", "out.bin"])
  }

  @Test("a destination that cannot be written fails as the value path fails")
  func unwritableDestination() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("data.plist", Self.document)
    try FileManager.default.createDirectory(atPath: folder.path + "/dir", withIntermediateDirectories: false)
    let streamed = try CLI.run(["convert", path, "--to", "binary", "-o", folder.path + "/dir"])
    let whole = try CLI.run(["convert", path, "--to", "binary", "--sort-keys", "-o", folder.path + "/dir"])
    #expect(streamed.status == 1)
    #expect(streamed.stderr == whole.stderr)
    #expect(streamed.stderr.contains("it is a directory"))
  }

  @Test("plutil -convert json in place writes the value writer's bytes, compact or with -r")
  func plutilConvertJSON() throws {
    let folder = try TemporaryDirectory()
    let value = try PropertyList(bytes: Array(Self.document.utf8))
    for readable in [false, true] {
      let path = try folder.file("data.plist", Self.document)
      let run = try CLI.run(["plutil", "-convert", "json"] + (readable ? ["-r"] : []) + [path])
      #expect(run.status == 0)
      let expected = try JSONPropertyListWriter(options: PropertyListWritingOptions(prettyPrinted: readable)).write(
        value)
      #expect(try folder.contents("data.plist") == expected)
    }
  }

  @Test("the hostile XML files fail to convert with their own messages, the destination untouched")
  func hostileXML() throws {
    let cases = HostileInputTests.formatCases.filter { PropertyListFormat.detect($0.bytes) == .xml }
    #expect(cases.count >= 5)
    for hostile in cases {
      let folder = try TemporaryDirectory()
      let path = try folder.file(hostile.fileName, hostile.bytes)
      let destination = try folder.file("out", "old")
      for format in ["binary", "json"] {
        let run = try CLI.run(["convert", path, "--to", format, "-o", destination])
        #expect(run.status == 1, "\(hostile.name)")
        #expect(run.stderr == hostile.expectedError(path: path), "\(hostile.name) to \(format)")
        #expect(try folder.contents("out") == Array("old".utf8))
      }
    }
  }
}
