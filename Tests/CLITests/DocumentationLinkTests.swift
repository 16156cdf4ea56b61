import Foundation
import Testing

/// Every relative link of the project's prose leads somewhere: the README, CONTRIBUTING.md,
/// ARCHITECTURE.md and the guides in `Documentation/` link one another and the source, and a
/// file moved or a heading renamed must not leave a link behind.
@Suite("documentation links")
struct DocumentationLinkTests {
  /// The documents whose links are checked, relative to the project's folder.
  static func documents() throws -> [String] {
    let guides = try FileManager.default.contentsOfDirectory(
      atPath: CLI.root.appendingPathComponent("Documentation").path
    ).filter { $0.hasSuffix(".md") }.sorted()
    return ["README.md", "CONTRIBUTING.md", "ARCHITECTURE.md"] + guides.map { "Documentation/" + $0 }
  }

  /// The text of a document outside its fenced code blocks, where a `[…](…)` is no link.
  static func prose(_ text: String) -> [Substring] {
    var inFence = false
    return text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
      if line.hasPrefix("```") {
        inFence.toggle()
        return false
      }
      return !inFence
    }
  }

  /// The anchors GitHub gives a document's headings: lower case, only letters, digits, spaces,
  /// hyphens and underscores kept, spaces made hyphens, a repeated one numbered.
  static func anchors(_ text: String) -> Set<String> {
    var anchors: Set<String> = []
    var seen: [String: Int] = [:]
    for line in prose(text) {
      guard let heading = line.firstMatch(of: /^#{1,6} (.+)$/)?.1 else { continue }
      let kept = heading.lowercased().unicodeScalars.filter { scalar in
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == " " || scalar == "-"
          || scalar == "_"
      }
      let slug = String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-")
      let count = seen[slug, default: 0]
      seen[slug] = count + 1
      anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
    }
    return anchors
  }

  /// The relative link targets of a document: `[text](target)` in its prose, code spans left out.
  static func links(_ text: String) -> [String] {
    prose(text).flatMap { line in
      line.replacing(/`[^`]*`/, with: "").matches(of: /\]\(([^)\s]+)\)/).map { String($0.1) }
    }.filter { !$0.contains(":") }
  }

  @Test("the anchors of headings are GitHub's")
  func anchorRules() {
    let text = "# Diff, merge and git\n## Command line: `plistkit`\n```\n# not a heading\n```\n## Limits\n## Limits\n"
    #expect(Self.anchors(text) == ["diff-merge-and-git", "command-line-plistkit", "limits", "limits-1"])
    #expect(
      Self.links("[a](b.md) `[c](d.md)` [`e`](f#g) [h](https://example.com)\n```\n[i](j)\n```\n") == ["b.md", "f#g"])
  }

  @Test("every relative link in the README, CONTRIBUTING, ARCHITECTURE and the guides leads to a file and heading")
  func relativeLinksResolve() throws {
    let documents = try Self.documents()
    #expect(documents.count >= 14)
    var checked = 0
    for document in documents {
      let url = CLI.root.appendingPathComponent(document)
      let text = try String(contentsOf: url, encoding: .utf8)
      for link in Self.links(text) {
        checked += 1
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        let target = path.isEmpty ? url : url.deletingLastPathComponent().appendingPathComponent(path).standardized
        guard FileManager.default.fileExists(atPath: target.path) else {
          Issue.record("\(document): \(link) leads to no file")
          continue
        }
        if parts.count == 2 {
          let targetText = try String(contentsOf: target, encoding: .utf8)
          #expect(Self.anchors(targetText).contains(String(parts[1])), "\(document): \(link) leads to no heading")
        }
      }
    }
    #expect(checked >= 40)
  }
}
