/// What wires PlistKit into git: the attributes that send property lists, project files,
/// strings files, String Catalogs and entitlements to its diff and merge drivers, and the
/// configuration of those drivers.
///
/// The edits of an attributes file are exact and reversible: ``installing(into:)`` adds only
/// the lines it lacks (so running it twice changes nothing), and ``uninstalling(from:)``
/// removes only those lines, every other byte kept.
public struct GitDriverSetup: Sendable {
  /// One `git config` entry.
  public struct ConfigEntry: Sendable, Equatable {
    /// The key, `section.subsection.name`.
    public var key: String
    /// The value.
    public var value: String

    /// Makes an entry.
    public init(key: String, value: String) {
      self.key = key
      self.value = value
    }
  }

  /// The command the drivers run (`plistkit`, found on git's PATH).
  public var command: String

  /// A setup whose drivers run `command`.
  public init(command: String = "plistkit") { self.command = command }

  /// The line that opens the block of attributes, so that a reader of the file knows where
  /// they came from.
  public static let attributesComment = "# Property lists: diffs and merges by plistkit (plistkit git install)"

  /// The file patterns and their attributes: project files have a merge driver of their own,
  /// so that git's messages and a user's configuration can tell them apart.
  public static let attributeLines = [
    "*.plist diff=plist merge=plist",
    "*.pbxproj diff=plist merge=pbxproj",
    "*.strings diff=plist merge=plist",
    "*.xcstrings diff=plist merge=plist",
    "*.entitlements diff=plist merge=plist",
  ]

  /// The configuration sections the entries live in.
  public static let configSections = ["diff.plist", "merge.plist", "merge.pbxproj"]

  /// The configuration: textconv for diffs and the merge driver, which names the file's path
  /// in the repository (`%P`) in its messages.
  public var configEntries: [ConfigEntry] {
    let driver = "\(command) merge %O %A %B --marker-size %L --path %P"
    return [
      ConfigEntry(key: "diff.plist.textconv", value: "\(command) textconv"),
      ConfigEntry(key: "merge.plist.name", value: "plistkit three-way merge"),
      ConfigEntry(key: "merge.plist.driver", value: driver),
      ConfigEntry(key: "merge.pbxproj.name", value: "plistkit three-way merge of Xcode projects"),
      ConfigEntry(key: "merge.pbxproj.driver", value: driver),
    ]
  }

  /// `attributes` (an attributes file's bytes, empty when there is none) with the lines of
  /// ``attributeLines`` it lacks added at its end, after ``attributesComment``; unchanged when
  /// it has them all. An unterminated last line is ended first.
  public func installing(into attributes: [UInt8]) -> [UInt8] {
    let present = Set(Self.lines(of: attributes).map(Self.trimmed))
    let missing = Self.attributeLines.filter { !present.contains($0) }
    guard !missing.isEmpty else { return attributes }
    var result = attributes
    if let last = result.last, last != UInt8(ascii: "\n") { result.append(UInt8(ascii: "\n")) }
    let block = (present.contains(Self.attributesComment) ? [] : [Self.attributesComment]) + missing
    for line in block { result.append(contentsOf: Array(line.utf8) + [UInt8(ascii: "\n")]) }
    return result
  }

  /// `attributes` without the lines ``installing(into:)`` adds (wherever they are, trailing
  /// spaces and a carriage return aside); every other line stays byte for byte.
  public func uninstalling(from attributes: [UInt8]) -> [UInt8] {
    let ours = Set(Self.attributeLines + [Self.attributesComment])
    var result: [UInt8] = []
    result.reserveCapacity(attributes.count)
    for line in Self.lines(of: attributes) where !ours.contains(Self.trimmed(line)) {
      result.append(contentsOf: line)
    }
    return result
  }

  /// True when `attributes` holds every line ``installing(into:)`` adds.
  public func isInstalled(in attributes: [UInt8]) -> Bool {
    installing(into: attributes) == attributes
  }

  /// The attributes file git reads for every repository: `core.attributesFile` when it is set
  /// (its `~/` expanded), else `$XDG_CONFIG_HOME/git/attributes` when that variable is set and
  /// not empty, else `~/.config/git/attributes`, as git decides it.
  public static func globalAttributesPath(configured: String?, home: String, xdgConfigHome: String?) -> String {
    if let configured, !configured.isEmpty {
      if configured == "~" { return home }
      if configured.hasPrefix("~/") { return home + configured.dropFirst() }
      return configured
    }
    if let xdgConfigHome, !xdgConfigHome.isEmpty { return xdgConfigHome + "/git/attributes" }
    return home + "/.config/git/attributes"
  }

  /// The lines of `bytes`, each with its newline (the last one may have none).
  private static func lines(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
      lines.append(bytes[start...index])
      start = index + 1
    }
    if start < bytes.count { lines.append(bytes[start...]) }
    return lines
  }

  /// A line as text, without its newline, carriage return and trailing spaces and tabs.
  private static func trimmed(_ line: ArraySlice<UInt8>) -> String {
    var end = line.endIndex
    while end > line.startIndex,
      [UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: " "), UInt8(ascii: "\t")].contains(line[end - 1])
    {
      end -= 1
    }
    return String(decoding: line[line.startIndex..<end], as: UTF8.self)
  }
}
