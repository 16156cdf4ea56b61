import Foundation

/// The Swift code of the documentation's articles (`Sources/MODULE/MODULE.docc/ARTICLE.md`,
/// every page of a catalog but its landing page), laid out as one `main.swift` per article so
/// that a client package compiles every block as a reader would paste it.
///
/// An article's blocks are one program, in order: a later block may use what an earlier one
/// declared, and `import`s come first. Two kinds of block are left out, and say so in their
/// first line, where a reader sees it too: an excerpt of a manifest (`// Package.swift`), and
/// the rare block that is not meant to compile on its own (`// Not compiled: why`).
struct ArticleSnippets {
  /// The module whose catalog holds the article.
  var module: String
  /// The article's file name without `.md`.
  var name: String
  /// Every ```swift block, in order.
  var blocks: [String]

  /// The first lines that leave a block out of the compiled program.
  static let exclusionMarkers = ["// Package.swift", "// Not compiled:"]

  /// Every article of every catalog under `Sources` of the package at `root`, by module and name.
  static func all(in root: URL) throws -> [ArticleSnippets] {
    let sources = root.appendingPathComponent("Sources")
    var articles: [ArticleSnippets] = []
    for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
      let catalog = sources.appendingPathComponent("\(module)/\(module).docc")
      guard let files = try? FileManager.default.contentsOfDirectory(atPath: catalog.path) else { continue }
      for file in files.sorted() where file.hasSuffix(".md") && file != "\(module).md" {
        let text = try String(contentsOf: catalog.appendingPathComponent(file), encoding: .utf8)
        articles.append(
          ArticleSnippets(module: module, name: String(file.dropLast(3)), blocks: swiftBlocks(of: text)))
      }
    }
    return articles
  }

  /// The contents of every block fenced as ```swift in `markdown`.
  static func swiftBlocks(of markdown: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if var lines = current {
        if trimmed == "```" {
          blocks.append(lines.joined(separator: "\n"))
          current = nil
        } else {
          lines.append(line)
          current = lines
        }
      } else if trimmed == "```swift" {
        current = []
      }
    }
    return blocks
  }

  /// The blocks that are compiled: all but the marked ones.
  var compiledBlocks: [String] {
    blocks.filter { block in
      let first = block.split(separator: "\n").first.map(String.init) ?? ""
      return !Self.exclusionMarkers.contains { first.hasPrefix($0) }
    }
  }

  /// The name of the client package's target that compiles the article.
  var targetName: String { "Article\(module)\(name)" }

  /// The article as a `main.swift`: its `import`s first, then its blocks in order, each
  /// introduced by a comment that names it, so that a compiler error points at the block.
  var mainSource: String {
    var imports: Set<String> = []
    var body: [String] = []
    for (position, block) in compiledBlocks.enumerated() {
      body.append("// \(module)/\(name).md, Swift block \(position + 1)")
      for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("import ") {
          imports.insert(String(line))
        } else {
          body.append(String(line))
        }
      }
    }
    return (imports.sorted() + [""] + body).joined(separator: "\n") + "\n"
  }
}
