import Foundation
import PlistKit
import Testing

@testable import PlutilCompatibility

/// The Swift and Objective-C literal writers against bytes the toolchain's `plutil` wrote
/// (`Fixtures/Literals`), and their rules one by one: these run without `plutil`.
@Suite("Source literals")
struct SourceLiteralWriterTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Literals")
  static let inputs = [
    "InfoPlist.strings", "Localizable.strings", "date.plist", "keys.plist", "mixed array-1€.plist", "mixed.plist",
    "no-dates.plist", "number.plist", "reals.plist",
  ]

  /// `Localizable.strings` is the project's sample (UTF-16 with a byte-order mark); the others
  /// were made for these tests.
  static func input(_ name: String) -> String {
    if name == "Localizable.strings" { return Fixtures.samples + "/" + name }
    return fixtures.appendingPathComponent("Inputs/\(name)").path
  }

  static func expected(_ name: String) -> [UInt8]? {
    FileManager.default.contents(atPath: fixtures.appendingPathComponent("Expected/\(name).expected").path).map {
      [UInt8]($0)
    }
  }

  @Test("every fixture is written as plutil wrote it, or refused where it refused", arguments: inputs)
  func matchesGoldenFiles(name: String) throws {
    let value = try PropertyList.read(path: Self.input(name)).value
    let swift = try SwiftLiteralWriter(sourcePath: Self.input(name)).write(value)
    #expect(String(decoding: swift, as: UTF8.self) == String(decoding: Self.expected("\(name).swift")!, as: UTF8.self))
    #expect(swift == Self.expected("\(name).swift"))
    let objc = Result { () throws(PropertyListError) in
      try ObjectiveCLiteralWriter(sourcePath: Self.input(name), outputPath: nil).write(value)
    }
    if let expected = Self.expected("\(name).m") {
      #expect(try objc.get() == expected)
    } else {
      #expect(throws: PropertyListError.self) { try objc.get() }
    }
  }

  @Test("the fixtures hold what the rules are about")
  func fixturesAreNotTrivial() throws {
    let swift = String(decoding: Self.expected("mixed.plist.swift")!, as: UTF8.self)
    for form in ["Data(bytes: [0x00,0x01,0x02,0xFF,])", "Date(timeIntervalSinceReferenceDate: 1e-05)", "inf,", "nan,"] {
      #expect(swift.contains(form), "\(form)")
    }
    #expect(Self.inputs.filter { Self.expected("\($0).m") == nil } == ["date.plist", "mixed.plist"])
  }

  @Test("a file destination imports its header, and the header declares the variable extern")
  func headerAndImport() throws {
    let value = try PropertyList.read(path: Self.input("keys.plist")).value
    let writer = ObjectiveCLiteralWriter(sourcePath: "keys.plist", outputPath: "keys.m")
    #expect(try writer.write(value) == Self.expected("keys.m"))
    #expect(try writer.writeHeader(value) == Self.expected("keys.h"))
    let header = try ObjectiveCLiteralWriter(sourcePath: "in/My List.plist", outputPath: "out/Gen.m").writeHeader(["a"])
    #expect(
      String(decoding: header, as: UTF8.self)
        == "#import <Foundation/Foundation.h>\n\n/// Generated from My List.plist\n"
        + "__attribute__((visibility(\"hidden\")))\nextern NSArray * const My_List;\n")
    let source = try ObjectiveCLiteralWriter(sourcePath: "in/My List.plist", outputPath: "out/Gen.m").write(["a"])
    #expect(
      String(decoding: source, as: UTF8.self).hasPrefix("#import \"Gen.h\"\n\n/// Generated from My List.plist\n"))
  }

  @Test("root values of every kind, and the annotation only for mixed direct children")
  func rootsAndAnnotations() throws {
    let cases: [(PropertyList, String)] = [
      (.integer(5), "let v = 5\n"),
      (.real(2.5), "let v = 2.500000\n"),
      (.boolean(false), "let v = false\n"),
      (.string("s"), "let v = \"s\"\n"),
      (.date(PropertyListDate(secondsSinceReferenceDate: 1)), "let v = Date(timeIntervalSinceReferenceDate: 1.0)\n"),
      (.data([0xAB]), "let v = Data(bytes: [0xAB,])\n"),
      ([], "let v = [\n]\n"),
      ([1, 2], "let v = [\n    1,\n    2,\n]\n"),
      ([1, 1.5], "let v : [Any] = [\n    1,\n    1.500000,\n]\n"),
      ([true, 1], "let v : [Any] = [\n    true,\n    1,\n]\n"),
      ([[1, "a"], []], "let v = [\n    [\n        1,\n        \"a\",\n    ],\n    [\n    ],\n]\n"),
      (["a": [:], "b": ["x": 1]], "let v = [\n    \"a\" : [\n    ],\n    \"b\" : [\n        \"x\" : 1,\n    ],\n]\n"),
      (["a": 1, "b": "x"], "let v : [String : Any] = [\n    \"a\" : 1,\n    \"b\" : \"x\",\n]\n"),
    ]
    for (value, expected) in cases {
      let text = String(decoding: try SwiftLiteralWriter(sourcePath: "v.plist").write(value), as: UTF8.self)
      #expect(text == "/// Generated from v.plist\n" + expected, "\(value)")
    }
    let objc = try ObjectiveCLiteralWriter(sourcePath: "v.plist", outputPath: nil).write([true, false, -3, 0.5, "q"])
    #expect(
      String(decoding: objc, as: UTF8.self)
        == "/// Generated from v.plist\n__attribute__((visibility(\"hidden\")))\nNSArray * const v = @[\n"
        + "    @YES,\n    @NO,\n    @-3,\n    @0.500000,\n    @\"q\",\n];\n")
  }

  @Test("strings escape plutil's sequences in order; keys are not escaped")
  func escapes() {
    let cases: [(String, swift: String, objc: String)] = [
      ("\"", "\\\"", "\\\""),
      (
        "\\b\\s\\w\\.\\|\\*\\)\\(", "\\\\b\\\\s\\\\w\\\\.\\\\|\\\\*\\\\)\\\\(",
        "\\\\b\\\\s\\\\w\\\\.\\\\|\\\\*\\\\)\\\\("
      ),
      ("\\n\\t\\\\", "\\n\\t\\\\", "\\n\\t\\\\"),
      ("a\nb", "a\\nb", "a\nb"),
      ("\r\n", "\r\\n", "\r\n"),
      ("\"\u{301}", "\"\u{301}", "\"\u{301}"),
      ("\\\\b", "\\\\\\b", "\\\\\\b"),
      ("\\\"", "\\\\\"", "\\\\\""),
    ]
    for (string, swift, objc) in cases {
      #expect(SourceLiteralOutput.escaped(string, lineFeeds: true) == swift, "\(string.debugDescription)")
      #expect(SourceLiteralOutput.escaped(string, lineFeeds: false) == objc, "\(string.debugDescription)")
    }
    let text = String(decoding: try! SwiftLiteralWriter(sourcePath: "k").write(["a\"b": "c"]), as: UTF8.self)
    #expect(text.contains("\n    \"a\"b\" : \"c\",\n"))
  }

  @Test("reals are %f, NaN without its sign")
  func reals() {
    let cases: [(Double, String)] = [
      (0, "0.000000"), (-0.0, "-0.000000"), (1.5, "1.500000"), (5e-7, "0.000000"), (1.5e-6, "0.000002"),
      (.infinity, "inf"), (-.infinity, "-inf"), (.nan, "nan"), (-.nan, "nan"), (1e20, "100000000000000000000.000000"),
      (
        .greatestFiniteMagnitude,
        "1797693134862315708145274237317043567980705675258449965989174768031572607800285387605895586327668781715404589535143824642343213268894641827684675467035375169860499105765512820762454900903893289440758685541782602360810566286336397209786585888157786466826211297082012221014512281856952969773883269573263826661212884032.000000"
          .dropLast(0).description
      ),
    ]
    for (real, expected) in cases.dropLast() { #expect(SourceLiteralOutput.formatted(real) == expected, "\(real)") }
    #expect(SourceLiteralOutput.formatted(.greatestFiniteMagnitude).hasSuffix("368.000000"))
    #expect(SourceLiteralOutput.formatted(.greatestFiniteMagnitude).count == 316)
  }

  @Test("names come from the file: the stem, - and space as _, symbols and controls dropped")
  func names() {
    let cases: [(String, variable: String, shown: String)] = [
      ("a/b/Info.plist", "Info", "Info.plist"), ("my-file name€.plist", "my_file_name", "my-file name€.plist"),
      ("a.b.plist", "a.b", "a.b.plist"), ("noext", "noext", "noext"), (".hidden", ".hidden", ".hidden"),
      ("-", "_", "-"), ("dir.d/file", "file", "file"), ("x+y=z.plist", "xyz", "x+y=z.plist"),
    ]
    for (path, variable, shown) in cases {
      #expect(SourceLiteralOutput.variableName(forFile: path) == variable, "\(path)")
      #expect(SourceLiteralOutput.lastComponent(of: path) == shown, "\(path)")
    }
  }

  @Test("what a literal cannot hold is refused at its key path, with plutil's message")
  func refusals() {
    #expect(
      throws: PropertyListError(
        .notRepresentable, at: .keyPath("$objects.1"),
        "Input contains an object that cannot be represented in Swift literal syntax")
    ) {
      try SwiftLiteralWriter(sourcePath: "a").write(["$objects": ["x", .uid(1)]])
    }
    #expect(
      throws: PropertyListError(
        .notRepresentable, at: .keyPath("list.0.when"),
        "Input contains an object that cannot be represented in Obj-C literal syntax")
    ) {
      try ObjectiveCLiteralWriter(sourcePath: "a", outputPath: nil).write(
        ["list": [["when": .date(PropertyListDate(secondsSinceReferenceDate: 0))]]])
    }
    #expect(throws: PropertyListError.self) {
      try ObjectiveCLiteralWriter(sourcePath: "a", outputPath: nil).writeHeader(.data([1]))
    }
  }
}
