import PlistDocument
import PlistKit

extension ConflictMarkers {
  /// Merges into OURS' own text, with markers around each conflict: the text a clean merge
  /// writes (see `PropertyListDocument/apply(_:)`), byte for byte, but for the lines of each
  /// conflict, which hold OURS' text as it is between the first two markers, and between the
  /// last two the text the document writes for THEIRS' side in their place (indented like
  /// OURS, quoted as OURS quotes, with Xcode's comments in a project file):
  ///
  /// ```
  /// <dict>
  /// 	<!-- Who signed it. -->
  /// <<<<<<< OURS
  /// 	<key>Name</key>
  /// 	<string>Gerald R. Ford</string>
  /// =======
  /// 	<key>Name</key>
  /// 	<string>Jerry Ford</string>
  /// >>>>>>> THEIRS
  /// ```
  ///
  /// Markers take whole lines, so a conflict inside a container written on one line takes
  /// that line; conflicts whose lines meet share one pair of markers. Keeping the first side
  /// of every conflict gives the text `PropertyListMerge(resolution: .ours)` writes into OURS,
  /// and keeping the second reads as the value `PropertyListMerge(resolution: .theirs)`
  /// merges to.
  ///
  /// - Parameters:
  ///   - base: the common ancestor.
  ///   - ours: OURS, read as a document.
  ///   - theirs: THEIRS.
  ///   - oursLabel: the text after the first marker (git passes the branch's name).
  ///   - theirsLabel: the text after the last marker.
  ///   - markerSize: how many characters each marker has (git's `conflict-marker-size`).
  /// - Returns: the document's bytes, in its encoding, and the conflicts (none when the merge
  ///   is clean: the bytes are then the clean merge's).
  /// - Throws: `PropertyListError` when a side cannot be written in the document.
  public static func document(
    base: PropertyList, ours: PropertyListDocument, theirs: PropertyList, oursLabel: String = "OURS",
    theirsLabel: String = "THEIRS", markerSize: Int = 7
  ) throws(PropertyListError) -> (bytes: [UInt8], conflicts: [PropertyListConflict]) {
    let oursValue = try ours.value
    let prefix = placeholderPrefix()
    var merge = PropertyListMerge()
    merge.placeholderPrefix = prefix
    let result = merge.merge(base: base, ours: oursValue, theirs: theirs)
    let sites = try ConflictSites(result, prefix: prefix)
    var edited = ours
    if let change = PropertyListDiff().change(from: oursValue, to: sites.merged) { try edited.apply(change) }
    guard !result.conflicts.isEmpty else { return (edited.bytes, []) }
    let splicer = ConflictMarkerSplicer(document: edited, conflicts: result.conflicts, sites: sites.sites)
    let text = try splicer.markedText(
      labels: (oursLabel, theirsLabel), markerSize: max(1, markerSize), lineEnding: edited.lineEnding.bytes)
    return (edited.encoding.bytes(of: text), result.conflicts)
  }

  /// A placeholder prefix no property list holds by chance.
  static func placeholderPrefix() -> String {
    var generator = SystemRandomNumberGenerator()
    return "plistkit-conflict-\(String(generator.next(), radix: 16))-"
  }

  /// A marker line's text: `character` `size` times, then the label, if any.
  static func marker(_ character: Character, _ size: Int, label: String = "") -> String {
    String(repeating: character, count: size) + (label.isEmpty ? "" : " " + label)
  }
}
