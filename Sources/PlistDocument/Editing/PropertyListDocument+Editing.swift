import PlistKit
import XcodeProject

/// Edits by key path. Each one checks its path exactly as the same edit of the value does
/// (``PropertyList/setValue(_:at:)``, ``PropertyList/insertValue(_:at:append:)``,
/// ``PropertyList/removeValue(at:)``, ``PropertyList/moveValue(from:to:)``), throws the same
/// error when it fails, and then changes nothing.
extension PropertyListDocument {
  /// Sets the value at `path`, replacing what is there (only its bytes change) or adding
  /// the last component when it is missing, like `plutil -replace`. An index may name the
  /// end of an array to append, or be negative to count from the end (`-1`: the last element).
  /// Setting a value to what it already is changes no byte.
  public mutating func setValue(_ newValue: PropertyList, at path: PropertyListKeyPath) throws(PropertyListError) {
    // Checked here too: without a known value the edit below is made on the text alone.
    try checkInsertable(newValue, inside: path.components.count, at: path)
    refreshSyntax()
    let edited = try editedValue { (value) throws(PropertyListError) in try value.setValue(newValue, at: path) }
    guard let last = path.components.last else {
      if isUnchanged(0, at: path, by: newValue) { return }
      try commit(replacement(of: 0, parent: nil, with: newValue, path: path), value: edited, path: path)
      return
    }
    let parent = try node(at: path, length: path.components.count - 1)
    switch tree.kind(parent) {
    case .dictionary:
      if let position = entryPositions(in: parent, key: last).last {
        let node = tree.entries(parent)[position].value
        if isUnchanged(node, at: path, by: newValue) { return }
        try commit(replacement(of: node, parent: parent, with: newValue, path: path), value: edited, path: path)
      } else {
        try add(newValue, key: last, to: parent, path: path, value: edited)
      }
    case .array:
      let elements = tree.children(parent)
      let index = try PropertyList.arrayIndex(last, count: elements.count, orEnd: true, path: path)
      if index == elements.count {
        try commit(
          insertion(into: parent, at: index, key: nil, value: newValue, path: path), value: edited, path: path)
      } else {
        if isUnchanged(elements[index], at: path, by: newValue) { return }
        try commit(
          replacement(of: elements[index], parent: parent, with: newValue, path: path), value: edited, path: path)
      }
    default:
      throw notContainerError(parent, path: path)
    }
  }

  /// Inserts a value at `path`, like `plutil -insert`: the key must be new in a dictionary;
  /// in an array the value goes before the element the index names (the count appends; `-1`
  /// puts it before the last element). With `append`, `path` names an array and the value goes
  /// at its end.
  public mutating func insertValue(
    _ newValue: PropertyList, at path: PropertyListKeyPath, append: Bool = false
  ) throws(PropertyListError) {
    try insert(newValue, at: path, append: append, verbatim: nil)
  }

  /// Removes the value at `path` (every entry of a key that the file repeats).
  public mutating func removeValue(at path: PropertyListKeyPath) throws(PropertyListError) {
    refreshSyntax()
    let edited = try editedValue { (value) throws(PropertyListError) in try value.removeValue(at: path) }
    guard let last = path.components.last else {
      throw PropertyListError(.keyPath, at: .keyPath(""), "cannot remove the root")
    }
    let parentPath = prefix(path, path.components.count - 1)
    let parent = try node(at: path, length: parentPath.components.count)
    switch tree.kind(parent) {
    case .dictionary:
      guard !entryPositions(in: parent, key: last).isEmpty else {
        throw PropertyListError(.keyPath, at: .keyPath(path.description), "no such key")
      }
      // One entry at a time, the last first: each removal finds the layout the previous one left.
      var container = parent
      while let position = entryPositions(in: container, key: last).last {
        let remaining = entryPositions(in: container, key: last).count - 1
        try commit(removal(from: container, at: position), value: remaining == 0 ? edited : knownValue, path: path)
        refreshSyntax()
        container = try node(at: parentPath)
      }
    case .array:
      let index = try PropertyList.arrayIndex(last, count: tree.children(parent).count, path: path)
      try commit(removal(from: parent, at: index), value: edited, path: path)
    default:
      throw notContainerError(parent, path: path)
    }
  }

  /// Moves the value at `source` to `destination`, like `PropertyList.moveValue(from:to:)`:
  /// it is removed, then inserted at `destination` as ``insertValue(_:at:append:)`` inserts
  /// (the key must be new there; an array index counts after the removal, so moving
  /// `list.0` to `list.2` puts the first element after the next two). Moving a dictionary
  /// entry to a new key of the same dictionary renames it (the entry goes to the end, or to
  /// its place in Xcode's order in a project file).
  ///
  /// The value's text moves with it, comments inside it included, when it lands with the
  /// same indentation and on a line of its own as before (or on a shared line, if it was on
  /// one); otherwise it is written anew there. The comment lines right above its entry, which
  /// removing it takes away, go with it when it lands on a line of its own, indented like it.
  /// Nothing changes when the move fails; it fails with the errors the value's move throws:
  /// from the root, into the value itself, from a path that leads nowhere, or to a key that
  /// is already there.
  public mutating func moveValue(
    from source: PropertyListKeyPath, to destination: PropertyListKeyPath
  ) throws(PropertyListError) {
    refreshSyntax()
    try PropertyList.checkMoveSource(source)
    let node = try node(at: source)
    try PropertyList.checkMoveDestination(destination, source: source, arrayCount: arrayCount(at:))
    let moved = try value(ofNode: node, at: source)
    let span = tree.valueSpan(node)
    let parent = try self.node(at: prefix(source, source.components.count - 1))
    let verbatim = MovedText(
      bytes: Array(text[span]), indentation: TextLines.indentation(text, span.lowerBound), flat: isFlat(parent),
      comments: attachedComments(of: node, in: parent))
    var copy = self
    try copy.removeValue(at: source)
    try copy.insert(moved, at: destination, append: false, verbatim: verbatim)
    self = copy
  }

  // MARK: - Steps

  private mutating func insert(
    _ newValue: PropertyList, at path: PropertyListKeyPath, append: Bool,
    verbatim: MovedText?
  ) throws(PropertyListError) {
    try checkInsertable(newValue, inside: path.components.count + (append ? 1 : 0), at: path)
    refreshSyntax()
    let edited = try editedValue { (value) throws(PropertyListError) in
      try value.insertValue(newValue, at: path, append: append)
    }
    if append {
      let target = try node(at: path)
      guard tree.kind(target) == .array else {
        throw PropertyListError(
          .keyPath, at: .keyPath(path.description), "expected an array to append to, found \(kindName(target))")
      }
      let count = tree.children(target).count
      try commit(
        insertion(
          into: target, at: count, key: nil, value: newValue, path: path.appending(index: count), verbatim: verbatim),
        value: edited, path: path)
      return
    }
    guard let last = path.components.last else {
      throw PropertyListError(.keyPath, at: .keyPath(""), "cannot insert at the root: it already exists")
    }
    let parent = try node(at: path, length: path.components.count - 1)
    switch tree.kind(parent) {
    case .dictionary:
      guard entryPositions(in: parent, key: last).isEmpty else {
        throw PropertyListError(.keyPath, at: .keyPath(path.description), "the key already exists")
      }
      try add(newValue, key: last, to: parent, path: path, value: edited, verbatim: verbatim)
    case .array:
      let index = try PropertyList.arrayIndex(last, count: tree.children(parent).count, orEnd: true, path: path)
      try commit(
        insertion(into: parent, at: index, key: nil, value: newValue, path: path, verbatim: verbatim), value: edited,
        path: path)
    default:
      throw notContainerError(parent, path: path)
    }
  }

  /// Adds a new key to a dictionary: at the end, or where Xcode's order puts it.
  private mutating func add(
    _ newValue: PropertyList, key: String, to dictionary: Int, path: PropertyListKeyPath, value edited: PropertyList?,
    verbatim: MovedText? = nil
  ) throws(PropertyListError) {
    if isXcodeProject, path.components.count == 2, path.components[0] == "objects", dictionary == objectsNode {
      try commit(objectInsertion(newValue, id: key, path: path), value: edited, path: path)
      return
    }
    var position = tree.entries(dictionary).count
    if isXcodeProject {
      position =
        tree.entries(dictionary).firstIndex { entry in
          XcodeProjectFragments.keyPrecedes(key, keyString(entry.key!))
        } ?? position
    }
    try commit(
      insertion(into: dictionary, at: position, key: key, value: newValue, path: path, verbatim: verbatim),
      value: edited, path: path)
  }

  /// True when the value of `node` is exactly `newValue`: set to it, it keeps its text, which
  /// written anew could change (quoting, the form of a number).
  private func isUnchanged(_ node: Int, at path: PropertyListKeyPath, by newValue: PropertyList) -> Bool {
    (try? value(ofNode: node, at: path))?.isIdentical(to: newValue) == true
  }

  /// The value after the same edit, for documents that keep their value; the edit's error
  /// is the value's error.
  private func editedValue(
    _ edit: (inout PropertyList) throws(PropertyListError) -> Void
  ) throws(PropertyListError) -> PropertyList? {
    guard var value = knownValue else { return nil }
    try edit(&value)
    return value
  }

  /// The value of a node, from the known value or by reading the node's text.
  func value(ofNode node: Int, at path: PropertyListKeyPath) throws(PropertyListError) -> PropertyList {
    if let knownValue { return try knownValue.value(at: path) }
    return try PropertyList(bytes: Array(text[tree.valueSpan(node)]), format: format, options: options.reading)
  }

  /// Applies an edit's splices, then what the layout needs after it: Xcode's sections and
  /// comments in a project file, the typed JSON form's wrappers.
  private mutating func commit(
    _ splices: [Splice], value: PropertyList?, path: PropertyListKeyPath
  ) throws(PropertyListError) {
    let impact = isXcodeProject ? xcodeImpact(of: path) : nil
    let edited = apply(splices, value: value)
    if let impact { xcodeAfterEdit(impact, edited: edited, path: path) }
    if format == .json, options.reading.jsonStyle == .typed { try rewrapTypedJSON(around: path) }
  }

  /// In the typed JSON form, a dictionary whose only key is a tag's name must be written in
  /// a `{"$dict": …}` wrapper: after an edit leaves one so, it is written again whole.
  private mutating func rewrapTypedJSON(around path: PropertyListKeyPath) throws(PropertyListError) {
    for count in stride(from: path.components.count, through: 0, by: -1) {
      let containerPath = prefix(path, count)
      guard let node = try? node(at: containerPath), tree.kind(node) == .dictionary, tree.wrapperSpans[node] == nil,
        let value = try knownValue?.value(at: containerPath), case .dictionary(let entries) = value,
        entries.count == 1, ["$real", "$date", "$data", "$uid", "$dict"].contains(entries.keys[0])
      else { continue }
      let parent = count == 0 ? nil : try? self.node(at: prefix(containerPath, count - 1))
      apply(try replacement(of: node, parent: parent, with: value, path: containerPath), value: knownValue)
    }
  }
}

extension PropertyListDocument {
  /// Refuses a value that would nest deeper than the readers' limit at `path` (inside
  /// `containers` arrays and dictionaries), or that shares its arrays and dictionaries so much
  /// (as a value read from a binary file may) that its text would pass the writing limits:
  /// the text of every edit is the value written out in full.
  func checkInsertable(
    _ value: PropertyList, inside containers: Int, at path: PropertyListKeyPath
  )
    throws(PropertyListError)
  {
    try PropertyList.checkNesting(of: value, inside: containers, at: path)
    do {
      try options.writing.checkExpansion(of: value, in: format)
    } catch {
      var located = error
      located.location = .keyPath(path.description)
      throw located
    }
  }
}
