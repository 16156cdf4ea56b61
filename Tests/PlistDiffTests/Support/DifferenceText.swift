import PlistDiff
import PlistKit

/// Differences as short lines, so that tests compare them exactly and readably:
/// `~ A.0: 1 → 2`, `+ A.1: "x"`, `- A.2: true`, `^ A: a,b → b,a`, `= A.1: as A.0`.
func lines(_ differences: [PropertyListDifference]) -> [String] {
  differences.map { difference in
    let path = difference.path.description
    let moved = difference.newPath.map { " (now \($0))" } ?? ""
    switch difference.kind {
    case .added: return "+ \(path): \(text(difference.newValue!))"
    case .removed: return "- \(path): \(text(difference.oldValue!))"
    case .changed: return "~ \(path)\(moved): \(text(difference.oldValue!)) → \(text(difference.newValue!))"
    case .keyOrder: return "^ \(path)\(moved): \(text(difference.oldValue!)) → \(text(difference.newValue!))"
    case .repeated: return "= \(path)\(moved): as \(difference.repeatedPath!)"
    }
  }
}

/// A compact, exact rendering of a value for test expectations.
func text(_ value: PropertyList) -> String {
  switch value {
  case .string(let string): return "\"\(string)\""
  case .integer(let integer): return integer.description
  case .real(let real): return "\(real)r"
  case .boolean(let flag): return flag ? "true" : "false"
  case .date(let date): return date.iso8601
  case .data(let bytes): return "<" + bytes.map { String($0, radix: 16) }.joined(separator: " ") + ">"
  case .uid(let uid): return "uid(\(uid))"
  case .array(let elements): return "[" + elements.map(text).joined(separator: ", ") + "]"
  case .dictionary(let dictionary):
    return "{" + dictionary.map { "\($0.key): \(text($0.value))" }.joined(separator: ", ") + "}"
  }
}

/// The differences from `old` to `new` as lines.
func diffLines(
  _ old: PropertyList, _ new: PropertyList, options: PropertyListDiffOptions = .default
) -> [String] {
  lines(PropertyListDiff(options: options).differences(from: old, to: new))
}
