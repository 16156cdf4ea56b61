import Foundation
import PlistKit
import Testing

/// Files made to hurt a reader. Each must be refused with its own message, exit status 1,
/// in under a second of CPU and within 100 MB of memory (a cap the CLI process runs under:
/// see ``MeasuredRun``).
///
/// Under AddressSanitizer the memory cap cannot apply: the sanitizer reserves terabytes of
/// shadow memory at startup, which `RLIMIT_DATA` counts, so a capped CLI could not even start.
/// There the messages and exit statuses are checked exactly as always, the time bounds are
/// stretched by ``AddressSanitizer/slowdown``, and only the memory cap is left out.
@Suite("Hostile inputs")
struct HostileInputTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var fileName: String
    var bytes: [UInt8]
    var command: String = "lint"
    /// Arguments after the file.
    var options: [String] = []
    /// The message after the file name: `LINE:COL: …` for text formats (which the CLI joins
    /// to the name with a colon, like a compiler), otherwise `byte N: …` or `KEYPATH: …`.
    var message: String
    var testDescription: String { name }

    /// The whole line the CLI must print for the file at `path`.
    func expectedError(path: String) -> String {
      let joiner = message.first?.isNumber == true ? ":" : ": "
      return "plistkit: \(path)\(joiner)\(message)\n"
    }
  }

  static let secondsLimit = 1.0 * (AddressSanitizer.isActive ? AddressSanitizer.slowdown : 1)
  static let memoryCap = 100 * 1024 * 1024
  /// The cap each case runs under; none under AddressSanitizer (see above).
  static let memoryLimit: Int? = AddressSanitizer.isActive ? nil : memoryCap

  static let cases: [Case] = formatCases + binaryCases + archiveCases

  static let formatCases: [Case] = [
    Case(
      name: "XML billion laughs", fileName: "laughs.plist", bytes: Array(HostileFiles.billionLaughs.utf8),
      message:
        "2:17: an internal DTD subset ('<!DOCTYPE plist [') is not allowed: a property list's DOCTYPE only names the DTD"
    ),
    Case(
      name: "XML quadratic blowup", fileName: "quadratic.plist", bytes: Array(HostileFiles.quadraticBlowup.utf8),
      message:
        "2:17: an internal DTD subset ('<!DOCTYPE plist [') is not allowed: a property list's DOCTYPE only names the DTD"
    ),
    Case(
      name: "XML external entity to a local file", fileName: "xxe-file.plist",
      bytes: Array(HostileFiles.externalEntity("file:///etc/passwd").utf8),
      message:
        "2:17: an internal DTD subset ('<!DOCTYPE plist [') is not allowed: a property list's DOCTYPE only names the DTD"
    ),
    Case(
      name: "XML external entity to a URL", fileName: "xxe-url.plist",
      bytes: Array(HostileFiles.externalEntity("http://127.0.0.1:9/secret").utf8),
      message:
        "2:17: an internal DTD subset ('<!DOCTYPE plist [') is not allowed: a property list's DOCTYPE only names the DTD"
    ),
    Case(
      name: "100,000-deep XML", fileName: "deep.plist",
      bytes: Array(
        ("<plist>" + String(repeating: "<array>", count: 100_000) + String(repeating: "</array>", count: 100_000)
          + "</plist>").utf8),
      message: "1:3592: arrays and dictionaries nested deeper than 512 (the depth limit)"),
    Case(
      name: "100,000-deep JSON", fileName: "deep.json",
      bytes: Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8),
      message: "1:513: nesting is deeper than the limit of 512 levels"),
    Case(
      name: "100,000-deep OpenStep", fileName: "deep.strings",
      bytes: Array((String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)).utf8),
      message: "1:513: nesting is deeper than the limit of 512 levels"),
    Case(
      name: "truncated JSON", fileName: "truncated.json", bytes: Array(#"{"a": [1, 2, {"b": "c"#.utf8),
      message: "1:20: the string that starts here has no closing '\"'"),
    Case(
      name: "truncated OpenStep", fileName: "truncated.strings", bytes: Array("{ a = ( b, c".utf8),
      message: "1:13: expected ',' or ')' after array element, found the end of the input"),
    Case(
      name: "invalid UTF-8 in JSON", fileName: "utf8.json", bytes: [0x5B, 0x22, 0xFF, 0xFE, 0x22, 0x5D],
      message: "1:3: invalid UTF-8: byte 0xFF"),
    Case(
      name: "XML integer out of range", fileName: "integer.plist",
      bytes: Array("<plist><integer>99999999999999999999</integer></plist>".utf8),
      message: "1:8: <integer> '99999999999999999999' is out of range (-9223372036854775808 to 18446744073709551615)"),
    Case(
      name: "JSON integer out of range", fileName: "integer.json", bytes: Array("[99999999999999999999]".utf8),
      message:
        "1:2: the integer 99999999999999999999 is out of range (-9223372036854775808 … 18446744073709551615); write it with '.0' to read it as a real"
    ),
    Case(
      name: "XML date out of range", fileName: "date.plist",
      bytes: Array("<plist><date>123456789-01-01T00:00:00Z</date></plist>".utf8),
      message: "1:8: <date> '123456789-01-01T00:00:00Z' is not an ISO 8601 date"),
  ]

  /// A 60-level sharing bomb in a binary plist reads in linear memory, but written out in a
  /// form that cannot share it would be 2^60 values.
  static let sharingBombConversions: [Case] = ["xml", "json"].map { target in
    let bomb: [[UInt8]] = (0..<60).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] } + [[0x10, 7]]
    return Case(
      name: "binary sharing bomb converted to \(target.uppercased())", fileName: "bomb.bplist",
      bytes: HostileFiles.binary(bomb), command: "convert", options: ["--to", target],
      message:
        "the value holds more than 100000000 values once its shared arrays and dictionaries are written out "
        + "at every place they occur (the written value limit); the binary form keeps them shared")
  }

  static let binaryCases: [Case] =
    sharingBombConversions + [
      Case(
        name: "100,000-deep binary", fileName: "deep.bplist", bytes: HostileFiles.deepBinary(depth: 100_000),
        message: "byte 2568: object 512: nesting is deeper than the limit of 512 arrays and dictionaries"),
      Case(
        name: "binary array that contains itself", fileName: "self.bplist", bytes: HostileFiles.binary([[0xA1, 0x00]]),
        message: "byte 8: array (object 0) contains itself"),
      Case(
        name: "binary offset table out of range", fileName: "offsets.bplist",
        bytes: HostileFiles.binary([[0x08]], offsetTableOffset: 9_999),
        message: "byte 34: trailer: offset table offset 9999 is outside the file's object area, 9…9"),
      Case(
        name: "binary object count of 2^60", fileName: "count.bplist",
        bytes: HostileFiles.binary([[0x08]], objectCount: 1 << 60),
        message:
          "byte 18: trailer: object count 1152921504606846976 needs an offset table of 1152921504606846976×1 bytes, but the 1 byte from byte 9 to the trailer hold 1 offset"
      ),
      Case(
        name: "binary length field that overflows", fileName: "overflow.bplist",
        bytes: HostileFiles.binary([[0x4F, 0x13] + HostileFiles.bigEndian(UInt64.max, width: 8)]),
        message: "byte 8: object 0: length -1 is negative"),
      Case(
        name: "1 GB length claim in a tiny binary file", fileName: "gigabyte.bplist",
        bytes: HostileFiles.binary([[0x4F, 0x12] + HostileFiles.bigEndian(1 << 30, width: 4)]),
        message: "byte 8: object 0: data of 1073741824 bytes does not fit in the 0 bytes left before the offset table"),
      Case(
        name: "binary trailer with reference size 0", fileName: "trailer.bplist",
        bytes: HostileFiles.binary([[0x08]], referenceSize: 0),
        message: "byte 17: trailer: object reference size 0 is not 1…8"),
      Case(
        name: "binary dictionary key that is not a string", fileName: "key.bplist",
        bytes: HostileFiles.binary([[0xD1, 0x01, 0x02], [0x10, 0x05], [0x09]]),
        message:
          "byte 11: dictionary key (object 1) is an integer, expected a string; the dictionary is object 0 at byte 8"),
      Case(
        name: "binary UTF-16 string with a lone surrogate", fileName: "utf16.bplist",
        bytes: HostileFiles.binary([[0x61, 0xD8, 0x00]]),
        message: "byte 9: object 0: UTF-16 string has an unpaired surrogate 0xD800"),
    ]

  static let archiveCases: [Case] = {
    func archive(_ objects: [PropertyList], top: PropertyList? = ["root": .uid(1)]) -> [UInt8] {
      var root: PropertyList = ["$archiver": "NSKeyedArchiver", "$version": 100000, "$objects": .array(objects)]
      if let top { root["$top"] = top }
      return try! root.serialized(as: .binary)
    }
    let arrayClass: PropertyList = ["$classname": "NSArray", "$classes": ["NSArray", "NSObject"]]
    var bomb: [PropertyList] = ["$null", arrayClass, "leaf"]
    for _ in 0..<60 {
      let child = UInt64(bomb.count - 1)
      bomb.append(["NS.objects": [.uid(child), .uid(child)], "$class": .uid(1)])
    }
    return [
      Case(
        name: "archive UID out of range", fileName: "range.archive",
        bytes: archive(["$null", ["$class": .uid(99), "x": 1]]), command: "validate",
        message: "$objects.1.$class: UID 99 is out of range ($objects has 2 entries)"),
      Case(
        name: "archive UID cycle through an immutable array", fileName: "cycle.archive",
        bytes: archive(["$null", ["NS.objects": [.uid(1)], "$class": .uid(2)], arrayClass]), command: "validate",
        message:
          "$objects.1: reference cycle through immutable objects (1 NSArray → 1 NSArray), which no archiver can write"
      ),
      Case(
        name: "archive $class pointing at a string", fileName: "class.archive",
        bytes: archive(["$null", ["$class": .uid(2)], "NSString"]), command: "validate",
        message: "$objects.1.$class: UID 2 points at a string \"NSString\", not a class dictionary"),
      Case(
        name: "archive without $top", fileName: "top.archive", bytes: archive(["$null", "x"], top: nil),
        command: "validate", message: "$top: missing: expected a dictionary of top-level objects"),
      Case(
        name: "archive sharing bomb (60 levels, each holding its child twice)", fileName: "bomb.archive",
        bytes: archive(bomb, top: ["root": .uid(UInt64(bomb.count - 1))]), command: "unarchive",
        message: "$top: the plain view would expand 62 shared objects into more than 5000000 nodes"),
    ]
  }()

  @Test(
    "the memory cap bites: a file that needs more memory than the cap fails",
    .disabled(if: AddressSanitizer.isActive, "AddressSanitizer's shadow memory leaves no room for a memory cap"))
  func capBites() throws {
    let folder = try TemporaryDirectory()
    // 40 MB of one string: reading it needs the bytes, the string and more besides.
    let path = try folder.file("big.json", Array(("[\"" + String(repeating: "x", count: 40_000_000) + "\"]").utf8))
    let outcome = try MeasuredRun.run(["lint", path], memoryLimit: 20 * 1024 * 1024)
    #expect(outcome.status != 0 && outcome.status != 1)
    let relaxed = try MeasuredRun.run(["lint", path], memoryLimit: Self.memoryCap * 4)
    #expect(relaxed.status == 0)
  }

  @Test("each is refused with its own message, quickly and in little memory", arguments: cases)
  func refused(_ hostile: Case) throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file(hostile.fileName, hostile.bytes)
    let outcome = try MeasuredRun.run([hostile.command, path] + hostile.options, memoryLimit: Self.memoryLimit)
    #expect(outcome.status == 1)
    #expect(outcome.stderr == hostile.expectedError(path: path))
    #expect(outcome.cpuSeconds < Self.secondsLimit, "took \(outcome.cpuSeconds) s of CPU")
    #expect(outcome.wallSeconds < 10 * Self.secondsLimit, "took \(outcome.wallSeconds) s")
  }

  @Test(
    "entity declarations leave nothing behind: one run over 120 files that declare a 1 MB entity stays within the cap")
  func entityDeclarationsAreFreed() throws {
    // libxml2 keeps a declared entity in a document of its own; the reader must free it, or
    // each file here would leave a megabyte behind and the run would hit the cap.
    let folder = try TemporaryDirectory()
    let text =
      HostileFiles.xmlHeader + "<!DOCTYPE plist [<!ENTITY a \"\(String(repeating: "x", count: 1_000_000))\">]>\n"
      + "<plist><string>&a;</string></plist>\n"
    let path = try folder.file("entity.plist", Array(text.utf8))
    let outcome = try MeasuredRun.run(["lint"] + Array(repeating: path, count: 120), memoryLimit: Self.memoryLimit)
    #expect(outcome.status == 1)
    let line =
      "plistkit: \(path):2:17: an internal DTD subset ('<!DOCTYPE plist [') is not allowed: a property list's DOCTYPE only names the DTD\n"
    #expect(outcome.stderr == String(repeating: line, count: 120))
  }

  @Test("a truncated sample of every format is refused at every tenth of its length")
  func truncated() throws {
    let folder = try TemporaryDirectory()
    for sample in ["sortednames.plist", "Presidents.plist"] {
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: CLI.sample(sample))))
      for tenth in 1..<10 {
        let path = try folder.file("truncated-\(tenth)-\(sample)", Array(bytes.prefix(bytes.count * tenth / 10)))
        let outcome = try MeasuredRun.run(["lint", path], memoryLimit: Self.memoryLimit)
        #expect(outcome.status == 1, "\(sample) cut at \(tenth)/10")
        #expect(outcome.stderr.hasPrefix("plistkit: \(path)"))
        #expect(outcome.cpuSeconds < Self.secondsLimit)
      }
    }
  }
}
