import PlistKit
import Testing
import Typedstream

/// The corpus's typedstreams as `unarchive` shows them: each has a plain view, including the
/// Inform 7 nib whose objects refer to each other all through, which expanded at every place
/// would pass five million nodes.
@Suite("Typedstream plain views of the corpus", .needsCorpus("typedstream"))
struct SharedObjectsCorpusTests {
  /// Every `$shared` marker's path in `value`, with the marker's own path.
  static func markers(in value: PropertyList, at path: [String] = []) -> [(place: [String], target: String)] {
    switch value {
    case .array(let elements):
      return elements.enumerated().flatMap { markers(in: $0.element, at: path + [String($0.offset)]) }
    case .dictionary(let dictionary):
      if dictionary.count == 1, case .string(let target)? = dictionary["$shared"] { return [(path, target)] }
      return dictionary.flatMap { markers(in: $0.value, at: path + [$0.key]) }
    default:
      return []
    }
  }

  @Test("every corpus typedstream has a plain view", arguments: Corpus.typedstreams())
  func everyFileHasAView(file: String) throws {
    _ = try TypedstreamArchive(bytes: try Corpus.bytes(file)).plainView()
  }

  @Test("the nib: each object shown once, every marker naming an earlier place that holds it in full")
  func nib() throws {
    let archive = try TypedstreamArchive(
      bytes: try Corpus.bytes(
        "typedstream/erkyrath+Inform7-IDE-Mac__Preferences__English.lproj__StylePreferences.nib__objects.nib"))
    let view = try archive.plainView()
    #expect(view.dictionaryValue?["$class"] == "NSIBObjectData")
    let found = Self.markers(in: view)
    #expect(found.count > 100)
    for marker in found {
      // The first place holds the object in full: a container, not another marker.
      let target = try view.value(at: PropertyListKeyPath(marker.target))
      #expect(target.arrayValue != nil || (target.dictionaryValue.map { $0["$shared"] == nil } ?? false))
      // Not an ancestor of the marker: that would be a cycle, marked as one.
      let place = PropertyListKeyPath(components: marker.place).description
      #expect(!(place + ".").hasPrefix(marker.target + "."), "\(place) names its ancestor \(marker.target)")
    }
    // Each object once: the view grows with the stream.
    #expect(Self.nodeCount(view) < 50 * archive.objects.count)
  }

  static func nodeCount(_ value: PropertyList) -> Int {
    switch value {
    case .array(let elements): 1 + elements.reduce(0) { $0 + nodeCount($1) }
    case .dictionary(let dictionary): 1 + dictionary.reduce(0) { $0 + nodeCount($1.value) }
    default: 1
    }
  }
}
