import PlistDocument
import PlistKit

/// Where an edit of a document may change its text: the lines of the edited value, or of the
/// entries on either side of where an entry is added or removed. Everything else must stay.
public enum EditLocality {
  /// `edit` with the negative indices of the paths that name places in `value` made positive
  /// (a move's destination counts in the value after the removal, and stays as it is).
  static func resolvingNegativeIndices(_ edit: RandomEdit, in value: PropertyList) -> RandomEdit {
    func resolved(_ path: PropertyListKeyPath) -> PropertyListKeyPath {
      path.resolvingNegativeIndices { (try? value.value(at: $0))?.arrayValue?.count }
    }
    switch edit {
    case .set(let path, let new): return .set(resolved(path), new)
    case .insert(let path, let new, let append): return .insert(resolved(path), new, append: append)
    case .remove(let path): return .remove(resolved(path))
    case .move(let source, let destination): return .move(resolved(source), destination)
    case .rename(let source, let destination): return .rename(resolved(source), destination)
    }
  }

  /// Nil when everything outside the lines an edit may change is still there, before and
  /// after them; else what changed. A move is checked as its two steps: its removal in the
  /// text it started from, then its insertion in the text the removal leaves (where the
  /// destination's indices count). A rename changes only its entry's lines.
  public static func violation(
    of edit: RandomEdit, from before: PropertyListDocument, _ valueBefore: PropertyList,
    to after: PropertyListDocument
  ) -> String? {
    func check(_ old: [UInt8], _ new: [UInt8], _ allowed: Range<Int>?, _ step: String) -> String? {
      guard let allowed else { return nil }
      let kept =
        new.count >= allowed.lowerBound + (old.count - allowed.upperBound)
        && new.starts(with: old[..<allowed.lowerBound])
        && new.reversed().starts(with: old[allowed.upperBound...].reversed())
      return kept ? nil : "\(step): bytes outside \(allowed) changed"
    }
    // Where the edit's paths count from the end, the same places counted from the start.
    let edit = resolvingNegativeIndices(edit, in: valueBefore)
    let source: PropertyListKeyPath
    let destination: PropertyListKeyPath
    switch edit {
    case .move(let from, let to):
      (source, destination) = (from, to)
    case .rename(let from, let to)
    where from.components.dropLast() != to.components.dropLast()
      || (from.components.last ?? "").exactlyEquals(to.components.last ?? ""):
      // Not a rename (another container, or the same key, scalar for scalar: a canonically
      // equivalent key is another key, renamed in place): a move, as the value's edit is.
      (source, destination) = (from, to)
    default:
      return check(before.utf8Text, after.utf8Text, allowedRegion(for: edit, in: before, value: valueBefore), "")
    }
    var middle = before
    var middleValue = valueBefore
    guard (try? middle.removeValue(at: source)) != nil, let moved = try? middleValue.removeValue(at: source) else {
      return ": the move succeeded but its removal alone fails"
    }
    return check(
      before.utf8Text, middle.utf8Text, allowedRegion(for: .remove(source), in: before, value: valueBefore),
      " (removal)")
      ?? check(
        middle.utf8Text, after.utf8Text,
        allowedRegion(for: .insert(destination, moved, append: false), in: middle, value: middleValue), " (insertion)")
  }

  /// The first line that differs, in both texts.
  public static func firstDifference(_ expected: [UInt8], _ actual: [UInt8]) -> String {
    let lines = { (bytes: [UInt8]) in
      String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    }
    let (wanted, got) = (lines(expected), lines(actual))
    let line = (0..<min(wanted.count, got.count)).first { wanted[$0] != got[$0] } ?? min(wanted.count, got.count)
    return "line \(line + 1): expected \(wanted.dropFirst(line).prefix(2)), found \(got.dropFirst(line).prefix(2))"
  }

  /// The lines an edit may change: those of the edited value, or of the entries on either side
  /// of where an entry is added or removed. Nil for moves (see ``checkLocality``) and paths that
  /// lead nowhere.
  static func allowedRegion(for edit: RandomEdit, in document: PropertyListDocument, value: PropertyList) -> Range<Int>?
  {
    let text = document.utf8Text
    func lines(_ range: Range<Int>) -> Range<Int> {
      var start = range.lowerBound
      while start > 0, text[start - 1] != 0x0A, text[start - 1] != 0x0D { start -= 1 }
      var end = range.upperBound
      while end < text.count, text[end] != 0x0A, text[end] != 0x0D { end += 1 }
      while end < text.count, text[end] == 0x0A || text[end] == 0x0D { end += 1 }
      return start..<end
    }
    func span(_ path: PropertyListKeyPath) -> Range<Int>? {
      guard let spans = try? document.spans(at: path) else { return nil }
      return (spans.key?.lowerBound ?? spans.value.lowerBound)..<spans.value.upperBound
    }
    /// From the entry before `position` to the entry after it, in the container at `parent`.
    func around(_ parent: PropertyListKeyPath, before: Int, after: Int) -> Range<Int>? {
      guard let container = try? value.value(at: parent), let whole = span(parent) else { return nil }
      let siblings: [PropertyListKeyPath]
      switch container {
      case .array(let elements): siblings = elements.indices.map { parent.appending(index: $0) }
      case .dictionary(let dictionary): siblings = dictionary.keys.map { parent.appending($0) }
      default: return nil
      }
      let lower =
        siblings.indices.contains(before) ? span(siblings[before])?.lowerBound ?? whole.lowerBound : whole.lowerBound
      let upper =
        siblings.indices.contains(after) ? span(siblings[after])?.upperBound ?? whole.upperBound : whole.upperBound
      return lower <= upper ? lines(lower..<upper) : lines(whole)
    }
    func insertionRegion(_ path: PropertyListKeyPath) -> Range<Int>? {
      let parent = PropertyListKeyPath(components: Array(path.components.dropLast()))
      guard let container = try? value.value(at: parent) else { return nil }
      if case .array(let elements) = container {
        let index = Int(path.components.last!) ?? elements.count
        return around(parent, before: index - 1, after: index)
      }
      let count = container.dictionaryValue?.count ?? 0
      return around(parent, before: count - 1, after: count)
    }
    func removalRegion(_ path: PropertyListKeyPath) -> Range<Int>? {
      let parent = PropertyListKeyPath(components: Array(path.components.dropLast()))
      guard let last = path.components.last, let container = try? value.value(at: parent) else { return nil }
      let position: Int?
      switch container {
      case .array: position = Int(last)
      case .dictionary(let dictionary): position = dictionary.position(of: last)
      default: position = nil
      }
      guard let position else { return nil }
      return around(parent, before: position - 1, after: position + 1)
    }
    switch edit {
    case .set(let path, _):
      if (try? value.value(at: path)) != nil, let existing = span(path) { return lines(existing) }
      return path.components.isEmpty ? nil : insertionRegion(path)
    case .insert(let path, _, let append):
      if append {
        let count = (try? value.value(at: path))?.arrayValue?.count ?? 0
        return around(path, before: count - 1, after: count)
      }
      return insertionRegion(path)
    case .remove(let path):
      return removalRegion(path)
    case .rename(let path, _):
      return span(path).map(lines)
    case .move:
      return nil
    }
  }
}
