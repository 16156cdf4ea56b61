import PlistDiff
import PlistDocument
import PlistKit
import Testing

/// Markers in OURS' text against the merges they stand for, over random dictionaries written
/// with comments (seeded, so that a failure replays).
@Suite("Conflict markers in OURS' text: properties")
struct DocumentConflictMarkerPropertyTests {
  static let options = PropertyListDocument.Options(
    writing: PropertyListWritingOptions(openStepWritesGNUstepScalars: true))

  /// A marked text cut into what lies outside the markers and each conflict's two sides.
  struct Marked {
    var outside: [String] = [""]
    var ours: [String] = []
    var theirs: [String] = []

    init?(_ text: String) {
      enum Part { case outside, ours, theirs }
      var part = Part.outside
      for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
        let whole = line + "\n"
        switch (part, line) {
        case (.outside, "<<<<<<< OURS"):
          part = .ours
          ours.append("")
        case (.ours, "======="):
          part = .theirs
          theirs.append("")
        case (.theirs, ">>>>>>> THEIRS"):
          part = .outside
          outside.append("")
        case (.outside, _): outside[outside.count - 1] += whole
        case (.ours, _): ours[ours.count - 1] += whole
        case (.theirs, _): theirs[theirs.count - 1] += whole
        }
      }
      guard part == .outside, text.hasSuffix("\n") else { return nil }
    }

    /// The text with one side of every conflict.
    func taking(_ sides: [String]) -> String {
      zip(outside, sides + [""]).map { $0 + $1 }.joined()
    }
  }

  /// `value`'s text with comment lines between its lines.
  static func commented(_ value: PropertyList, as format: PropertyListFormat, random: inout Xorshift) throws -> String {
    let text = String(decoding: try value.serialized(as: format, options: options.writing), as: UTF8.self)
    var lines: [String] = []
    var inPlist = format != .xml
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
      let tag = line.drop { $0 == "\t" || $0 == " " }
      // In XML, between elements only: not in the prologue, nor in a data element's text.
      let between = inPlist && (format != .xml || (tag.hasPrefix("<") && !tag.hasPrefix("</data>")))
      if between, Int.random(in: 0..<3, using: &random) == 0 {
        let note = "note \(Int.random(in: 0...99, using: &random))"
        lines.append(format == .xml ? "<!-- \(note) -->" : "/* \(note) */")
      }
      lines.append(String(line))
      if line.hasPrefix("<plist") { inPlist = true }
      if line == "</plist>" { inPlist = false }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `value` with its UIDs made integers (OpenStep has no form for them).
  static func withoutUIDs(_ value: PropertyList) -> PropertyList {
    switch value {
    case .uid(let uid): return .integer(Int(uid))
    case .array(let elements): return .array(elements.map(withoutUIDs))
    case .dictionary(var dictionary):
      for position in dictionary.indices {
        dictionary.setValue(withoutUIDs(dictionary.values[position]), atPosition: position)
      }
      return .dictionary(dictionary)
    default: return value
    }
  }

  /// A list of seven elements; a side replaces the second and third by `span` elements of
  /// its own, and changes the fifth and the key inside the sixth.
  static func list(_ side: String?, span: Int) -> PropertyList {
    let inner: PropertyList = ["x": .string(side ?? "base")]
    let tail: [PropertyList] = [inner, .string("l6")]
    guard let side else {
      return .array([.string("l0"), .string("l1"), .string("l2"), .string("l3"), .string("l4")] + tail)
    }
    var elements: [PropertyList] = [.string("l0")]
    for index in 0..<span { elements.append(.string(side + String(index))) }
    elements.append(.string("l3"))
    elements.append(.string(side + "4"))
    return .array(elements + tail)
  }

  @Test(
    "outside the markers is the clean merge's text; OURS' sides give it, THEIRS' sides give THEIRS' merge",
    arguments: Array(UInt64(1)...300))
  func markedMerges(seed: UInt64) throws {
    var random = RandomEdits(seed: seed)
    let format: PropertyListFormat = seed % 2 == 0 ? .xml : .openStep
    let written: (PropertyList) -> PropertyList = { format == .xml ? $0 : Self.withoutUIDs($0) }
    var base = PropertyListDictionary()
    for index in 0..<Int.random(in: 1...5, using: &random.random) { base["k\(index)"] = random.value() }
    base["conflict"] = ["inner": "base", "same": 1]
    base["list"] = Self.list(nil, span: 0)
    base = written(.dictionary(base)).dictionaryValue!
    // A key both change differently and a list whose elements both change differently,
    // whatever else each side does.
    let oursSpan = Int.random(in: 0...3, using: &random.random)
    let theirsSpan = seed % 4 == 0 ? max(1, oursSpan) : Int.random(in: 1...3, using: &random.random)
    func conflicting(_ value: PropertyList, _ side: String, span: Int) -> PropertyList {
      var dictionary = value.dictionaryValue ?? base
      let changed: PropertyList = ["inner": .string(side), "same": 1]
      dictionary["conflict"] = changed
      dictionary["list"] = Self.list(side, span: span)
      return .dictionary(dictionary)
    }
    let ours = conflicting(
      written(random.edited(.dictionary(base), edits: Int(seed % 3) + 1)), "ours", span: oursSpan)
    // Every fourth seed, THEIRS changes only what conflicts.
    let onlyConflicts = seed % 4 == 0
    let theirsEdited =
      onlyConflicts
      ? PropertyList.dictionary(base) : written(random.edited(.dictionary(base), edits: Int(seed % 4) + 1))
    let theirs = conflicting(theirsEdited, "theirs", span: theirsSpan)
    let text = try Self.commented(ours, as: format, random: &random.random)
    let document = try PropertyListDocument(bytes: Array(text.utf8), format: format, options: Self.options)
    try #require(try document.value == ours, "seed \(seed): the commented text reads as OURS")

    let (bytes, conflicts) = try ConflictMarkers.document(base: .dictionary(base), ours: document, theirs: theirs)
    let oursMerge = PropertyListMerge(resolution: .ours).merge(base: .dictionary(base), ours: ours, theirs: theirs)
    let theirsMerge = PropertyListMerge(resolution: .theirs).merge(base: .dictionary(base), ours: ours, theirs: theirs)
    #expect(conflicts == oursMerge.conflicts, "seed \(seed)")
    #expect(conflicts.count >= 3, "seed \(seed)")
    let marked = try #require(Marked(String(decoding: bytes, as: UTF8.self)), "seed \(seed): markers out of order")
    #expect(marked.ours.count == marked.theirs.count && marked.ours.count >= 1, "seed \(seed)")

    var clean = document
    if let change = PropertyListDiff().change(from: ours, to: oursMerge.value) { try clean.apply(change) }
    let oursTaken = marked.taking(marked.ours)
    #expect(oursTaken == String(decoding: clean.bytes, as: UTF8.self), "seed \(seed): OURS' sides")
    #expect(try PropertyList(bytes: Array(oursTaken.utf8), format: format) == oursMerge.value, "seed \(seed)")
    // Where THEIRS changed nothing that merges cleanly, OURS' sides are OURS' own text.
    if oursMerge.value.isIdentical(to: ours) {
      #expect(oursTaken == text, "seed \(seed): OURS' text, byte for byte")
    }
    let theirsTaken = marked.taking(marked.theirs)
    #expect(
      try PropertyList(bytes: Array(theirsTaken.utf8), format: format) == theirsMerge.value,
      "seed \(seed): THEIRS' sides")
  }
}
