import Foundation
import PlistKit
import PlutilCompatibility
import StringCatalogs
import Testing

/// The String Catalogs of open-source apps (the corpus's `xcstrings/`, whose `SOURCES.tsv` names
/// each file's repository and path), read and written back.
@Suite("real String Catalogs", .needsCorpus("xcstrings"))
struct CorpusRoundTripTests {
  static let folder = "xcstrings/"

  static func catalogFiles() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: Corpus.path(folder)).filter { $0.hasSuffix(".xcstrings") }
      .sorted()
  }

  /// The keys that follow a key Xcode would put after them: in Bark's catalog a block added by
  /// hand after `thankYouSupport` and `ttl` before `toggle` (the file also ends with a line
  /// break, which Xcode never writes), in Yattee's two pairs a merge left behind. Every other
  /// key of the corpus is in Xcode's order.
  static let outOfOrder = [
    "Finb+Bark__Bark__Localizable.xcstrings": [["thankYouSupport", "expired"], ["ttl", "toggle"]],
    "yattee+yattee__Yattee__Localizable.xcstrings": [
      ["controls.button.audioTrack", "controls.button.audioMode"], ["downloads.retry", "downloads.resume"],
    ],
  ]

  @Test("every catalog comes back byte for byte")
  func roundTrip() throws {
    let files = try Self.catalogFiles()
    #expect(files.count == 8)
    for file in files {
      let bytes = try Corpus.bytes(Self.folder + file)
      let catalog = try StringCatalog(bytes: bytes)
      let written = StringCatalogWriter().write(catalog)
      let difference = firstDifference(written, bytes)
      #expect(difference == nil, "\(file): \(difference ?? "")")
    }
  }

  @Test("Xcode's key order is the order of every catalog Xcode wrote")
  func xcodeOrder() throws {
    for file in try Self.catalogFiles() {
      let bytes = try Corpus.bytes(Self.folder + file)
      let written = StringCatalogWriter(keyOrder: .xcode).write(try StringCatalog(bytes: bytes))
      if Self.outOfOrder[file] != nil {
        // The same strings, now in order.
        #expect(written.count == bytes.count)
        let sorted = try StringCatalog(bytes: written)
        #expect(sorted.strings.keys == PlutilKeyOrder.sorted(sorted.strings.keys))
        #expect(Set(sorted.strings.keys) == Set(try StringCatalog(bytes: bytes).strings.keys))
      } else {
        let difference = firstDifference(written, bytes)
        #expect(difference == nil, "\(file): \(difference ?? "")")
      }
    }
  }

  @Test("the keys out of Xcode's order are the few that were added by hand or merged")
  func keysOutOfOrder() throws {
    var found: [String: [[String]]] = [:]
    for file in try Self.catalogFiles() {
      let keys = try StringCatalog(bytes: try Corpus.bytes(Self.folder + file)).strings.keys
      for (first, second) in zip(keys, keys.dropFirst()) where !PlutilKeyOrder.areInIncreasingOrder(first, second) {
        found[file, default: []].append([first, second])
      }
    }
    #expect(found == Self.outOfOrder)
  }

  @Test("the model holds what SOURCES.tsv counts")
  func counts() throws {
    let catalog = try StringCatalog(
      contentsOf: Corpus.path(Self.folder + "yattee+yattee__Yattee__Localizable.xcstrings"))
    #expect(catalog.sourceLanguage == "en")
    #expect(catalog.version == "1.0")
    #expect(catalog.strings.count == 1811)
    #expect(catalog.strings.filter { $0.value.comment != nil }.count == 836)
    #expect(catalog.strings.filter { $0.value.extractionState != nil }.count == 143)
    let loop = try StringCatalog(contentsOf: Corpus.path(Self.folder + "MrKai77+Loop__Loop__Localizable.xcstrings"))
    #expect(loop.strings.count == 337)
    let plurals = loop.strings.flatMap { $0.value.localizations ?? KeyedList() }.filter {
      $0.value.variations?.plural != nil
    }
    #expect(plurals.count == 11)
  }

  /// Where two byte strings first differ, as a line of each around it; nil when they are equal.
  private func firstDifference(_ first: [UInt8], _ second: [UInt8]) -> String? {
    guard first != second else { return nil }
    let offset =
      zip(first, second).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(first.count, second.count)
    func line(_ bytes: [UInt8]) -> String {
      let start = bytes[..<min(offset, bytes.count)].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
      let end = bytes[min(offset, bytes.count)...].firstIndex(of: 0x0A) ?? bytes.count
      return String(decoding: bytes[start..<end], as: UTF8.self)
    }
    return "byte \(offset): \(line(first)) | \(line(second))"
  }
}
