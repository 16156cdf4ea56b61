import Foundation
import KeyedArchive
import PlistKit
import Testing

/// `decodingNestedPlists` against Python's `nska_deserialize` with `full_recurse_convert_nska`
/// (which reads with `plistlib`), on the same files; skipped when the module is not installed.
@Suite("Nested plists against nska_deserialize")
struct NestedPlistPeerTests {
  private static let script = Samples.root + "/Tests/KeyedArchiveTests/Fixtures/nska_nested_peer.py"

  /// nska_deserialize's view of the file, as JSON with data in base64.
  static func peerView(_ path: String) throws -> NSObject {
    let data = Data(try NskaPeer.run(path, script: script))
    return try #require(try JSONSerialization.jsonObject(with: data) as? NSObject)
  }

  /// Our view without class names, each marker replaced by the value it holds (nska_deserialize
  /// puts the decoded value where the data was, unmarked), as the same JSON.
  static func ownView(_ bytes: [UInt8]) throws -> NSObject {
    var options = NestedPlistOptions()
    options.plainView.includesClassNames = false
    let result = try PropertyList(bytes: bytes).decodingNestedPlists(options: options)
    #expect(result.notes == [])
    let json = try unmarked(result.value).serialized(as: .json)
    return try #require(try JSONSerialization.jsonObject(with: Data(json)) as? NSObject)
  }

  static func unmarked(_ value: PropertyList) -> PropertyList {
    switch value {
    case .array(let elements): return .array(elements.map(unmarked))
    case .dictionary(let dictionary):
      if dictionary.count == 2, dictionary["$nested"] != nil, let inner = dictionary["$value"] {
        return unmarked(inner)
      }
      return .dictionary(PropertyListDictionary(dictionary.map { ($0.key, unmarked($0.value)) }))
    default: return value
    }
  }

  /// A binary plist holding the book's archive (written by Apple's NSKeyedArchiver) in data,
  /// and in XML form in the data of a plist in data. (Foundation's ordered and counted sets,
  /// NSNull and NSURL with a base are left out: nska_deserialize renders them otherwise than
  /// the plain view in Documentation/keyed-archives.md.)
  static func bookNesting() throws -> [UInt8] {
    let presidents = try Samples.bytes("Presidents.plist")
    let xml = try PropertyList(bytes: presidents).serialized(as: .xml)
    let inner: PropertyList = ["archive": .data(xml), "count": 3, "raw": .data([0, 1, 2])]
    let outer: PropertyList = [
      "presidents": .data(presidents), "inner": .data(try inner.serialized(as: .binary)),
      "list": [.data(presidents), "text", 1.5],
    ]
    return try outer.serialized(as: .binary)
  }

  /// Writes `bytes` to a file of a new temporary folder and gives both views of it.
  static func bothViews(of bytes: [UInt8]) throws -> (own: NSObject, peer: NSObject) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plistkit-nested-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("nesting.plist")
    try Data(bytes).write(to: file)
    return (try ownView(bytes), try peerView(file.path))
  }

  @Test(
    "the same values as nska_deserialize's full_recurse_convert_nska, on preferences holding Terminal's archives",
    .enabled(if: NskaPeer.isAvailable, "needs Python's nska_deserialize (.ci/run installs it)"),
    .needsCorpus("keyed-archives"))
  func sameAsPeerOnPreferences() throws {
    let views = try Self.bothViews(of: try NestedPlistTests.terminalPreferencesFile())
    // The same but for the archived fonts and colour, which nska_deserialize shows as their raw
    // fields and the plain view by their class views (Documentation/keyed-archives.md).
    let own = try Self.takeArchives(views.own)
    let peer = try Self.takeArchives(views.peer)
    #expect(own.rest == peer.rest)
    #expect(own.archives.keys.sorted() == ["Basic.Font", "Dracula.BackgroundColor", "Dracula.Font"])
    #expect(peer.archives.keys.sorted() == own.archives.keys.sorted())
    for profile in ["Basic", "Dracula"] {
      #expect(own.archives["\(profile).Font"] == (try Self.json(#"{"name": "SFMono-Regular", "size": 12.0}"#)))
      #expect(
        peer.archives["\(profile).Font"]
          == (try Self.json(#"{"NSName": "SFMono-Regular", "NSSize": 12.0, "NSfFlags": 16}"#)))
    }
    #expect(
      own.archives["Dracula.BackgroundColor"]
        == (try Self.json(
          #"{"colorSpace": "calibratedRGB", "red": 0.1176581159, "green": 0.1221527234, "blue": 0.1597783715}"#)))
    let rawColor = peer.archives["Dracula.BackgroundColor"] as? NSDictionary
    #expect(rawColor?["NSColorSpace"] as? Int == 1)
    #expect(
      rawColor?["NSRGB"] as? String == Data("0.1176581159 0.1221527234 0.1597783715\0".utf8).base64EncodedString())
  }

  /// A JSON text as Foundation reads it.
  static func json(_ text: String) throws -> NSObject {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSObject)
  }

  /// A view of Terminal's preferences without each profile's archived font and colour, and
  /// those, keyed `PROFILE.KEY`.
  static func takeArchives(_ view: NSObject) throws -> (rest: NSObject, archives: [String: NSObject]) {
    var copy = try #require(view as? [String: Any])
    var profiles = try #require(copy["Window Settings"] as? [String: Any])
    var archives: [String: NSObject] = [:]
    for (name, value) in profiles {
      var profile = try #require(value as? [String: Any])
      for key in ["Font", "BackgroundColor"] {
        guard let archive = profile.removeValue(forKey: key) else { continue }
        archives["\(name).\(key)"] = try #require(archive as? NSObject)
      }
      profiles[name] = profile
    }
    copy["Window Settings"] = profiles
    return (NSDictionary(dictionary: copy), archives)
  }

  @Test(
    "the same values as nska_deserialize's full_recurse_convert_nska, on the book's archive nested in data",
    .enabled(if: NskaPeer.isAvailable, "needs Python's nska_deserialize (.ci/run installs it)"))
  func sameAsPeerOnBookNesting() throws {
    let views = try Self.bothViews(of: try Self.bookNesting())
    #expect(views.own == views.peer)
  }
}
