import Foundation
import Testing

/// `plutil -convert swift|objc [-header]` in plutil mode: where the files go, the header, the
/// refusals and exit codes, against the toolchain's plutil where both behave alike.
@Suite("plutil mode: source literals")
struct PlutilLiteralTests {
  static let plist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict><key>b</key><true/><key>A10</key><integer>-5</integer><key>a9</key><string>x "y"</string></dict>
    </plist>
    """
  static let swift = """
    /// Generated from Info-App.plist
    let Info_App : [String : Any] = [
        "a9" : "x \\"y\\"",
        "A10" : -5,
        "b" : true,
    ]

    """
  static let objcBody = """
    /// Generated from Info-App.plist
    __attribute__((visibility("hidden")))
    NSDictionary * const Info_App = @{
        @"a9" : @"x \\"y\\"",
        @"A10" : @-5,
        @"b" : @YES,
    };

    """
  static let header = """
    #import <Foundation/Foundation.h>

    /// Generated from Info-App.plist
    __attribute__((visibility("hidden")))
    extern NSDictionary * const Info_App;

    """

  @Test("-convert swift writes NAME.swift next to the input, and -o - prints it")
  func swiftNextToTheInput() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.file("Info-App.plist", Self.plist)
    let run = try CLI.run(["plutil", "-convert", "swift", input])
    #expect(run.status == 0 && run.output.isEmpty && run.stderr.isEmpty)
    #expect(String(decoding: try folder.contents("Info-App.swift"), as: UTF8.self) == Self.swift)
    #expect(String(decoding: try folder.contents("Info-App.plist"), as: UTF8.self) == Self.plist)
    let printed = try CLI.run(["plutil", "-convert", "swift", "-o", "-", input])
    #expect(printed.output == Self.swift)
  }

  @Test("-convert objc -header writes NAME.m importing NAME.h, and NAME.h; standard output gets neither")
  func objcWithHeader() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.file("Info-App.plist", Self.plist)
    let run = try CLI.run(["plutil", "-convert", "objc", "-header", input])
    #expect(run.status == 0 && run.stderr.isEmpty)
    #expect(
      String(decoding: try folder.contents("Info-App.m"), as: UTF8.self) == "#import \"Info-App.h\"\n\n" + Self.objcBody
    )
    #expect(String(decoding: try folder.contents("Info-App.h"), as: UTF8.self) == Self.header)
    let other = try CLI.run(["plutil", "-convert", "objc", "-header", "-o", folder.path + "/Gen.m", input])
    #expect(other.status == 0)
    #expect(String(decoding: try folder.contents("Gen.m"), as: UTF8.self) == "#import \"Gen.h\"\n\n" + Self.objcBody)
    #expect(try folder.contents("Gen.h") == folder.contents("Info-App.h"))
    let printed = try CLI.run(["plutil", "-convert", "objc", "-header", "-o", "-", input])
    #expect(printed.output == Self.objcBody)
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/-"))
  }

  @Test("standard input is named -, its variable _, and its source goes to standard output")
  func standardInput() throws {
    let folder = try TemporaryDirectory()
    let run = try CLI.run(["plutil", "-convert", "swift", "-"], stdin: Array(Self.plist.utf8), directory: folder.path)
    #expect(run.status == 0)
    #expect(run.output.hasPrefix("/// Generated from -\nlet _ : [String : Any] = [\n"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test("a name without an extension gets one appended instead of being overwritten, header included")
  func noExtension() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.file("settings", Self.plist)
    #expect(try CLI.run(["plutil", "-convert", "swift", input]).status == 0)
    #expect(String(decoding: try folder.contents("settings"), as: UTF8.self) == Self.plist)
    // A dot in a folder's name is no extension (plutil writes `dir.swift` for `dir.d/file`).
    try FileManager.default.createDirectory(atPath: folder.path + "/dir.d", withIntermediateDirectories: false)
    let nested = try folder.file("dir.d/file", Self.plist)
    #expect(try CLI.run(["plutil", "-convert", "swift", nested]).status == 0)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path + "/dir.d").sorted() == ["file", "file.swift"])
    // A header beside a -o name without an extension goes to NAME.h, not over the source.
    #expect(try CLI.run(["plutil", "-convert", "objc", "-header", "-o", folder.path + "/Gen", input]).status == 0)
    #expect(String(decoding: try folder.contents("Gen"), as: UTF8.self).hasPrefix("#import \"Gen.h\"\n\n"))
    #expect(
      String(decoding: try folder.contents("Gen.h"), as: UTF8.self).hasPrefix("#import <Foundation/Foundation.h>"))
    #expect(
      String(decoding: try folder.contents("settings.swift"), as: UTF8.self).hasPrefix("/// Generated from settings\n"))
  }

  @Test("refusals: plutil's messages, exit 1, nothing written")
  func refusals() throws {
    let folder = try TemporaryDirectory()
    let dated = try folder.file(
      "dated.plist", "<plist version=\"1.0\"><array><date>2001-01-01T00:00:00Z</date></array></plist>")
    let cases: [([String], String)] = [
      (
        ["-convert", "objc", dated],
        "\(dated): Input contains an object that cannot be represented in Obj-C literal syntax\n"
      ),
      (["-convert", "swift", "-header", dated], "-header is only valid for objc literal conversions.\n"),
      (
        ["-convert", "swift", CLI.sample("Presidents.plist"), "-o", "-"],
        "\(CLI.sample("Presidents.plist")): Input contains an object that cannot be represented in Swift literal syntax\n"
      ),
    ]
    for (arguments, message) in cases {
      let run = try CLI.run(["plutil"] + arguments)
      #expect(run.status == 1, "\(arguments)")
      #expect(run.stderr == message, "\(arguments)")
      #expect(run.output.isEmpty)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["dated.plist"])
  }

  @Test(
    "the same files, output and exit codes as the real plutil",
    .enabled(if: Plutil.isAvailable, "needs the toolchain's plutil"))
  func matchesRealPlutil() throws {
    let ours = try TemporaryDirectory()
    let theirs = try TemporaryDirectory()
    for folder in [ours, theirs] {
      try folder.file("Info-App.plist", Self.plist)
      try folder.file("dated.plist", "<plist version=\"1.0\"><array><date>2001-01-01T00:00:00Z</date></array></plist>")
    }
    let commands: [[String]] = [
      ["-convert", "swift", "Info-App.plist"], ["-convert", "objc", "Info-App.plist"],
      ["-convert", "objc", "-header", "Info-App.plist"],
      ["-convert", "objc", "-header", "-o", "Out.m", "Info-App.plist"],
      ["-convert", "swift", "-o", "-", "Info-App.plist"], ["-convert", "objc", "-o", "-", "Info-App.plist"],
      ["-convert", "objc", "-header", "-o", "-", "Info-App.plist"], ["-convert", "objc", "dated.plist"],
      ["-convert", "swift", "-header", "Info-App.plist"], ["-convert", "swift", "-s", "dated.plist"],
      ["-convert", "swift", "-o", "both.swift", "Info-App.plist", "dated.plist"],
      ["-convert", "swift", "-e", "txt", "Info-App.plist"],
    ]
    for arguments in commands {
      let real = try CLI.run(arguments, program: Plutil.path, directory: theirs.path)
      let mine = try CLI.run(["plutil"] + arguments, directory: ours.path)
      #expect(mine.status == real.status, "\(arguments)")
      #expect(mine.stdout == real.stdout, "\(arguments)")
      #expect(mine.stderr == real.stderr, "\(arguments)")
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: theirs.path).sorted()
    #expect(try FileManager.default.contentsOfDirectory(atPath: ours.path).sorted() == names)
    #expect(names.count == 9)
    for name in names { #expect(try ours.contents(name) == theirs.contents(name), "\(name)") }
  }
}
