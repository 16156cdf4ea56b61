import DocumentLayouts
import Foundation
import PlistKit
import Testing

/// `plistkit textconv`: the indented tree git diffs. Its two promises are tested here on
/// seeded random values: an inserted, removed or moved element changes only its own lines,
/// and two different values never print the same text (the text reads back as the value).
@Suite("textconv")
struct TextconvTests {
  /// The lines `textconv` prints for `value` (written as a binary plist), as bytes: Swift's
  /// `String` equality would take `"e\u{301}"` and `"\u{E9}"` for the same line.
  static func lines(_ value: PropertyList) throws -> [[UInt8]] {
    let run = try CLI.run(["textconv", "-"], stdin: try value.serialized(as: .binary))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.last == 0x0A)
    return run.stdout.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map(Array.init)
  }

  static func text(_ value: PropertyList) throws -> String {
    try lines(value).map { String(decoding: $0, as: UTF8.self) + "\n" }.joined()
  }

  @Test("a nested sample, exactly: sorted keys, elements without indices, every kind of scalar")
  func nestedSample() throws {
    let value: PropertyList = [
      "Name": "Presidents",
      "Count": 43,
      "Tags": [
        "book", 1.5, true, .date(PropertyListDate(secondsSinceReferenceDate: 0)), .data([0x00, 0x01, 0xFF]),
        .uid(7), [1, 2], [], [:], ["Party": "None", "two words": "x"],
      ],
      "Empty": [:],
      "Nested": ["Inner": ["Deep": ["k": "v"]]],
    ]
    #expect(
      try Self.text(value) == """
        Count = 43
        Empty = {}
        Name = "Presidents"
        Nested = {
          Inner = {
            Deep = {
              k = "v"
            }
          }
        }
        Tags = [
          "book"
          1.5
          true
          2001-01-01T00:00:00Z
          <0001ff>
          <uid 7>
          [
            1
            2
          ]
          []
          {}
          {
            Party = "None"
            "two words" = "x"
          }
        ]

        """)
  }

  @Test("a keyed archive as its objects: the diff guide's example")
  func keyedArchive() throws {
    let run = try CLI.run(["textconv", CLI.sample("Presidents.plist")])
    #expect(run.status == 0)
    #expect(
      run.output.hasPrefix(
        """
        Presidents = [
          {
            $class = "President"
            FromYear = "1789"
            Name = "George Washington"
            Party = "None"
            President = 1
            ToYear = "1797"
          }
          {

        """))
  }

  @Test("the root: a dictionary's keys at column 0, an array in brackets, a scalar alone, empties")
  func roots() throws {
    #expect(try Self.text(["b": 1, "a": ["x"]]) == "a = [\n  \"x\"\n]\nb = 1\n")
    #expect(try Self.text(["x", ["k": 1]]) == "[\n  \"x\"\n  {\n    k = 1\n  }\n]\n")
    #expect(try Self.text("x") == "\"x\"\n")
    #expect(try Self.text(42) == "42\n")
    #expect(try Self.text([:]) == "{}\n")
    #expect(try Self.text([]) == "[]\n")
  }

  @Test("keys are bare when plain, quoted with escapes when they hold syntax, space or invisible characters")
  func keys() throws {
    var dictionary = PropertyListDictionary()
    let keys = [
      "", "two words", "a=b", "{", "}", "[x]", "quote\"", "back\\slash", "k.dotted", "ключ", "e\u{301}", "\u{E9}",
      "nbsp\u{A0}", "zero\u{200B}width", "$(inherited)", "tab\t", "line\nbreak", "1", "-ObjC", "a:b/c",
    ]
    for (index, key) in keys.enumerated() { dictionary[key] = .integer(Int64(index)) }
    // Bytes, not strings: `"e\u{301}"` and `"\u{E9}"` are equal strings.
    let expected = [
      #""" = 0"#, "$(inherited) = 14", "-ObjC = 18", "1 = 17", #""[x]" = 5"#, "a:b/c = 19", #""a=b" = 2"#,
      #""back\\slash" = 7"#, "e\u{301} = 10", "k.dotted = 8", #""line\nbreak" = 16"#, "\"nbsp\u{A0}\" = 12",
      #""quote\"" = 6"#, #""tab\t" = 15"#, #""two words" = 1"#, "\"zero\u{200B}width\" = 13", #""{" = 3"#,
      #""}" = 4"#, "\u{E9} = 11", "ключ = 9",
    ]
    #expect(try Self.lines(.dictionary(dictionary)) == expected.map { Array($0.utf8) })
  }

  @Test("a project file's object IDs carry Xcode's comments on the line that opens the object")
  func projectLabels() throws {
    let run = try CLI.run(["textconv", CLI.sample("project.pbxproj")])
    #expect(run.status == 0)
    let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).prefix(15)
    #expect(
      lines.joined(separator: "\n") == """
        archiveVersion = "1"
        classes = {}
        objectVersion = "56"
        objects = {
          4A1B2C3D2B00000100ABCDEF (PresidentList.swift in (null)) = {
            fileRef = "4A1B2C3D2B00000200ABCDEF"
            isa = "PBXBuildFile"
          }
          4A1B2C3D2B00000200ABCDEF (PresidentList.swift) = {
            isa = "PBXFileReference"
            lastKnownFileType = "sourcecode.swift"
            path = "PresidentList.swift"
            sourceTree = "<group>"
          }
          4A1B2C3D2B00000300ABCDEF (Presidents.plist in (null)) = {
        """)
    // A group without a name or path: Xcode writes no comment, and neither does textconv.
    #expect(run.output.contains("\n  4A1B2C3D2B00000600ABCDEF = {\n    children = [\n"))
  }

  @Test("nesting as deep as the reader allows, indented all the way")
  func deep() throws {
    let depth = 511
    var objects: [[UInt8]] = (0..<depth).map { [0xA1] + HostileFiles.bigEndian(UInt64($0 + 1), width: 2) }
    objects.append([0x51, 0x61])
    let file = try TemporaryDirectory().file(
      "deep.bplist", HostileFiles.binary(objects, referenceSize: 2, offsetSize: 4))
    func indented(_ level: Int, _ line: String) -> String { String(repeating: "  ", count: level) + line + "\n" }
    let expected =
      (0..<depth).map { indented($0, "[") }.joined() + indented(depth, "\"a\"")
      + (0..<depth).reversed().map { indented($0, "]") }.joined()
    let run = try CLI.run(["textconv", file])
    #expect(run.status == 0)
    #expect(run.output == expected)
  }

  @Test("the output limit: checked before writing, and while writing, where indentation adds to it")
  func outputLimit() throws {
    // 200 references to one 10,000-byte string: `[`, 200 lines of `  "x…x"`, `]`.
    let path = try TemporaryDirectory().file(
      "shared.bplist", OutputBudgetTests.sharedStringPlist(references: 200, length: 10_000))
    let whole = try CLI.run(["textconv", path])
    #expect(whole.status == 0)
    #expect(whole.stdout.count == 2 + 200 * 10_005 + 2)
    #expect(try CLI.run(["textconv", path, "--output-limit", "2001004"]).stdout == whole.stdout)
    // The check before writing weighs the least the lines make, without the indentation.
    let refused = try CLI.run(["textconv", path, "--output-limit", "2000602"])
    #expect(refused.status == 1)
    #expect(refused.stdout.isEmpty)
    #expect(
      refused.stderr
        == "plistkit: \(path): \(OutputBudgetTests.tail(2_000_603, "textconv lines", limit: 2_000_602))\n")
    // Past that check, the printer counts what it writes and stops, having written what came before.
    let stopped = try CLI.run(["textconv", path, "--output-limit", "2001003"])
    #expect(stopped.status == 1)
    #expect(
      stopped.stderr
        == "plistkit: \(path): the textconv lines passed 2001003 bytes while they were written, over the output "
        + "limit of 2001003 bytes; use --output-limit to raise it\n")
    #expect(!stopped.stdout.isEmpty)
    #expect(stopped.stdout.count < whole.stdout.count)
    #expect(whole.stdout.starts(with: stopped.stdout))
  }

  @Test("the check before writing never refuses lines that fit the limit: it weighs the least they make")
  func limitFits() throws {
    var layout = RandomLayout(source: SeededGenerator(seed: 0x5121))
    for _ in 0..<60 {
      let value = Self.randomValue(&layout, root: true)
      let bytes = try value.serialized(as: .binary)
      let whole = try CLI.run(["textconv", "-"], stdin: bytes)
      let limited = try CLI.run(["textconv", "-", "--output-limit", "\(whole.stdout.count)"], stdin: bytes)
      #expect(limited.status == 0, "\(value): \(limited.stderr)")
      #expect(limited.stdout == whole.stdout)
    }
  }

  // MARK: - Stable under insertions

  /// How many lines `value` takes as an element or entry: one for a scalar or an empty
  /// container, an opening and a closing line around the contents otherwise.
  static func lineCount(_ value: PropertyList) -> Int {
    switch value {
    case .array(let elements) where !elements.isEmpty: 2 + elements.reduce(0) { $0 + lineCount($1) }
    case .dictionary(let dictionary) where !dictionary.isEmpty: 2 + dictionary.values.reduce(0) { $0 + lineCount($1) }
    default: 1
    }
  }

  /// The lines only in `old` and the lines only in `new`, by a longest common subsequence of
  /// lines (what a line diff shows as `-` and `+`).
  static func changes(_ old: [[UInt8]], _ new: [[UInt8]]) -> (removed: Int, added: Int) {
    var lengths = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        lengths[i][j] = old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    let common = lengths[0][0]
    return (old.count - common, new.count - common)
  }

  /// A random value for the tests: the layouts' values (odd keys, canonically equivalent keys,
  /// empty containers) and, now and then, the kinds they leave out.
  static func randomValue(_ layout: inout RandomLayout<SeededGenerator>, root: Bool) -> PropertyList {
    if Int.random(in: 0..<8, using: &layout.source) == 0 {
      return Bool.random(using: &layout.source)
        ? .uid(UInt64.random(in: 0...20, using: &layout.source))
        : .date(
          PropertyListDate(secondsSinceReferenceDate: Double(Int.random(in: -1000...1000, using: &layout.source))))
    }
    if Bool.random(using: &layout.source) { return RandomEdit.randomValue(scalars: true, using: &layout.source) }
    return root ? layout.rootValue(for: .xml) : layout.value(for: .xml)
  }

  /// The containers of `value` with their paths.
  static func containers(in value: PropertyList) -> [(path: PropertyListKeyPath, value: PropertyList)] {
    RandomEdit.paths(in: value).filter { $0.value.kind == .array || $0.value.kind == .dictionary }
  }

  @Test("inserting an element or an entry adds exactly its lines; removing it takes exactly them away")
  func insertions() throws {
    var layout = RandomLayout(source: SeededGenerator(seed: 0x7E47_C0DE))
    var tried = 0
    var intoEmpty = 0
    while tried < 150 {
      let base = Self.randomValue(&layout, root: true)
      guard let (path, container) = Self.containers(in: base).randomElement(using: &layout.source) else { continue }
      tried += 1
      let element = Self.randomValue(&layout, root: false)
      var edited = base
      if case .array(let elements) = container {
        let index = Int.random(in: 0...elements.count, using: &layout.source)
        try edited.insertValue(element, at: path.appending(index: index))
      } else {
        let keys = container.dictionaryValue?.keys ?? []
        var key = RandomEdit.randomKey(using: &layout.source)
        while keys.contains(where: { $0.utf8.elementsEqual(key.utf8) }) { key += "+" }
        try edited.insertValue(element, at: path.appending(key))
      }
      let old = try Self.lines(base)
      let new = try Self.lines(edited)
      let lines = Self.lineCount(element)
      let isEmpty = container.arrayValue?.isEmpty ?? container.dictionaryValue!.isEmpty
      let description = "\(path) in \(base), inserting \(element)"
      if !isEmpty {
        #expect(Self.changes(old, new) == (0, lines), "\(description)")
        #expect(Self.changes(new, old) == (lines, 0), "\(description)")
      } else {
        // An empty container's `[]` or `{}` line becomes its opening and closing lines; the
        // root dictionary has neither, and its `{}` gives way to the entry alone.
        intoEmpty += 1
        let brackets = path.components.isEmpty && container.kind == .dictionary ? 0 : 2
        #expect(Self.changes(old, new) == (1, lines + brackets), "\(description)")
      }
    }
    #expect(intoEmpty > 5 && intoEmpty < 100)
  }

  @Test("moving an element changes at most its own lines, where they were and where they go")
  func moves() throws {
    var layout = RandomLayout(source: SeededGenerator(seed: 0x40FE))
    var tried = 0
    var changed = 0
    while tried < 100 {
      let base = Self.randomValue(&layout, root: true)
      let arrays = Self.containers(in: base).filter { ($0.value.arrayValue?.count ?? 0) >= 2 }
      guard let (path, array) = arrays.randomElement(using: &layout.source) else { continue }
      tried += 1
      let count = array.arrayValue!.count
      let from = Int.random(in: 0..<count, using: &layout.source)
      var to = Int.random(in: 0..<count - 1, using: &layout.source)
      if to >= from { to += 1 }
      var edited = base
      try edited.moveValue(from: path.appending(index: from), to: path.appending(index: to))
      let lines = Self.lineCount(array.arrayValue![from])
      let (removed, added) = Self.changes(try Self.lines(base), try Self.lines(edited))
      // Equal to its lines unless the element's lines match its neighbours'.
      #expect(removed == added && removed <= lines, "\(path) in \(base): \(from) → \(to)")
      if removed == lines { changed += 1 }
    }
    #expect(changed > 50)
  }

  @Test("one name inserted into the computers list adds one line in git diff", arguments: computerLists)
  func gitDiffOfAnInsertion(path: String) throws {
    let repository = try GitIntegrationTests.Repository()
    let list = try PropertyList(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    var names = try #require(list.arrayValue)
    try repository.write(list, to: "computers.plist", as: .binary)
    try repository.commitAll("base")
    let index = try #require(names.firstIndex { ($0.stringValue ?? "") > "Macintosh Classic" })
    names.insert("Macintosh Classic", at: index)
    try repository.write(.array(names), to: "computers.plist", as: .binary)
    let diff = try repository.run("diff", "--no-color", "-U0", "computers.plist")
    let body = diff.output.split(separator: "\n").filter { $0.hasPrefix("+") || $0.hasPrefix("-") }
      .filter { !$0.hasPrefix("+++") && !$0.hasPrefix("---") }
    #expect(body == [#"+  "Macintosh Classic""#])
  }

  /// The book's list of computers: the project's sample, and the book's own file when the
  /// corpus is here.
  static let computerLists: [String] = [
    CLI.sample("computers.plist"), CLI.root.appendingPathComponent("../shared/corpus/book/computers.plist").path,
  ].filter { FileManager.default.fileExists(atPath: $0) }

  @Test("git's hunk header names the top-level key of a change deep in a dictionary")
  func gitHunkHeader() throws {
    let repository = try GitIntegrationTests.Repository()
    let names = try PropertyList(
      bytes: try Array(Data(contentsOf: URL(fileURLWithPath: CLI.sample("sortednames.plist")))))
    try repository.write(names, to: "sortednames.plist", as: .binary)
    try repository.commitAll("base")
    var section = try #require(names.dictionaryValue?["M"]?.arrayValue)
    section.insert("Mabel", at: 1)
    var changed = names
    try changed.setValue(.array(section), at: "M")
    try repository.write(changed, to: "sortednames.plist", as: .binary)
    let diff = try repository.run("diff", "--no-color", "-U0", "sortednames.plist")
    let hunks = diff.output.split(separator: "\n").filter { $0.hasPrefix("@@") || $0.hasPrefix("+") }
      .filter { !$0.hasPrefix("+++") }
    #expect(hunks.count == 2)
    #expect(hunks.first?.hasSuffix(" @@ M = [") == true, "\(hunks)")
    #expect(hunks.last == #"+  "Mabel""#)
  }

  // MARK: - Unambiguous

  @Test("different values print different text, nesting and syntax in strings and keys included")
  func distinctValuesDistinctText() throws {
    let values: [PropertyList] = [
      [[1, 2]], [[1], [2]], [[1], 2], [1, [2]], [1, 2], [[[1, 2]]], [[]], [[:]], [], [:], [[], []],
      ["]"], ["}"], ["]", "]"], ["a = b"], ["a", "b"], ["a\nb"], ["a\\nb"], ["\"a\""], ["a"], "a", "[", "{}",
      ["a": "b = c"], ["a = b": "c"], ["a": ["b": "c"]], ["a": ["b = c"]], ["a": "{"], ["a": "}"], ["a": "]"],
      ["}": 1], ["": 1], ["\"\"": 1], [" ": 1], ["a": 1], ["\"a\"": 1], ["a\n": 1], ["a\\n": 1],
      ["e\u{301}": 1], ["\u{E9}": 1], ["e\u{301}": "\u{E9}"], ["e\u{301}": "e\u{301}"], "e\u{301}", "\u{E9}",
      ["a": [:]], ["a": []], ["a": [[:]]], ["a": [[]]], ["a": "{}"], ["a": "[]"], ["a": 1, "b": 2],
      ["a": ["b": 2]], 1, 1.0, "1", true, "true", .uid(1), "<uid 1>", .data([1]), "<01>",
      .date(PropertyListDate(secondsSinceReferenceDate: 0)), "2001-01-01T00:00:00Z",
    ]
    for (index, value) in values.enumerated() {
      #expect(!values[..<index].contains(value), "\(value) is listed twice")
    }
    let texts = try values.map { try Self.lines($0) }
    for (index, text) in texts.enumerated() {
      let same = texts[..<index].indices.filter { texts[$0] == text }.map { values[$0] }
      #expect(same.isEmpty, "\(values[index]) prints as \(same)")
    }
    #expect(Set(texts).count == values.count)
  }

  @Test("the text of random values reads back as the same value")
  func readsBack() throws {
    var layout = RandomLayout(source: SeededGenerator(seed: 0xA4B1_6005))
    for _ in 0..<150 {
      let value = Self.randomValue(&layout, root: true)
      let lines = try Self.lines(value)
      var reader = TextconvReader(lines: lines.map { String(decoding: $0, as: UTF8.self) })
      let read = reader.root()
      #expect(read == value, "\(value) read back as \(String(describing: read))")
    }
  }
}

/// Reads `textconv` text back into a value, by its grammar alone: a reader that never guesses
/// shows that the text says which value it is. (Dates read back when they are whole seconds,
/// all that the ISO form shows.)
struct TextconvReader {
  var lines: [String]
  var next = 0

  /// The root: one scalar line, a bracketed array, `{}`, or a dictionary's entries at column 0.
  mutating func root() -> PropertyList? {
    guard let first = lines.first else { return nil }
    if lines.count == 1, let scalar = Self.scalar(Substring(first)) { return scalar }
    if first == "[" {
      next = 1
      let array = array(depth: 1)
      return next == lines.count ? array : nil
    }
    return entries(depth: 0)
  }

  /// A line at `depth`, without its indentation.
  mutating func line(depth: Int) -> Substring? {
    guard depth >= 0, next < lines.count else { return nil }
    let line = lines[next]
    let indentation = String(repeating: " ", count: depth * 2)
    guard line.hasPrefix(indentation), !line.dropFirst(depth * 2).hasPrefix(" ") else { return nil }
    next += 1
    return line.dropFirst(depth * 2)
  }

  /// True when the next line is `bracket` at `depth`, which it then reads.
  mutating func closes(_ bracket: Substring, depth: Int) -> Bool {
    let start = next
    if line(depth: depth) == bracket { return true }
    next = start
    return false
  }

  /// The elements at `depth` after a `[`, up to its `]` at `depth - 1`.
  mutating func array(depth: Int) -> PropertyList? {
    var elements: [PropertyList] = []
    while !closes("]", depth: depth - 1) {
      guard let text = line(depth: depth), let element = value(text, depth: depth) else { return nil }
      elements.append(element)
    }
    return elements.isEmpty ? nil : .array(elements)
  }

  /// The entries at `depth` after a `{`, up to its `}` at `depth - 1`, or to the end at the root.
  mutating func entries(depth: Int) -> PropertyList? {
    var dictionary = PropertyListDictionary()
    while depth == 0 ? next < lines.count : !closes("}", depth: depth - 1) {
      guard let text = line(depth: depth), let (key, rest) = Self.key(text),
        !dictionary.keys.contains(where: { $0.utf8.elementsEqual(key.utf8) }), let value = value(rest, depth: depth)
      else { return nil }
      dictionary[key] = value
    }
    return dictionary.isEmpty ? nil : .dictionary(dictionary)
  }

  /// An element or an entry's value: a container's opening, or a scalar.
  mutating func value(_ text: Substring, depth: Int) -> PropertyList? {
    switch text {
    case "[": array(depth: depth + 1)
    case "{": entries(depth: depth + 1)
    default: Self.scalar(text)
    }
  }

  /// A key and what follows its ` = `: quoted, or bare up to the first ` = `.
  static func key(_ text: Substring) -> (String, Substring)? {
    if text.first == "\"" {
      guard let (key, rest) = quoted(text), rest.hasPrefix(" = ") else { return nil }
      return (key, rest.dropFirst(3))
    }
    guard let separator = text.firstRange(of: " = ") else { return nil }
    let key = text[..<separator.lowerBound]
    guard !key.isEmpty, !key.contains(where: { "\"\\={}[] ".contains($0) }) else { return nil }
    return (String(key), text[separator.upperBound...])
  }

  /// A scalar that is all of `text`.
  static func scalar(_ text: Substring) -> PropertyList? {
    switch text {
    case "true": return true
    case "false": return false
    case "[]": return []
    case "{}": return [:]
    default: break
    }
    if text.first == "\"" {
      guard let (string, rest) = quoted(text), rest.isEmpty else { return nil }
      return .string(string)
    }
    if text.hasPrefix("<uid "), text.hasSuffix(">") { return UInt64(text.dropFirst(5).dropLast()).map { .uid($0) } }
    if text.first == "<", text.last == ">" {
      let digits = Array(text.dropFirst().dropLast().utf8)
      guard digits.count % 2 == 0 else { return nil }
      var bytes: [UInt8] = []
      for index in stride(from: 0, to: digits.count, by: 2) {
        guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else {
          return nil
        }
        bytes.append(byte)
      }
      return .data(bytes)
    }
    if text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }) {
      if let integer = Int64(text) { return .integer(integer) }
      return UInt64(text).map { .integer($0) }
    }
    if text.hasSuffix("Z"), let seconds = ISO8601.parse(ArraySlice(text.utf8)) {
      return .date(PropertyListDate(secondsSinceReferenceDate: seconds))
    }
    return Double(text).map { .real($0) }
  }

  /// A quoted string at the start of `text` with its escapes resolved, and the rest.
  static func quoted(_ text: Substring) -> (String, Substring)? {
    var scalars = text.unicodeScalars.dropFirst()
    var result = String.UnicodeScalarView()
    while let scalar = scalars.popFirst() {
      switch scalar {
      case "\"": return (String(result), Substring(scalars))
      case "\\":
        switch scalars.popFirst() {
        case "\"": result.append("\"")
        case "\\": result.append("\\")
        case "n": result.append("\n")
        case "r": result.append("\r")
        case "t": result.append("\t")
        case "u":
          guard scalars.popFirst() == "{", let end = scalars.firstIndex(of: "}"),
            let code = UInt32(String(scalars[..<end]), radix: 16), let escaped = Unicode.Scalar(code)
          else { return nil }
          result.append(escaped)
          scalars = scalars[scalars.index(after: end)...]
        default: return nil
        }
      default: result.append(scalar)
      }
    }
    return nil
  }
}
