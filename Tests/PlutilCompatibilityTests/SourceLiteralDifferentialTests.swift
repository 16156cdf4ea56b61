import Foundation
import PlistKit
import PropertyListRoutes
import Testing

@testable import PlutilCompatibility

/// The literal writers against the toolchain's `plutil -convert swift|objc` itself, byte for
/// byte: on the samples, the fixtures, the Xcode-written files and the book's files of the shared
/// corpus when it is there, and random values.
/// Skipped without `plutil`; `SourceLiteralWriterTests` holds the same expectations as files.
@Suite("Source literals against plutil", .enabled(if: Plutil.isAvailable, "needs the toolchain's plutil"))
struct SourceLiteralDifferentialTests {
  enum Language: String, CaseIterable {
    case swift, objc
  }

  /// `plutil -convert LANGUAGE -o - FILE`: its output, or nil when it refused the file.
  static func plutil(_ language: Language, _ file: String) throws -> [UInt8]? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Plutil.path)
    process.arguments = ["-convert", language.rawValue, "-o", "-", file]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = Pipe()
    try process.run()
    let bytes = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? [UInt8](bytes) : nil
  }

  static func ours(_ language: Language, _ value: PropertyList, file: String) throws(PropertyListError) -> [UInt8] {
    switch language {
    case .swift: try SwiftLiteralWriter(sourcePath: file).write(value)
    case .objc: try ObjectiveCLiteralWriter(sourcePath: file, outputPath: nil).write(value)
    }
  }

  /// Checks one file both ways; returns how many outputs plutil accepted.
  @discardableResult
  static func check(_ file: String, value: PropertyList? = nil, comment: String = "") throws -> Int {
    let value = try value ?? PropertyList.read(path: file).value
    var accepted = 0
    for language in Language.allCases {
      let mine = Result { () throws(PropertyListError) in try ours(language, value, file: file) }
      if let expected = try plutil(language, file) {
        accepted += 1
        let written = try mine.get()
        if written != expected {
          let mineText = String(decoding: written, as: UTF8.self)
          let theirs = String(decoding: expected, as: UTF8.self)
          Issue.record("\(language) \(file) \(comment): \(mineText)\n---\n\(theirs)")
        }
      } else {
        #expect(throws: PropertyListError.self, "\(language) \(file) \(comment)") { try mine.get() }
      }
    }
    return accepted
  }

  static var files: [String] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    var paths: [String] = []
    for folder in [
      "Samples", "Tests/PlutilCompatibilityTests/Fixtures/Literals/Inputs", "../shared/corpus/xcode",
      "../shared/corpus/book",
    ] {
      let url = root.appendingPathComponent(folder)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
      // Files only: the lists the book's samples are made from have a folder of their own.
      paths += names.sorted().filter { !$0.hasPrefix("LICENSE") && !$0.hasSuffix(".md") }.map {
        url.appendingPathComponent($0).path
      }.filter { path in
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
      }
    }
    return paths
  }

  @Test("every sample, fixture and corpus file: plutil's bytes, or refused where it refuses")
  func files() throws {
    let files = Self.files
    // The project's own samples and inputs, and the corpus's Xcode and book files where it is.
    #expect(files.count >= 14 + (Corpus.has("xcode") ? 6 : 0) + (Corpus.has("book") ? 3 : 0))
    var accepted = 0
    for file in files { accepted += try Self.check(file) }
    // The keyed archives are refused by both; most others are written.
    #expect(accepted >= 20)
  }

  /// A random value with every dictionary key made ASCII: ``PlutilKeyOrder`` follows the root
  /// collation exactly only there (values keep their Unicode).
  static func asciiKeys(_ value: PropertyList, using generator: inout SeededGenerator) -> PropertyList {
    switch value {
    case .array(let elements): return .array(elements.map { asciiKeys($0, using: &generator) })
    case .dictionary(let dictionary):
      var result = PropertyListDictionary()
      let alphabet = Array("abcXYZ0129_-. !$~/\\\"'()*|\t")
      for (key, element) in dictionary {
        var ascii = String(key.unicodeScalars.filter(\.isASCII).map(Character.init))
        if ascii.count < key.unicodeScalars.count || Bool.random(using: &generator) {
          ascii += String(
            (0..<Int.random(in: 0...4, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        }
        result[ascii] = asciiKeys(element, using: &generator)
      }
      return .dictionary(result)
    default: return value
    }
  }

  @Test("300 random values (mixed kinds, edge numbers, dates, data, Unicode strings, empty and nested containers)")
  func randomValues() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("literals-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var generator = SeededGenerator(seed: 0x4C49_5445)
    var kinds = Set(PropertyList.Kind.allCases)
    kinds.remove(.uid)
    let random = RandomPropertyList(kinds: kinds, extendedValues: true)
    var accepted = 0
    for index in 0..<300 {
      let value = Self.asciiKeys(random.make(using: &generator), using: &generator)
      let file = folder.appendingPathComponent(["random \(index).plist", "a-b.c.plist", "x€y"][index % 3]).path
      try value.write(to: file, as: .binary)
      accepted += try Self.check(file, value: value, comment: "value \(index)")
    }
    #expect(accepted > 300)
  }

  @Test("keys outside ASCII that the approximation orders as plutil does")
  func latinAndOtherKeys() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("literals-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let keys = [
      "b", "a", "A", "\u{C5}", "\u{E4}", "ae", "\u{C6}", "o", "\u{F4}", "ss", "\u{DF}", "e", "\u{E9}", "f", "z",
      "\u{3A9}",
      "\u{3C9}", "\u{4E2D}", "\u{65E5}", "caf\u{E9}", "cafe", "Caf\u{E9}", "na\u{EF}ve", "naive", "\u{C9}cole", "ecole",
      "\u{1F600}", "~", "$", "1",
    ]
    let file = folder.appendingPathComponent("keys.plist").path
    let value = PropertyList.dictionary(
      PropertyListDictionary(keys.enumerated().map { ($0.element, .integer($0.offset)) }))
    try value.write(to: file, as: .xml)
    #expect(try Self.check(file, value: value) == 2)
  }
}
