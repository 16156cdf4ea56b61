import Foundation
import Testing

/// A package of a user's own, in Swift 6 language mode, that depends on this one by path: it
/// builds with no warning, and its program, which uses the library as a user would, prints
/// exactly what it should. The same package compiles the Swift code of every documentation
/// article, one target per article (see ``ArticleSnippets``).
///
/// The client's builds share one scratch folder under the package's own `.build`, so that only
/// the first one builds the library in full.
@Suite("a client package in Swift 6 mode")
struct ClientPackageTests {
  /// The client's scratch folder, kept between runs.
  static let scratch = CLI.root.appendingPathComponent(".build/client-package")

  /// The library products the client's targets depend on.
  static let products = [
    "PlistKit", "KeyedArchive", "PlistCoding", "Sectioning", "PlistDocument", "PlistDiff", "Typedstream",
    "StringCatalogs", "ArchiveExtraction",
  ]

  /// The articles the documentation must have; each is compiled.
  static let expectedArticles = [
    "ArchiveExtraction/ExtractingBlobs", "KeyedArchive/KeyedArchives", "PlistCoding/Codable", "PlistDiff/DiffAndMerge",
    "PlistDocument/EditingDocuments", "PlistKit/GettingStarted", "Sectioning/SearchAndSections",
    "StringCatalogs/ConvertingLocalizationFolders", "StringCatalogs/WorkingWithStringCatalogs",
    "Typedstream/Typedstreams",
  ]

  /// The client's manifest, with an executable target `Client` and one per article.
  static func manifest(articles: [ArticleSnippets]) -> String {
    let targets = (["Client"] + articles.map(\.targetName)).map {
      "    .executableTarget(name: \"\($0)\", dependencies: library),"
    }
    return """
      // swift-tools-version:6.0
      import PackageDescription

      let library: [Target.Dependency] = [\(products.map { "\"\($0)\"" }.joined(separator: ", "))].map {
        .product(name: $0, package: "PlistKit")
      }

      let package = Package(
        name: "Client",
        dependencies: [.package(name: "PlistKit", path: "\(CLI.root.path)")],
        targets: [
      \(targets.joined(separator: "\n"))
        ],
        swiftLanguageModes: [.v6]
      )

      """
  }

  /// Coders shared as globals of a module, outside `main.swift`: Swift 6 accepts them only for
  /// `Sendable` types, as it does Foundation's coders.
  static let sharedCoders = #"""
    import PlistCoding

    let decoder = PlistDecoder()
    let encoder = PlistEncoder()

    """#

  /// The client's program: every addition, used as a user would. Its first argument is a
  /// folder to write in.
  static let program = #"""
    import Foundation
    import KeyedArchive
    import PlistCoding
    import PlistKit
    import Sectioning

    struct Person: Codable, Equatable, Sendable {
      var name: String
      var age: Int
    }

    let folder = URL(filePath: CommandLine.arguments[1])
    let people = [Person(name: "Ada", age: 36), Person(name: "Alan", age: 41)]

    // Encode to Data and write it, as with Foundation's PropertyListEncoder.
    encoder.outputFormat = .xml
    let file = folder.appending(path: "people.plist")
    try encoder.encode(people).write(to: file)
    let data = try Data(contentsOf: file)
    print("decoded:", try decoder.decode([Person].self, from: data) == people)

    // Where either result would do, the bytes are [UInt8], as they always were.
    let bytes = try encoder.encode(people)
    print("bytes:", type(of: bytes), bytes.count == data.count)

    // The shared decoder from several tasks at once.
    let counts = try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<4 { group.addTask { try decoder.decode([Person].self, from: data).count } }
      var total = 0
      for try await count in group { total += count }
      return total
    }
    print("tasks decoded:", counts)

    // A PropertyList from a URL and from Data, printed.
    var value = try PropertyList(contentsOf: file)
    print(value)
    print(try PropertyList(bytes: data) == value)
    value[0]?["name"] = "x"
    print(value.debugDescription)

    // Sections of names as strings.
    var names: PropertyList = ["B": ["Bea", "Bob"], "A": ["Alan", "Ada"]]
    names["A"]?[0] = "Ann"
    print(names)
    let list = try SectionedList<String>(propertyList: names)
    let first: [String] = Array(list.items(inSection: 0))
    print(list.titles, first, list.filtered(by: "b").items)

    // A keyed archive, round trip through Data.
    let archive: Data = try KeyedArchiveEncoder().encode(people, forKey: "people")
    let unarchived = try KeyedArchiveDecoder().decode([Person].self, from: archive, forKey: "people")
    print("archive:", archive.prefix(8).elementsEqual("bplist00".utf8), unarchived == people)

    """#

  /// What the program prints.
  static let expectedOutput = """
    decoded: true
    bytes: Array<UInt8> true
    tasks decoded: 8
    [["age": 36, "name": "Ada"], ["age": 41, "name": "Alan"]]
    true
    [["age": .integer(36), "name": .string("x")], ["age": .integer(41), "name": .string("Alan")]]
    ["B": ["Bea", "Bob"], "A": ["Ann", "Ada"]]
    ["A", "B"] ["Ann", "Ada"] ["Bea", "Bob"]
    archive: true true

    """

  @Test(
    "the client builds without a warning and prints what it should; every article's Swift code compiles",
    .timeLimit(.minutes(20)))
  func client() throws {
    let articles = try ArticleSnippets.all(in: CLI.root)
    #expect(articles.map { "\($0.module)/\($0.name)" } == Self.expectedArticles)
    let package = try TemporaryDirectory()
    try package.file("Package.swift", Self.manifest(articles: articles))
    for target in ["Client"] + articles.map(\.targetName) {
      try FileManager.default.createDirectory(
        at: package.url.appendingPathComponent("Sources/\(target)"), withIntermediateDirectories: true)
    }
    try package.file("Sources/Client/main.swift", Self.program)
    try package.file("Sources/Client/SharedCoders.swift", Self.sharedCoders)
    for article in articles {
      #expect(!article.compiledBlocks.isEmpty, "\(article.module)/\(article.name).md has no Swift code to compile")
      try package.file("Sources/\(article.targetName)/main.swift", article.mainSource)
    }

    let build = try CLI.run(
      ["swift", "build", "--package-path", package.path, "--scratch-path", Self.scratch.path],
      program: "/usr/bin/env")
    // SwiftPM's progress lines say nothing about a failure; the compiler's lines do.
    let diagnostics = (build.output + build.stderr).split(separator: "\n").filter { !$0.hasPrefix("[") }
    try #require(build.status == 0, "the client did not build:\n\(diagnostics.joined(separator: "\n"))")
    // The library builds without warnings in its own build; here, none in the client's code.
    let warnings = (build.output + build.stderr).split(separator: "\n").filter {
      $0.contains(package.path) && $0.contains("warning:")
    }
    #expect(warnings.isEmpty, "\(warnings.joined(separator: "\n"))")

    let output = try TemporaryDirectory()
    let run = try CLI.run(
      [output.path], program: Self.scratch.appendingPathComponent("debug/Client").path)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.output == Self.expectedOutput)
  }
}
