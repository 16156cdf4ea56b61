import Foundation
import PlistKit
import Testing

/// A start tag with a flood of attributes: libxml2 checks each against all before it, so
/// 200,000 of them (2.3 MB) took 43 s to lint. Every start tag may have 256 at most (a property
/// list element has one), and a flood is stopped while libxml2 reads it.
@Suite("XML attribute limit")
struct XMLAttributeLimitTests {
  static func tag(_ count: Int, prefix: String = "a") -> String {
    "<plist " + (0..<count).map { "\(prefix)\($0)=\"x\"" }.joined(separator: " ") + "><true/></plist>"
  }

  static let message = "a start tag has more than 256 attributes (the limit; a property list element has one at most)"

  @Test("200,000 attributes or namespace declarations are refused in well under a second, with the line and column")
  func flood() throws {
    let folder = try TemporaryDirectory()
    for (name, text) in [("attributes", Self.tag(200_000)), ("namespaces", Self.tag(200_000, prefix: "xmlns:a"))] {
      let path = try folder.file("\(name).plist", Array(text.utf8))
      for command in [["lint", path], ["convert", path, "--to", "binary", "-o", path + ".bplist"], ["print", path]] {
        let outcome = try MeasuredRun.run(command, memoryLimit: HostileInputTests.memoryLimit)
        #expect(outcome.status == 1, "\(name) \(command[0])")
        #expect(outcome.stderr.hasPrefix("plistkit: \(path):1:"), "\(outcome.stderr)")
        #expect(outcome.stderr.hasSuffix(": \(Self.message)\n"), "\(outcome.stderr)")
        #expect(outcome.cpuSeconds < 0.5 * HostileInputTests.secondsLimit, "took \(outcome.cpuSeconds) s of CPU")
      }
    }
  }

  @Test("validate --dtd stops a flood of attributes with the same guard, before libxml2's validator sees it")
  func dtdFlood() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("attributes.plist", Array(Self.tag(200_000).utf8))
    let outcome = try CLI.run(["validate", "--dtd", path])
    #expect(outcome.status == 1)
    // One error from the DTD check (the guard), then the reader's own.
    #expect(outcome.output == "\(path):1: \(Self.message)\n")
    #expect(outcome.stderr.hasPrefix("plistkit: \(path):1:"), "\(outcome.stderr)")
    #expect(outcome.stderr.hasSuffix(": \(Self.message)\n"), "\(outcome.stderr)")
  }

  @Test("256 attributes read; 257 are refused at the tag's start")
  func boundary() throws {
    let folder = try TemporaryDirectory()
    let allowed = try folder.file("256.plist", "<?xml version=\"1.0\"?>\n" + Self.tag(256))
    let lint = try CLI.run(["lint", allowed])
    #expect(lint.status == 0)
    let refused = try folder.file("257.plist", "<?xml version=\"1.0\"?>\n" + Self.tag(257))
    let outcome = try CLI.run(["lint", refused])
    #expect(outcome.status == 1)
    #expect(outcome.stderr == "plistkit: \(refused):2:1: \(Self.message)\n")
  }
}
