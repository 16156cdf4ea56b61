import PlistDiff
import PlistKit

/// Conflicts as short lines: `! both-changed A.0: base 1 | ours 2 | theirs 3` (`-` for absent).
func lines(_ conflicts: [PropertyListConflict]) -> [String] {
  conflicts.map { conflict in
    let show: (PropertyList?) -> String = { $0.map(text) ?? "-" }
    let span = conflict.elements.map { " [\($0.lowerBound)..<\($0.upperBound)]" } ?? ""
    return
      "! \(conflict.kind.rawValue) \(conflict.path)\(span): base \(show(conflict.base)) | ours \(show(conflict.ours))"
      + " | theirs \(show(conflict.theirs))"
  }
}
