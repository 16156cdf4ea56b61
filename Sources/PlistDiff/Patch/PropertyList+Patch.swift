import PlistKit

extension PropertyList {
  /// This value with `change` applied: `old.applying(diff.change(from: old, to: new)!)` equals
  /// `new`.
  ///
  /// The change must fit: removed and changed keys must be there, added ones absent, arrays of
  /// the size the change was made from, replaced scalars equal to the old value.
  /// A ``PropertyListChange/repeated(of:_:)`` change reuses the result made where it repeats,
  /// so that a shared value stays shared and patching takes time linear in the change.
  ///
  /// - Throws: `PropertyListError` of kind `PropertyListError/Kind/keyPath` naming the
  ///   first place where the change does not fit.
  public func applying(_ change: PropertyListChange) throws(PropertyListError) -> PropertyList {
    var patcher = Patcher(referenced: change.repeatedOriginals)
    return try patcher.apply(change, to: self)
  }
}

/// Applies a change tree, recursively (the depth is the change's, which a reader limited).
private struct Patcher {
  /// Paths that `repeated` changes refer to; their results are kept in ``results``.
  let referenced: Set<PropertyListKeyPath>
  var results: [PropertyListKeyPath: PropertyList] = [:]
  var components: [String] = []

  init(referenced: Set<PropertyListKeyPath>) { self.referenced = referenced }

  private var path: PropertyListKeyPath { PropertyListKeyPath(components: components) }

  mutating func apply(_ change: PropertyListChange, to value: PropertyList) throws(PropertyListError) -> PropertyList {
    guard components.count < ValueMerger.maximumDepth else {
      throw PropertyListError(
        .limitExceeded, at: .keyPath(path.description),
        "the change is nested deeper than \(ValueMerger.maximumDepth) levels, the limit of a patch")
    }
    let result: PropertyList
    switch change {
    case .replaced(let old, let new):
      guard value.kind == old.kind, value.isScalarEqual(to: old) || old.kind == .array || old.kind == .dictionary
      else { throw mismatch("expected \(Self.describe(old)), found \(Self.describe(value))") }
      result = new
    case .repeated(let original, let inner):
      if let known = results[original] {
        result = known
      } else {
        result = try apply(inner, to: value)
      }
    case .dictionary(let dictionary):
      guard case .dictionary(let entries) = value else {
        throw mismatch("expected a dictionary, found \(Self.describe(value))")
      }
      result = .dictionary(try apply(dictionary, to: entries))
    case .array(let array):
      guard case .array(let elements) = value else {
        throw mismatch("expected an array, found \(Self.describe(value))")
      }
      result = .array(try apply(array, to: elements))
    }
    if referenced.contains(path) { results[path] = result }
    return result
  }

  private mutating func apply(
    _ change: DictionaryChange, to dictionary: PropertyListDictionary
  ) throws(PropertyListError) -> PropertyListDictionary {
    var result = dictionary
    var additions: [(key: String, value: PropertyList, position: Int)] = []
    for entry in change.entries {
      switch entry {
      case .removed(let key, _):
        guard result.removeValue(forKey: key) != nil else { throw mismatch("no key '\(key)' to remove") }
      case .changed(let key, let inner):
        guard let position = result.position(of: key) else { throw mismatch("no key '\(key)' to change") }
        components.append(key)
        let old = result.values[position]
        result.setValue(.boolean(false), atPosition: position)
        let new = try apply(inner, to: old)
        components.removeLast()
        result.setValue(new, atPosition: position)
      case .added(let key, let value, let position):
        guard dictionary.position(of: key) == nil else { throw mismatch("key '\(key)' to add is already there") }
        additions.append((key, value, position))
      }
    }
    if let order = change.keyOrder {
      var reordered = PropertyListDictionary()
      for key in order.new {
        guard let value = result[key] else { throw mismatch("no key '\(key)' to reorder") }
        reordered[key] = value
      }
      for (key, value) in result where reordered.position(of: key) == nil { reordered[key] = value }
      result = reordered
    }
    for addition in additions.sorted(by: { $0.position < $1.position }) {
      result.insert(addition.value, forKey: addition.key, at: min(addition.position, result.count))
    }
    return result
  }

  private mutating func apply(
    _ change: ArrayChange, to elements: [PropertyList]
  ) throws(PropertyListError)
    -> [PropertyList]
  {
    guard elements.count == change.oldCount else {
      throw mismatch("expected an array of \(change.oldCount) elements, found \(elements.count)")
    }
    var result: [PropertyList] = []
    result.reserveCapacity(change.newCount)
    var cursor = 0
    for edit in change.edits {
      let range = edit.oldRange
      guard range.lowerBound >= cursor, range.upperBound <= elements.count else {
        throw mismatch("array edits out of order or out of range")
      }
      result.append(contentsOf: elements[cursor..<range.lowerBound])
      switch edit {
      case .changed(let oldIndex, _, let inner):
        components.append(String(oldIndex))
        result.append(try apply(inner, to: elements[oldIndex]))
        components.removeLast()
      case .replaced(let old, _, let removed, let inserted):
        guard removed.count == old.count else {
          throw mismatch("an edit removes \(old.count) elements but lists \(removed.count)")
        }
        result.append(contentsOf: inserted)
      }
      cursor = range.upperBound
    }
    result.append(contentsOf: elements[cursor...])
    guard result.count == change.newCount else {
      throw mismatch("the edits give \(result.count) elements, expected \(change.newCount)")
    }
    return result
  }

  private func mismatch(_ message: String) -> PropertyListError {
    PropertyListError(.keyPath, at: .keyPath(path.description), "the change does not fit: \(message)")
  }

  private static func describe(_ value: PropertyList) -> String {
    switch value {
    case .array(let elements): "an array of \(elements.count) elements"
    case .dictionary(let entries): "a dictionary of \(entries.count) entries"
    default: "\(value.kind.rawValue) \(value)"
    }
  }
}
