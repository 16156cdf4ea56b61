import Foundation
import Testing

/// The README's dependency snippets, pasted into a package of one's own, resolve: a path
/// dependency on a clone whose folder is not called PlistKit, and a Git dependency.
@Suite("the README's dependency snippets")
struct PackageDependencyTests {
  /// The README's Swift code block that contains `marker`.
  static func snippet(containing marker: String) throws -> String {
    let readme = try String(contentsOf: CLI.root.appendingPathComponent("README.md"), encoding: .utf8)
    let blocks = readme.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    return try #require(blocks.first { $0.contains(marker) }, "no README snippet with \(marker)")
  }

  @Test("the README names every library product of Package.swift, and no other")
  func productList() throws {
    let readme = try String(contentsOf: CLI.root.appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: "The package's products are the libraries "))
    let end = try #require(readme.range(of: ". SwiftPM", range: start.upperBound..<readme.endIndex))
    let named = readme[start.upperBound..<end.lowerBound].split(separator: "`", omittingEmptySubsequences: false)
      .enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    let manifest = try String(contentsOf: CLI.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let products = manifest.components(separatedBy: ".library(name: \"").dropFirst()
      .map { String($0.prefix { $0 != "\"" }) }
    #expect(named.sorted() == products.sorted())
  }

  /// A package that holds `snippet` (its `dependencies:` and `targets:`), and the target's source.
  static func consumer(_ snippet: String, in folder: TemporaryDirectory) throws -> String {
    let manifest = """
      // swift-tools-version:6.0
      import PackageDescription

      let package = Package(
        name: "consumer",
      \(snippet)
      )

      """
    try folder.file("Package.swift", manifest)
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("Sources/MyTool"), withIntermediateDirectories: true)
    try folder.file("Sources/MyTool/main.swift", "import PlistKit\n")
    return folder.path
  }

  /// `swift package SUBCOMMAND` in `package`.
  static func swiftPackage(_ subcommand: String, _ package: String) throws -> CLI.Run {
    try CLI.run(["swift", "package", "--package-path", package, subcommand], program: "/usr/bin/env")
  }

  @Test("a path dependency with name: resolves whatever the clone's folder is called")
  func pathDependency() throws {
    let snippet = try Self.snippet(containing: ".package(name: \"PlistKit\", path:")
    #expect(snippet.contains(#".package(name: "PlistKit", path: "../plistkit")"#))
    // The clone, in a folder with another name.
    let clones = try TemporaryDirectory()
    let clone = clones.url.appendingPathComponent("plistkit-checkout").path
    try FileManager.default.createSymbolicLink(atPath: clone, withDestinationPath: CLI.root.path)
    let pasted = snippet.replacingOccurrences(of: "\"../plistkit\"", with: "\"\(clone)\"")
    let described = try Self.swiftPackage("describe", Self.consumer(pasted, in: TemporaryDirectory()))
    #expect(described.status == 0, "\(described.stderr)")
    #expect(described.output.contains("plistkit-checkout"))
    // Without name:, the same dependency is named after the folder, and the snippet fails.
    let unnamed = pasted.replacingOccurrences(of: ".package(name: \"PlistKit\", path:", with: ".package(path:")
    let failed = try Self.swiftPackage("describe", Self.consumer(unnamed, in: TemporaryDirectory()))
    #expect(failed.status != 0)
    #expect(failed.stderr.contains("unknown package 'PlistKit'"))
  }

  @Test(
    "a Git dependency is named after its URL's last component",
    .enabled(
      if: FileManager.default.fileExists(atPath: CLI.root.appendingPathComponent(".git").path),
      "needs the project as a git checkout (a source archive has no history to push)"))
  func gitDependency() throws {
    let snippet = try Self.snippet(containing: ".package(url:")
    let url = try #require(snippet.firstMatch(of: /\.package\(url: "([^"]+)"/)?.1)
    #expect(url.hasSuffix("/plistkit.git"))
    // A repository of the same last component, holding what is checked out here.
    let repositories = try TemporaryDirectory()
    let bare = repositories.url.appendingPathComponent("plistkit.git").path
    #expect(try CLI.run(["git", "init", "-q", "--bare", bare], program: "/usr/bin/env").status == 0)
    let pushed = try CLI.run(
      ["git", "-C", CLI.root.path, "push", "-q", bare, "HEAD:refs/heads/main"], program: "/usr/bin/env")
    #expect(pushed.status == 0, "\(pushed.stderr)")
    let pasted = snippet.replacingOccurrences(of: String(url), with: "file://" + bare)
    let package = try Self.consumer(pasted, in: TemporaryDirectory())
    let resolved = try Self.swiftPackage("resolve", package)
    #expect(resolved.status == 0, "\(resolved.stderr)")
    let described = try Self.swiftPackage("describe", package)
    #expect(described.status == 0, "\(described.stderr)")
  }
}
