import Foundation
import Testing

/// `scripts/package.sh` with the built binary: the Debian package holds the binary, its man page,
/// completions, links, copyright, README and guides under `/usr`, with a control file dpkg reads,
/// and runs once unpacked; the tarball holds the same files under one folder.
@Suite(
  "package",
  .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dpkg-deb"), "needs dpkg-deb (Debian's dpkg)"))
struct PackageScriptTests {
  static let script = CLI.root.appendingPathComponent("scripts/package.sh").path

  /// The version the binary reports, as the packages name it.
  static var version: String {
    get throws {
      let output = try CLI.run(["--version"]).output
      return String(try #require(output.split(separator: " ").dropFirst().first)).trimmingCharacters(
        in: .whitespacesAndNewlines)
    }
  }

  /// The guides in `Documentation/`, as paths under `folder`.
  static func guides(under folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: CLI.root.appendingPathComponent("Documentation").path)
      .filter { $0.hasSuffix(".md") }.map { folder + "Documentation/" + $0 }
  }

  @Test("the Debian package and the tarball hold the binary, man page, completions, links and guides")
  func packages() throws {
    let folder = try TemporaryDirectory()
    let built = try CLI.run(
      [Self.script, "--binary", CLI.binary, "--output", folder.path], program: "/bin/sh", directory: CLI.root.path)
    #expect(built.status == 0, "\(built.stderr)")
    let version = try Self.version
    let architecture = try CLI.run(["--print-architecture"], program: "/usr/bin/dpkg").output
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let deb = folder.path + "/plistkit_\(version)_\(architecture).deb"

    let fields = try CLI.run(["-f", deb, "Package", "Version", "Architecture"], program: "/usr/bin/dpkg-deb")
    #expect(fields.status == 0, "\(fields.stderr)")
    #expect(fields.output == "Package: plistkit\nVersion: \(version)\nArchitecture: \(architecture)\n")
    let depends = try CLI.run(["-f", deb, "Depends"], program: "/usr/bin/dpkg-deb").output
    #expect(depends.contains("libxml2"), "the binary links libxml2: \(depends)")
    #expect(depends.contains("libsqlite3-0"), "the binary links SQLite: \(depends)")

    let unpacked = folder.path + "/unpacked"
    #expect(try CLI.run(["-x", deb, unpacked], program: "/usr/bin/dpkg-deb").status == 0)
    #expect(
      try InstallTests.contents(unpacked)
        == ([
          "usr/bin/PlistBuddy", "usr/bin/plistkit", "usr/bin/plutil", "usr/share/bash-completion/completions/plistkit",
          "usr/share/doc/plistkit/README.md", "usr/share/doc/plistkit/copyright",
          "usr/share/fish/vendor_completions.d/plistkit.fish", "usr/share/man/man1/plistkit.1.gz",
          "usr/share/zsh/site-functions/_plistkit",
        ] + (try Self.guides(under: "usr/share/doc/plistkit/"))).sorted())
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: unpacked + "/usr/bin/plutil") == "plistkit")
    let lint = try CLI.run(["-lint", CLI.sample("computers.plist")], program: unpacked + "/usr/bin/plutil")
    #expect(lint.output == "\(CLI.sample("computers.plist")): OK\n")
    let licence = try String(contentsOfFile: unpacked + "/usr/share/doc/plistkit/copyright", encoding: .utf8)
    #expect(licence.contains("Apache License"))

    let name =
      "plistkit-\(version)-linux-\(try CLI.run(["-m"], program: "/usr/bin/uname").output.trimmingCharacters(in: .whitespacesAndNewlines))"
    let extracted = folder.path + "/tarball"
    try FileManager.default.createDirectory(atPath: extracted, withIntermediateDirectories: true)
    let untar = try CLI.run(["-xzf", folder.path + "/\(name).tar.gz", "-C", extracted], program: "/bin/tar")
    #expect(untar.status == 0, "\(untar.stderr)")
    #expect(
      try InstallTests.contents(extracted + "/" + name)
        == ([
          "LICENSE", "README.md", "bin/PlistBuddy", "bin/plistkit", "bin/plutil",
          "share/bash-completion/completions/plistkit", "share/fish/vendor_completions.d/plistkit.fish",
          "share/man/man1/plistkit.1", "share/zsh/site-functions/_plistkit",
        ] + (try Self.guides(under: ""))).sorted())
    let tarballVersion = try CLI.run(["--version"], program: extracted + "/" + name + "/bin/plistkit")
    #expect(tarballVersion.output.hasPrefix("plistkit \(version)"))
  }
}
