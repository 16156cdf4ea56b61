import Foundation
import KeyedArchive
import PlistKit
import Testing

/// The class views on real archives (the shared corpus) and beside `nska_deserialize`, which
/// shows these classes as their raw fields: the differences are the ones
/// `Documentation/keyed-archives.md` lists.
@Suite("Class views on real archives and beside nska_deserialize")
struct ClassViewPeerTests {
  private static let peerScript = Samples.root + "/Tests/KeyedArchiveTests/Fixtures/nska_class_peer.py"

  /// nska_deserialize's view of `archive`, as JSON read back (data as `{"hexBytes": hex}`).
  private func nska(_ archive: PropertyList) throws -> PropertyList {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("class-peer-\(UUID().uuidString).plist")
      .path
    try Data(try archive.serialized(as: .binary)).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try PropertyList(bytes: try NskaPeer.run(path, script: Self.peerScript), format: .json)
  }

  private func keyed(_ name: String) throws -> PropertyList {
    try PropertyList(bytes: Corpus.bytes("keyed-archives/" + name))
  }

  @Test("Terminal.app's colour and font (Dracula theme)", .needsCorpus("keyed-archives"))
  func terminalProfile() throws {
    let color = try keyed("dracula+terminal-app__Dracula.terminal__BackgroundColor.bplist")
    #expect(
      try ObjectGraph(archive: color).plainView() == [
        "colorSpace": "calibratedRGB", "red": 0.1176581159, "green": 0.1221527234, "blue": 0.1597783715,
      ])
    let font = try keyed("dracula+terminal-app__Dracula.terminal__Font.bplist")
    #expect(try ObjectGraph(archive: font).plainView() == ["name": "SFMono-Regular", "size": 12.0])
  }

  @Test(
    "nib files: every colour, font, attributed string, paragraph style and decimal shown by its view",
    .needsCorpus("keyed-archives"))
  func nibs() throws {
    var counts: [String: Int] = [:]
    for name in [
      "danielj7+finkcommander__German.lproj__Preferences.nib__keyedobjects.nib",
      "danielj7+finkcommander__Japanese.lproj__MainMenu.nib__keyedobjects.nib",
      "jbtule+NicePlayer__Libraries__sparkle__ja.lproj__SUUpdateAlert.nib__keyedobjects.nib",
    ] {
      let graph = try ObjectGraph(archive: try keyed(name))
      let viewed: Set<String> = [
        "NSColor", "NSFont", "NSAttributedString", "NSMutableAttributedString", "NSParagraphStyle",
        "NSMutableParagraphStyle", "NSDecimalNumberPlaceholder", "NSIndexSet",
      ]
      for id in 0..<graph.count {
        guard let instance = graph[id].instance, viewed.contains(instance.className) else { continue }
        counts[instance.className, default: 0] += 1
        let shown = try graph.plainView(of: .uid(UInt64(id)))
        #expect(shown.dictionaryValue?["$class"] == nil, "\(name) object \(id): \(instance.className) left generic")
      }
      #expect(try graph.plainView().kind == .dictionary)
    }
    #expect(counts["NSColor"] ?? 0 >= 3)
    #expect(counts["NSFont"] ?? 0 >= 3)
    #expect(counts["NSAttributedString"] ?? 0 >= 2)
  }

  @Test(
    "the German preferences nib: a catalog colour, a number formatter's NaN and its attributed strings",
    .needsCorpus("keyed-archives"))
  func preferencesNib() throws {
    let graph = try ObjectGraph(
      archive: try keyed("danielj7+finkcommander__German.lproj__Preferences.nib__keyedobjects.nib"))
    var colors: [PropertyList] = []
    var decimals: [String] = []
    var strings: [String] = []
    for id in 0..<graph.count {
      switch graph[id].instance?.className {
      case "NSColor"?: colors.append(try graph.plainView(of: .uid(UInt64(id))))
      case "NSDecimalNumberPlaceholder"?: decimals.append(graph.decimalNumber(at: id)?.description ?? "?")
      case "NSAttributedString"?: strings.append(try graph.attributedString(at: id)?.string ?? "?")
      default: break
      }
    }
    #expect(
      colors.contains([
        "colorSpace": "catalog", "catalog": "System", "name": "controlColor",
        "color": ["colorSpace": "calibratedWhite", "white": 0.66666669],
      ]))
    #expect(decimals == ["NaN"])
    #expect(strings.sorted() == ["", "0", "NaN"])
  }

  @Test(
    "nska_deserialize shows these classes as their raw fields; PlistKit decodes them",
    .enabled(if: NskaPeer.isAvailable, "needs Python's nska_deserialize (.ci/run installs it)"))
  func besideNska() throws {
    let text = FoundationArchives.helloWorld()
    let attributed = try PropertyList(bytes: FoundationArchives.archive(text))
    #expect(
      try nska(attributed) == [
        "NSAttributeInfo": ["NS.data": ["hexBytes": "050001010502"]],
        "NSAttributes": [["bold": true], [:], ["link": "x"]],
        "NSString": "Hello world",
      ])
    let rect = try PropertyList(
      bytes: FoundationArchives.archive(NSValue(rect: NSRect(x: 1, y: 2, width: 3, height: 4))))
    #expect(try nska(rect) == ["NS.rectval": "{{1.0, 2.0}, {3.0, 4.0}}", "NS.special": 3])
    let indexes = NSMutableIndexSet(indexesIn: NSRange(location: 2, length: 3))
    indexes.add(10)
    let indexSet = try PropertyList(bytes: FoundationArchives.archive(indexes))
    #expect(try nska(indexSet) == ["NSRangeCount": 2, "NSRangeData": ["hexBytes": "02030a01"]])
    #expect(
      try nska(ClassArchives.calibratedRGB) == [
        "NSColorSpace": 1,
        "NSRGB": ["hexBytes": "302e3131373635383131353920302e3132323135323732333420302e3135393737383337313500"],
      ])
    #expect(try nska(ClassArchives.font) == ["NSName": "SFMono-Regular", "NSSize": 12.0, "NSfFlags": 16])
    // Where nska_deserialize does know the class (containers, strings), both agree: the
    // attribute dictionaries are the same.
    let ours = try ObjectGraph(archive: attributed).plainView()
    let runs = ours.dictionaryValue?["runs"]?.arrayValue ?? []
    #expect(runs.compactMap { $0.dictionaryValue?["attributes"] } == [["bold": true], [:], ["link": "x"]])
  }
}
