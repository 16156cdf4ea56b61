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

  // MARK: - Binary to XML and JSON

  /// A binary plist with every kind of value, keys that JSON's typed form wraps, and ISO
  /// Latin-1, UTF-16 and astral strings.
  static let binary: [UInt8] = {
    let value: PropertyList = [
      "name": "Ada \u{E9}\u{1F600} <&>", "n": -12, "r": 2.5, "nan": .real(.nan), "ok": true,
      "when": .date(PropertyListDate(secondsSinceReferenceDate: 1e9)), "blob": .data(Array(0...199)),
      "ref": .uid(3), "lone": ["$data": ["$real": "x"]], "empty": ["a": [], "d": [:], "s": "", "z": .data([])],
      "nested": [[[["deep": [1, "two", 3.0]]]]],
    ]
    return try! value.serialized(as: .binary)
  }()

  /// What reading the value of `bytes` and writing it gives.
  static func valuePath(
    _ bytes: [UInt8], to format: PropertyListFormat, options: PropertyListWritingOptions = .default
  ) throws -> [UInt8] {
    try PropertyList(bytes: bytes, format: .binary).serialized(as: format, options: options)
  }

  /// `value` with every dictionary's keys in the order of their UTF-16 code units, as plutil's
  /// XML writer sorts them.
  static func sortedByUTF16(_ value: PropertyList) -> PropertyList {
    switch value {
    case .array(let elements): return .array(elements.map(sortedByUTF16))
    case .dictionary(let entries):
      let sorted = zip(entries.keys, entries.values).sorted { $0.0.utf16.lexicographicallyPrecedes($1.0.utf16) }
      return .dictionary(PropertyListDictionary(sorted.map { ($0.0, sortedByUTF16($0.1)) }))
    default: return value
    }
  }

  /// The writing options `convert` takes from these arguments.
  static func options(_ arguments: [String]) -> PropertyListWritingOptions {
    PropertyListWritingOptions(
      jsonStyle: arguments.contains("--typed") ? .typed : .plain, prettyPrinted: !arguments.contains("--compact"),
      sortedKeys: arguments.contains("--sort-keys"))
  }

  static let binaryArguments: [[String]] = [
    ["--to", "xml"], ["--to", "xml", "--sort-keys"], ["--to", "json"], ["--to", "json", "--compact"],
    ["--to", "json", "--typed"], ["--to", "json", "--typed", "--compact"], ["--to", "json", "--sort-keys"],
    ["--to", "json", "--typed", "--sort-keys"],
  ]

  @Test("a binary file converts to the value writer's exact XML and JSON, to standard output and with -o")
  func binaryToXMLAndJSON() throws {
    let folder = try TemporaryDirectory()
    let presidents = try [UInt8](Data(contentsOf: URL(fileURLWithPath: CLI.sample("Presidents.plist"))))
    for (name, bytes) in [("values.bplist", Self.binary), ("Presidents.plist", presidents)] {
      let path = try folder.file(name, bytes)
      for arguments in Self.binaryArguments {
        let format: PropertyListFormat = arguments[1] == "xml" ? .xml : .json
        let expected = try Self.valuePath(bytes, to: format, options: Self.options(arguments))
        let run = try CLI.run(["convert", path] + arguments)
        #expect(run.status == 0, "\(name) \(arguments)")
        // Plain JSON says what it wrote as strings; the archive has no dates or data.
        let losesTypes = name == "values.bplist" && format == .json && !arguments.contains("--typed")
        #expect(
          run.stderr
            == (losesTypes
              ? "plistkit: note: 1 date, 2 data values and 1 NaN or infinity were written as JSON strings "
                + "(plain JSON has no type for them); use --typed to keep their types\n" : ""))
        #expect(run.stdout == expected, "\(name) \(arguments)")
        let destination = folder.path + "/out"
        let written = try CLI.run(["convert", path] + arguments + ["-o", destination])
        #expect(written.status == 0)
        #expect(written.stdout == [])
        #expect(try folder.contents("out") == expected, "\(name) \(arguments)")
      }
    }
  }

  @Test("a file and output of several megabytes, written in chunks, give the value writer's exact bytes")
  func largeBinary() throws {
    var items: [PropertyList] = []
    for index in 0..<1_500 {
      items.append([
        "name": .string("item \(index) " + String(repeating: "chunk ", count: 120)), "n": .integer(Int64(index)),
        "blob": .data((0..<200).map { UInt8(truncatingIfNeeded: $0 &+ index) }),
      ])
    }
    // Over two huge pages of input, which the converter reads into an aligned buffer.
    items.append(.string(String(repeating: "x", count: 4 << 20)))
    let bytes = try PropertyList.array(items).serialized(as: .binary)
    #expect(bytes.count > 4 << 20)
    let folder = try TemporaryDirectory()
    let path = try folder.file("large.bplist", bytes)
    for arguments in [["--to", "xml"], ["--to", "json", "--typed", "--compact"]] {
      let expected = try Self.valuePath(
        bytes, to: arguments[1] == "xml" ? .xml : .json, options: Self.options(arguments))
      #expect(expected.count > 1 << 20)
      let run = try CLI.run(["convert", path] + arguments)
      #expect(run.status == 0)
      #expect(run.stdout == expected, "\(arguments)")
      let written = try CLI.run(["convert", path] + arguments + ["-o", folder.path + "/out"])
      #expect(written.status == 0)
      #expect(try folder.contents("out") == expected, "\(arguments)")
    }
  }

  /// A binary file of 1,500 strings of a kilobyte, so that more than a megabyte of output is
  /// written before its last element: `last`, objects referring to the first string as
  /// object 1 and to each other from object 1,501 on (two-byte references).
  static func lateInBinary(_ last: [[UInt8]], referencedTimes: Int = 1) -> [UInt8] {
    let count = 1_500
    let elements = Array(1...count) + Array(repeating: count + 1, count: referencedTimes)
    var objects: [[UInt8]] = [
      [0xAF, 0x11] + HostileFiles.bigEndian(UInt64(elements.count), width: 2)
        + elements.flatMap { HostileFiles.bigEndian(UInt64($0), width: 2) }
    ]
    for index in 1...count {
      let text = Array(("\(index) " + String(repeating: "late ", count: 200)).utf8.prefix(1_000))
      objects.append([0x5F, 0x11] + HostileFiles.bigEndian(UInt64(text.count), width: 2) + text)
    }
    return HostileFiles.binary(objects + last, referenceSize: 2, offsetSize: 4)
  }

  @Test("a binary file that cannot be streamed after a megabyte was written converts from its value")
  func lateFallback() throws {
    let folder = try TemporaryDirectory()
    let nan = [0x33] + HostileFiles.bigEndian(Double.nan.bitPattern, width: 8)
    let files: [(name: String, bytes: [UInt8])] = [
      // The array [first string] at two places.
      ("shared", Self.lateInBinary([[0xA1, 0x00, 0x01]], referencedTimes: 2)),
      // {"k": first string, "k" in UTF-16: first string}.
      (
        "repeated",
        Self.lateInBinary([[0xD2, 0x05, 0xDE, 0x05, 0xDF, 0x00, 0x01, 0x00, 0x01], [0x51, 0x6B], [0x61, 0x00, 0x6B]])
      ),
      ("control", Self.lateInBinary([[0x52, 0x61, 0x01]])),
      ("date", Self.lateInBinary([nan])),
    ]
    for file in files {
      let path = try folder.file(file.name + ".bplist", file.bytes)
      for arguments in [["--to", "xml"], ["--to", "json"]] {
        let format: PropertyListFormat = arguments[1] == "xml" ? .xml : .json
        let destination = try folder.file("out", "old")
        let run = try CLI.run(["convert", path] + arguments + ["-o", destination])
        let expected = Result { try Self.valuePath(file.bytes, to: format) }
        switch expected {
        case .success(let bytes):
          #expect(bytes.count > 1 << 20)
          #expect(run.status == 0, "\(file.name) \(arguments): \(run.stderr)")
          #expect(try folder.contents("out") == bytes, "\(file.name) \(arguments)")
        case .failure:
          let whole = try CLI.run(["convert", path] + arguments + ["--sort-keys", "-o", destination])
          #expect(run.status == 1, "\(file.name) \(arguments)")
          #expect(run.stderr == whole.stderr)
          #expect(try folder.contents("out") == Array("old".utf8), "\(file.name) \(arguments)")
        }
      }
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names == ["control.bplist", "date.bplist", "out", "repeated.bplist", "shared.bplist"])
    // The two that XML cannot hold fail with the writer's message.
    let control = try CLI.run(["convert", folder.path + "/control.bplist", "--to", "xml"])
    #expect(control.stderr == "plistkit: \(folder.path)/control.bplist: 1500: U+0001 cannot be written in XML 1.0\n")
    let date = try CLI.run(["convert", folder.path + "/date.bplist", "--to", "json"])
    #expect(date.status == 1)
    #expect(
      date.stderr.hasPrefix("plistkit: \(folder.path)/date.bplist: 1500: a date of nan seconds cannot be written"))
  }

  @Test("a binary file converted onto itself as XML holds its value and leaves nothing behind")
  func binaryOntoItself() throws {
    // The second file shares an array between two places, so it is converted from its value.
    let shared = [
      Array("bplist00".utf8), [0xA2, 0x01, 0x01], [0xA1, 0x02], [0x51, 0x78], [0x08, 0x0B, 0x0D],
      [0, 0, 0, 0, 0, 0, 1, 1], [0, 0, 0, 0, 0, 0, 0, 3], [0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 15],
    ].flatMap { $0 }
    #expect(try PropertyList(bytes: shared, format: .binary) == [["x"], ["x"]])
    for bytes in [Self.binary, shared] {
      let folder = try TemporaryDirectory()
      let path = try folder.file("data.plist", bytes)
      let value = try PropertyList(bytes: bytes, format: .binary)
      let run = try CLI.run(["convert", path, "--to", "xml", "-o", path])
      #expect(run.status == 0)
      #expect(run.stderr == "")
      let written = try folder.contents("data.plist")
      #expect(written == (try Self.valuePath(bytes, to: .xml)))
      #expect(try PropertyList(bytes: written, format: .xml).isIdentical(to: value))
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["data.plist"])
    }
  }

  @Test("a broken binary file fails as the value path fails, leaving the destination untouched")
  func brokenBinary() throws {
    let cases = HostileInputTests.binaryCases.filter { $0.command == "lint" }
    #expect(cases.count >= 8)
    for hostile in cases {
      let folder = try TemporaryDirectory()
      let path = try folder.file(hostile.fileName, hostile.bytes)
      let destination = try folder.file("out", "old")
      for format in ["xml", "json"] {
        for output in [["-o", destination], []] {
          let streamed = try CLI.run(["convert", path, "--to", format] + output)
          // --sort-keys needs the whole value, so this run takes the value path.
          let whole = try CLI.run(["convert", path, "--to", format, "--sort-keys"] + output)
          #expect(streamed.status == 1, "\(hostile.name)")
          #expect(whole.status == 1)
          #expect(streamed.stderr == whole.stderr, "\(hostile.name)")
          #expect(streamed.stderr == hostile.expectedError(path: path), "\(hostile.name) to \(format)")
          #expect(streamed.stdout == [])
          #expect(try folder.contents("out") == Array("old".utf8))
        }
      }
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [hostile.fileName, "out"].sorted())
    }
    // Cut short, and a string that is not UTF-16: the same message as the value path.
    let cut = Array(Self.binary.prefix(Self.binary.count - 5))
    let badUTF16 = [
      Array("bplist00".utf8), [0xA1, 0x01, 0x61, 0xDC, 0x00], [0x08, 0x0A], [0, 0, 0, 0, 0, 0, 1, 1],
      [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 13],
    ].flatMap { $0 }
    let folder = try TemporaryDirectory()
    for (bytes, message) in [
      (cut, "byte \(cut.count - 26): trailer: offset size 0 is not 1…8"),
      (badUTF16, "byte 11: object 1: UTF-16 string has an unpaired surrogate 0xDC00"),
    ] {
      let path = try folder.file("broken.bplist", bytes)
      for format in ["xml", "json"] {
        let streamed = try CLI.run(["convert", path, "--to", format])
        let whole = try CLI.run(["convert", path, "--to", format, "--sort-keys"])
        #expect(streamed.status == 1)
        #expect(streamed.stderr == whole.stderr)
        #expect(streamed.stderr == "plistkit: \(path): \(message)\n")
      }
    }
  }

  @Test("a binary value XML cannot hold fails with the writer's message and key path")
  func unwritableBinary() throws {
    let value: PropertyList = [
      "list": ["fine", "a\u{1}b"], "when": .date(PropertyListDate(secondsSinceReferenceDate: .nan)),
    ]
    let folder = try TemporaryDirectory()
    let path = try folder.file("control.bplist", value.serialized(as: .binary))
    let destination = try folder.file("out", "old")
    let streamed = try CLI.run(["convert", path, "--to", "xml", "-o", destination])
    let whole = try CLI.run(["convert", path, "--to", "xml", "--sort-keys", "-o", destination])
    #expect(streamed.status == 1)
    #expect(streamed.stderr == whole.stderr)
    #expect(streamed.stderr == "plistkit: \(path): list.1: U+0001 cannot be written in XML 1.0\n")
    #expect(try folder.contents("out") == Array("old".utf8))
    // Plain JSON writes the control character but not the date; typed JSON writes both.
    let plain = try CLI.run(["convert", path, "--to", "json"])
    #expect(plain.status == 1)
    #expect(
      plain.stderr
        == "plistkit: \(path): when: a date of nan seconds cannot be written in plain JSON (only finite dates in "
        + "years -99999999 to 99999999 can); the typed form keeps it\n")
    let typed = try CLI.run(["convert", path, "--to", "json", "--typed"])
    #expect(typed.status == 0)
    #expect(
      typed.stdout == (try value.serialized(as: .json, options: PropertyListWritingOptions(jsonStyle: .typed))))
  }

  @Test("plutil -convert xml1 and json of a binary file write the value writer's bytes (XML with plutil's key order)")
  func plutilConvertBinary() throws {
    let folder = try TemporaryDirectory()
    let presidents = try [UInt8](Data(contentsOf: URL(fileURLWithPath: CLI.sample("Presidents.plist"))))
    for bytes in [Self.binary, presidents] {
      let xml = try Self.sortedByUTF16(try PropertyList(bytes: bytes, format: .binary)).serialized(as: .xml)
      let toStandardOutput = try CLI.run(["plutil", "-convert", "xml1", "-o", "-", folder.file("in.plist", bytes)])
      #expect(toStandardOutput.status == 0)
      #expect(toStandardOutput.stdout == xml)
      let inPlace = try folder.file("data.plist", bytes)
      let run = try CLI.run(["plutil", "-convert", "xml1", inPlace])
      #expect(run.status == 0)
      #expect(try folder.contents("data.plist") == xml)
      for readable in [false, true] {
        let path = try folder.file("data.plist", bytes)
        let json = try CLI.run(["plutil", "-convert", "json"] + (readable ? ["-r"] : []) + [path])
        #expect(json.status == 0)
        let options = PropertyListWritingOptions(prettyPrinted: readable)
        #expect(try folder.contents("data.plist") == (try Self.valuePath(bytes, to: .json, options: options)))
      }
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["data.plist", "in.plist"])
  }
}
