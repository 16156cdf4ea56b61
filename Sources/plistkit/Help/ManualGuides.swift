/// The guides of the project's manual, in `Documentation/`, which the man page's SEE ALSO names
/// so that a reader of the command reference finds the prose that explains it. A test holds the
/// list to the folder.
enum ManualGuides {
  /// One guide: its file in `Documentation/` and what it covers.
  struct Guide {
    /// The file name, such as `cli.md`.
    var file: String
    /// What the guide covers, in a few words.
    var subject: String
  }

  /// Every guide, in the README's order.
  static let all: [Guide] = [
    Guide(file: "cli.md", subject: "every command, where output goes, large files, key paths, exit codes"),
    Guide(file: "formats.md", subject: "the XML, binary, JSON and OpenStep readers and writers"),
    Guide(file: "editing.md", subject: "edits that change only the bytes they touch"),
    Guide(file: "keyed-archives.md", subject: "object graphs, Foundation's classes, archives inside data"),
    Guide(file: "forensics.md", subject: "plists, keyed archives and typedstreams in SQLite databases, read-only"),
    Guide(file: "codable.md", subject: "the Codable coders for plists and keyed archives"),
    Guide(file: "diff-merge-git.md", subject: "diff, three-way merge, the git textconv and merge driver"),
    Guide(file: "compatibility.md", subject: "plutil and PlistBuddy modes, and how they differ from the originals"),
    Guide(file: "validation.md", subject: "JSON Schema and DTD validation"),
    Guide(
      file: "localization.md",
      subject: "String Catalogs: the strings command, Xcode's layout, the checks, .lproj folders"),
    Guide(file: "search-and-sections.md", subject: "the sections and filter commands, matching and collations"),
    Guide(file: "reliability.md", subject: "limits, hostile input, atomic writes, the tests behind them"),
    Guide(file: "benchmarks.md", subject: "speed and memory against plutil, plistutil and plistlib"),
  ]
}
