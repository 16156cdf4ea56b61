import Dispatch
import PlistKit
import XcodeProject

extension PropertyListDocument {
  /// From this many edits on, a batch on a project file in Xcode's layout is made on the value
  /// and the file written whole: each edit made one by one finds the syntax of the whole text
  /// again and looks through every object for the comments it changes, so ten thousand edits
  /// of a large project read it ten thousand times. Below it, one by one is cheaper than the
  /// whole write (and the check that allows it), which reads and writes the text three times.
  static let projectRewriteThreshold = 4

  /// Makes `edits` on the value and writes the project whole with `XcodeProjectWriter`, when
  /// the text is exactly what that writer makes of its value (as Xcode's own files are): an
  /// edit of such a file one by one leaves it in that layout, with the comments and sections
  /// the writer gives the edited value, so the whole write is the same bytes. False, with
  /// nothing changed, for a file in any other layout, which is then edited one by one.
  ///
  /// - Throws: the error of an edit that does not fit, as its one-by-one counterpart throws it.
  /// `value` is the document's value, when the caller has it.
  mutating func rewriteProject(with edits: [PendingEdit], value known: PropertyList?) throws(PropertyListError) -> Bool
  {
    let writer = XcodeProjectWriter(projectName: projectName, options: options.writing)
    guard let old = known ?? (try? value) else { return false }
    var resolver = BatchResolver()
    var resolved: [ResolvedEdit] = []
    for edit in edits { resolved.append(try resolve(edit, with: &resolver)) }
    var new = old
    try Self.applyToValue(resolved, &new)
    // The old value cannot share arrays or dictionaries, and `apply(_:)` weighed what the
    // edits bring: neither write needs the walk that weighs shared values.
    // The check that the text is the writer's (the value was read from this text, which
    // cannot share arrays or dictionaries) and the new text are two whole writes of a large
    // project: made side by side.
    let edited = new
    let results = ProjectWrites()
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      if index == 0 {
        results.old = try? writer.writeWithoutExpansionCheck(old)
      } else {
        // A value the layout cannot hold (a scalar OpenStep lacks): the edits one by one give
        // the error, or write it as they do.
        results.new = try? writer.writeWithoutExpansionCheck(edited)
      }
    }
    guard results.old == text, let bytes = results.new else { return false }
    apply([Splice(range: 0..<text.count, bytes: bytes)], value: nil)
    return true
  }
}

/// The two writes of ``PropertyListDocument/rewriteProject(with:)``, each set by its own
/// thread and read after both have ended.
private final class ProjectWrites: @unchecked Sendable {
  var old: [UInt8]?
  var new: [UInt8]?
}
