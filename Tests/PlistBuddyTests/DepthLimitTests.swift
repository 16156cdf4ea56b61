import PlistBuddy
import PlistKit
import Testing
import XcodeProject

/// Every command that makes a value keeps it within the readers' depth limit (512 arrays and
/// dictionaries): a longer entry or a deeper value is refused with the entry and the limit,
/// and nothing is made, so that what is saved reads back and no walk over it runs deep.
@Suite("Depth limit")
struct DepthLimitTests {
  static let limit = PropertyListLimits.default.maximumDepth

  /// `:a:a:…`, `count` components.
  static func entry(_ count: Int) -> String { String(repeating: ":a", count: count) }

  /// `depth` arrays, one inside the other, around `leaf`; made without recursion.
  static func nested(_ depth: Int, around leaf: PropertyList = "x") -> PropertyList {
    var value = leaf
    for _ in 0..<depth { value = [value] }
    return value
  }

  @Test("Add with a 50,000-component entry fails with the entry and the limit, and makes nothing")
  func longEntry() {
    let entry = Self.entry(50_000)
    let run = Run(["Add \(entry) string x"], on: [:])
    #expect(run.text == "2> Add: Can't Add Entry, \"\(entry)\", Deeper Than The Depth Limit Of 512 Levels\n")
    #expect(run.session.hasFailed)
    #expect(run.root == [:])
  }

  @Test("Add fills the depth up to the limit exactly, and no further")
  func boundary() throws {
    // The root is the first dictionary: 511 components make 511 more, the last one a string.
    let fits = Run(["Add \(Self.entry(Self.limit)) string x"], on: [:])
    #expect(!fits.session.hasFailed)
    #expect(fits.root.nestingDepth(upTo: 10_000) == Self.limit)
    let bytes = try fits.root.serialized(as: .xml)
    #expect(try PropertyList(bytes: bytes) == fits.root)
    let deeper = Run(["Add \(Self.entry(Self.limit)) dict"], on: [:])
    #expect(deeper.session.hasFailed)
    #expect(deeper.root == [:])
  }

  @Test("Merge and Copy refuse what would nest past the limit; Import and Copy up to it fit")
  func mergeCopyImport() throws {
    let files = MemoryFiles()
    // 512 deep: its entries, merged into `:a`, would be 513.
    files.values["deep.plist"] = ["m": Self.nested(Self.limit - 1)]
    files.bytes["bytes"] = [1, 2]
    // `:a` is 511 deep, the whole value 512.
    let root: PropertyList = ["a": ["b": Self.nested(Self.limit - 2)]]
    let run = Run(
      ["Merge deep.plist :a", "Copy :a :c:d", "Import \(Self.entry(Self.limit)) bytes", "Copy :a :e"], on: root,
      files: files)
    #expect(
      run.text == """
        2> Merge: Can't Add Entry, ":a", Deeper Than The Depth Limit Of 512 Levels
        2> Copy: Can't Add Entry, ":c:d", Deeper Than The Depth Limit Of 512 Levels

        """)
    #expect(run.root.nestingDepth(upTo: 10_000) == Self.limit)
    let imported = PropertyListKeyPath(components: Array(repeating: "a", count: Self.limit))
    #expect(try run.root.value(at: imported) == .data([1, 2]))
    #expect(try run.root.value(at: "e") == run.root.value(at: "a"))
    #expect(throws: PropertyListError.self) { try run.root.value(at: "c") }
  }

  @Test("a 30,000-deep value: refused by the readers, by the edits and by the JSON and OpenStep writers")
  func deepValue() throws {
    let files = MemoryFiles()
    let text = String(repeating: "[", count: 30_000) + String(repeating: "]", count: 30_000)
    let readError = #expect(throws: PropertyListError.self) { try PropertyList(bytes: Array(text.utf8), format: .json) }
    #expect(readError?.kind == .limitExceeded)
    var deep = Self.nested(30_000)
    // Held by the files, but the session refuses to take it in.
    files.values["deep.plist"] = ["k": deep]
    files.values["list.plist"] = deep
    let run = Run(["Merge deep.plist", "Add :list array", "Merge list.plist :list"], on: [:], files: files)
    #expect(
      run.text == """
        2> Merge: Can't Add Entry, "", Deeper Than The Depth Limit Of 512 Levels
        2> Merge: Can't Add Entry, ":list", Deeper Than The Depth Limit Of 512 Levels

        """)
    #expect(run.root == ["list": []])
    for format in [PropertyListFormat.json, .openStep] {
      let error = #expect(throws: PropertyListError.self) { try deep.serialized(as: format) }
      #expect(error?.kind == .limitExceeded)
    }
    let writeError = #expect(throws: PropertyListError.self) { try XcodeProjectWriter().write(["objects": deep]) }
    #expect(writeError?.kind == .limitExceeded)
    var value: PropertyList = [:]
    let setError = #expect(throws: PropertyListError.self) { try value.setValue(deep, at: "key") }
    #expect(setError?.kind == .limitExceeded)
    #expect(setError?.location == .keyPath("key"))
    files.values = [:]
    Self.dismantle(&deep)
  }

  /// Takes a deep value apart from the outside in, so that releasing it does not recurse
  /// through every level on the test thread's stack.
  static func dismantle(_ value: inout PropertyList) {
    var current = value
    value = "x"
    while case .array(let elements) = current, let first = elements.first { current = first }
  }
}
