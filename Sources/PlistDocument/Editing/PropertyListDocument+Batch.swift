import PlistKit

extension PropertyListDocument {
  /// One edit of ``apply(_:)``. Its key path names a place in the document as it is before
  /// any of the edits it is made with.
  public enum BatchEdit: Sendable, Equatable {
    /// Replaces the value at the path, which exists, as ``setValue(_:at:)`` does.
    case replace(PropertyListKeyPath, with: PropertyList)
    /// Adds a value, as ``insertValue(_:at:append:)`` does: in a dictionary under a new key
    /// (after the dictionary's entries, or where Xcode's order puts it in a project file), in
    /// an array before the element the last component indexes (the count: at the end).
    /// Several insertions at one place go in the order given.
    case insert(PropertyList, at: PropertyListKeyPath)
    /// Removes the value at the path, as ``removeValue(at:)`` does.
    case remove(PropertyListKeyPath)
  }

  /// Makes `edits` together: the result of making each one with its one-by-one counterpart,
  /// from the end of the text to its start, with the same bytes written for each.
  ///
  /// A one-by-one edit finds the syntax of the whole text again, so a thousand of them in a
  /// large file read it a thousand times. Here edits that are apart (not on neighbouring
  /// entries of one container) are made in one pass over the text, and those next to them in
  /// further passes: a handful of passes, however many edits there are. The typed JSON form,
  /// whose edits adjust the text around them afterwards, is edited one by one. So are project
  /// files, whose edits rewrite Xcode's comments and sections, unless the batch is large and the
  /// file is exactly in Xcode's layout: the edits are then made on the value and the project
  /// written whole by `XcodeProjectWriter`, which gives the same bytes (see
  /// `rewriteProject(with:)`).
  ///
  /// No edit may lie inside a value another one replaces or removes.
  ///
  /// - Throws: the error of an edit that does not fit, as its one-by-one counterpart throws
  ///   it; the document is then unchanged.
  public mutating func apply(_ edits: [BatchEdit]) throws(PropertyListError) {
    try apply(edits, currentValue: nil)
  }

  /// ``apply(_:)``, given the document's value when the caller has it already (an OpenStep
  /// document keeps none, and reading a large project again costs as much as writing it).
  mutating func apply(_ edits: [BatchEdit], currentValue: PropertyList?) throws(PropertyListError) {
    guard !edits.isEmpty else { return }
    var brought: [PropertyList] = []
    for edit in edits {
      switch edit {
      case .replace(let path, let value), .insert(let value, let path):
        try PropertyList.checkNesting(of: value, inside: path.components.count, at: path)
        brought.append(value)
      case .remove: break
      }
    }
    // Everything the edits bring is written out in full: weighed together, so that many
    // edits of one shared value cannot pass the limits one by one.
    if !brought.isEmpty { try options.writing.checkExpansion(of: .array(brought), in: format) }
    var copy = self
    copy.refreshSyntax()
    var pending = edits.enumerated().map { PendingEdit($1, order: $0) }
    if isXcodeProject, edits.count >= Self.projectRewriteThreshold,
      try copy.rewriteProject(with: pending, value: currentValue)
    {
      // Made on the value and written whole, in the layout the edits one by one would give.
    } else if edits.count == 1 || isXcodeProject || (format == .json && options.reading.jsonStyle == .typed) {
      try copy.applyOneByOne(pending)
    } else {
      while !pending.isEmpty { pending = try copy.applyRound(pending) }
    }
    self = copy
  }

  // MARK: - One by one

  /// The edits with their one-by-one counterparts, from the end of the text to its start, so
  /// that each path still leads where it led.
  private mutating func applyOneByOne(_ edits: [PendingEdit]) throws(PropertyListError) {
    var resolver = BatchResolver()
    var resolved: [ResolvedEdit] = []
    for edit in edits { resolved.append(try resolve(edit, with: &resolver)) }
    for edit in Self.endToStart(resolved) { try edit.edit.applyOneByOne(to: &self) }
  }

  /// The edits in the order one-by-one edits keep their paths in: later text first; at one
  /// place a replacement or removal before the insertions there, insertions into an array in
  /// reverse (each goes before the one after it), into a dictionary as given (each goes at
  /// the end).
  private static func endToStart(_ edits: [ResolvedEdit]) -> [ResolvedEdit] {
    edits.sorted { a, b in
      if a.anchor != b.anchor { return a.anchor > b.anchor }
      if a.isInsertion != b.isInsertion { return !a.isInsertion }
      return a.isInArray ? a.edit.order > b.edit.order : a.edit.order < b.edit.order
    }
  }

  // MARK: - Rounds

  /// Makes the edits that are apart from each other in one pass; returns the others, their
  /// paths moved to where they now lead.
  private mutating func applyRound(_ edits: [PendingEdit]) throws(PropertyListError) -> [PendingEdit] {
    var resolver = BatchResolver()
    var resolved: [ResolvedEdit] = []
    for edit in edits {
      let one = try resolve(edit, with: &resolver)
      if one.isAlone {
        // Removing a key the file repeats takes a pass per entry: made first, on its own
        // (it moves no other path).
        try one.edit.applyOneByOne(to: &self)
        return edits.filter { $0.order != edit.order }
      }
      resolved.append(one)
    }
    let groups = Self.groups(resolved)
    var taken = Self.select(groups)
    var splices: [Splice] = []
    var layouts: [Int: ContainerLayout] = [:]
    for index in taken {
      splices += try groupSplices(groups[index], layouts: &layouts)
    }
    if Self.overlap(splices) {
      // Not expected of edits apart; made one group at a time rather than risked.
      taken = [taken[taken.count - 1]]
      splices = try groupSplices(groups[taken[0]], layouts: &layouts)
    }
    // Held once, so that the value's edits are made in place.
    var value = knownValue
    knownValue = nil
    if value != nil {
      try Self.applyToValue(taken.flatMap { groups[$0].edits }, &value!)
    }
    apply(splices, value: value)

    // What was not taken moves by what was inserted and removed before it.
    var shifts = IndexShifts()
    for index in taken { shifts.record(groups[index]) }
    var remaining: [PendingEdit] = []
    let takenSet = Set(taken)
    for (index, group) in groups.enumerated() {
      if takenSet.contains(index) {
        remaining += group.deferred.map { shifts.moved($0) }
      } else {
        // Held back whole: an append of several is an append again.
        remaining += (group.deferred + group.edits).map { edit in
          var pending = shifts.moved(edit)
          if !group.deferred.isEmpty { pending.beforeKey = nil }
          return pending
        }
      }
    }
    return remaining.sorted { $0.order < $1.order }
  }

  /// The edits grouped by the place they edit: insertions at one place make one group; an
  /// append of several takes only its last this round (the others then go before it).
  private static func groups(_ edits: [ResolvedEdit]) -> [EditGroup] {
    var groups: [EditGroup] = []
    var insertionGroup: [Place: Int] = [:]
    for edit in edits {
      guard edit.isInsertion, let place = edit.place else {
        groups.append(EditGroup(edits: [edit]))
        continue
      }
      if let index = insertionGroup[place] {
        groups[index].edits.append(edit)
      } else {
        insertionGroup[place] = groups.count
        groups.append(EditGroup(edits: [edit]))
      }
    }
    for index in groups.indices where groups[index].isAppend && groups[index].edits.count > 1 {
      let last = groups[index].edits.removeLast()
      groups[index].deferred = groups[index].edits.map { edit in
        var moved = edit
        if !edit.isInArray, case .insert = edit.edit.action { moved.edit.beforeKey = last.edit.components.last }
        return moved
      }
      groups[index].edits = [last]
    }
    return groups.sorted { $0.anchor < $1.anchor }
  }

  /// The groups of one pass, each that is not next to one already taken; from the end of the
  /// text to its start, as one-by-one edits go, so that of two neighbours the one made first
  /// one by one is made first here too (the other then sees the text it leaves).
  private static func select(_ groups: [EditGroup]) -> [Int] {
    var touched: [Int: Set<Int>] = [:]
    var structural: [Int: Set<Int>] = [:]
    var taken: [Int] = []
    let endToStart = groups.indices.sorted { a, b in
      if groups[a].anchor != groups[b].anchor { return groups[a].anchor > groups[b].anchor }
      return !groups[a].edits[0].isInsertion && groups[b].edits[0].isInsertion
    }
    for index in endToStart {
      let group = groups[index]
      let first = group.edits[0]
      let through = group.isStructural ? first.trail.dropLast() : first.trail[...]
      var fits = through.allSatisfy { structural[$0.container]?.contains($0.position) != true }
      if fits, group.isStructural, let place = first.trail.last {
        fits = group.reach.allSatisfy { touched[place.container]?.contains($0) != true }
      }
      guard fits else { continue }
      taken.append(index)
      for step in through { touched[step.container, default: []].insert(step.position) }
      if group.isStructural, let place = first.trail.last {
        touched[place.container, default: []].formUnion(group.reach)
        structural[place.container, default: []].formUnion(group.reach)
      }
    }
    return taken.sorted()
  }

  /// The splices of one group, computed on the text as it is.
  private func groupSplices(
    _ group: EditGroup, layouts: inout [Int: ContainerLayout]
  ) throws(PropertyListError) -> [Splice] {
    var splices: [Splice] = []
    for edit in group.edits {
      guard let place = edit.trail.last else {
        guard case .replace(let value) = edit.edit.action else { continue }
        splices += try replacement(of: 0, parent: nil, with: value, path: edit.edit.path)
        continue
      }
      if layouts[place.container] == nil { layouts[place.container] = ContainerLayout(node: place.container, in: self) }
      let layout = layouts[place.container]!
      switch edit.edit.action {
      case .replace(let value):
        splices += try replacement(
          of: edit.valueNode!, parent: place.container, with: value, path: edit.edit.path, parentLayout: layout)
      case .remove:
        splices += removal(from: place.container, at: place.position, layout: layout)
      case .insert(let value):
        splices += try insertion(
          into: place.container, at: place.position, key: edit.isInArray ? nil : edit.edit.components.last,
          value: value, path: edit.edit.path, layout: layout)
      }
    }
    return splices
  }

  /// True when splices of different groups overlap, which edits apart never make.
  private static func overlap(_ splices: [Splice]) -> Bool {
    var end = 0
    for index in textOrder(splices) {
      if splices[index].range.lowerBound < end { return true }
      end = splices[index].range.upperBound
    }
    return false
  }

  /// Makes the edits of a pass on the value, in the order that keeps their paths.
  static func applyToValue(_ edits: [ResolvedEdit], _ value: inout PropertyList) throws(PropertyListError) {
    // Insertions before one key of one dictionary are made together: one at a time, each
    // would rebuild the dictionary (thousands of keys appended to one are such a run).
    var run: [ResolvedEdit] = []
    for edit in endToStart(edits) {
      if let first = run.first, !edit.edit.isInsertion(before: first.edit) {
        try insertRun(run, into: &value)
        run = []
      }
      let path = edit.edit.path
      switch edit.edit.action {
      case .replace(let new): try value.setValue(new, at: path)
      case .remove: _ = try value.removeValue(at: path)
      case .insert(let new):
        guard edit.edit.beforeKey != nil, !path.components.isEmpty else {
          try value.insertValue(new, at: path)
          continue
        }
        run.append(edit)
      }
    }
    if !run.isEmpty { try insertRun(run, into: &value) }
  }

  /// Inserts new keys, in order, before the key they all go before in their dictionary (at
  /// its end when it has no such key).
  private static func insertRun(_ run: [ResolvedEdit], into value: inout PropertyList) throws(PropertyListError) {
    let containerPath = PropertyListKeyPath(components: run[0].edit.components.dropLast())
    guard case .dictionary(let dictionary) = try value.value(at: containerPath), let before = run[0].edit.beforeKey
    else { return }
    var added: Set<ExactKey> = []
    for edit in run {
      let key = edit.edit.components[edit.edit.components.count - 1]
      guard dictionary.position(of: key) == nil, added.insert(ExactKey(key)).inserted else {
        throw PropertyListError(.keyPath, at: .keyPath(edit.edit.path.description), "the key already exists")
      }
    }
    let position = dictionary.position(of: before) ?? dictionary.count
    var keys = Array(dictionary.keys[..<position])
    var values = Array(dictionary.values[..<position])
    for edit in run {
      guard case .insert(let new) = edit.edit.action else { continue }
      keys.append(edit.edit.components[edit.edit.components.count - 1])
      values.append(new)
    }
    keys += dictionary.keys[position...]
    values += dictionary.values[position...]
    try value.setValue(.dictionary(PropertyListDictionary(keys: keys, values: values)), at: containerPath)
  }

  // MARK: - Finding the places

  /// Where `edit` is in the text as it is; the one-by-one edit's error when it leads nowhere.
  func resolve(
    _ edit: PendingEdit, with resolver: inout BatchResolver
  ) throws(PropertyListError)
    -> ResolvedEdit
  {
    if let resolved = resolver.resolve(edit, in: self) { return resolved }
    var scratch = self
    try edit.applyOneByOne(to: &scratch)
    throw PropertyListError(.keyPath, at: .keyPath(edit.path.description), "the edits overlap")
  }
}

/// An edit of a batch while the batch is made: its path leads to its place in the text as it
/// is now.
struct PendingEdit {
  enum Action {
    case replace(PropertyList)
    case insert(PropertyList)
    case remove
  }

  var components: [String]
  var action: Action
  /// For an insertion into a dictionary: the key of the entry it goes before (nil: the end).
  var beforeKey: String?
  /// The edit's place in the batch.
  let order: Int

  init(_ edit: PropertyListDocument.BatchEdit, order: Int) {
    switch edit {
    case .replace(let path, let value): (components, action) = (path.components, .replace(value))
    case .insert(let value, let path): (components, action) = (path.components, .insert(value))
    case .remove(let path): (components, action) = (path.components, .remove)
    }
    self.order = order
  }

  var path: PropertyListKeyPath { PropertyListKeyPath(components: components) }

  /// The same edit made on its own.
  func applyOneByOne(to document: inout PropertyListDocument) throws(PropertyListError) {
    switch action {
    case .replace(let value): try document.setValue(value, at: path)
    case .insert(let value): try document.insertValue(value, at: path)
    case .remove: try document.removeValue(at: path)
    }
  }
}

/// A container and a position among its entries.
struct Place: Hashable {
  var container: Int
  var position: Int
}

/// An edit with its place found.
struct ResolvedEdit {
  var edit: PendingEdit
  /// For each component of the path, the container and the position of the entry it leads
  /// to; the last is the edit's own place (for an insertion, the position it goes before).
  var trail: [Place]
  /// Whether each container of the trail is an array.
  var arrays: [Bool]
  /// The node a replacement replaces.
  var valueNode: Int?
  /// Where the edit is in the text, for ordering: the start of its entry, or the end of the
  /// container's entries for an insertion at the end.
  var anchor: Int
  /// The number of entries of the edit's own container.
  var entryCount: Int
  /// True for the removal of a key the file repeats, which is made on its own.
  var isAlone = false

  var place: Place? { trail.last }
  var isInArray: Bool { arrays.last ?? false }
  var isInsertion: Bool {
    if case .insert = edit.action { return true }
    return false
  }
}

/// The edits of one place: one edit, or the insertions there.
struct EditGroup {
  var edits: [ResolvedEdit]
  /// Insertions held back to the next pass (an append of several).
  var deferred: [ResolvedEdit] = []

  var anchor: Int { edits[0].anchor }
  var isStructural: Bool {
    if case .replace = edits[0].edit.action { return false }
    return edits[0].place != nil
  }
  var isAppend: Bool { edits[0].isInsertion && edits[0].place.map { $0.position == edits[0].entryCount } == true }

  /// The positions of the container whose text a structural edit reads or writes: the
  /// entries next to it.
  var reach: [Int] {
    guard let place = edits[0].place else { return [] }
    switch edits[0].edit.action {
    case .remove: return [place.position - 1, place.position, place.position + 1]
    default: return [place.position - 1, place.position]
    }
  }
}

/// Where paths lead after a pass: array positions move by the insertions and removals made
/// before them. An insertion at a position goes before the entry there, so it moves that entry
/// too; a pending insertion at that position stays before what follows it.
struct IndexShifts {
  private var insertions = PositionChanges()
  private var removals = PositionChanges()

  mutating func record(_ group: EditGroup) {
    guard let place = group.edits[0].place, group.edits[0].isInArray, group.isStructural else { return }
    if group.edits[0].isInsertion {
      insertions.record(place.container, place.position, delta: group.edits.count)
    } else {
      removals.record(place.container, place.position, delta: -1)
    }
  }

  /// `edit`'s pending form, its array indices moved.
  mutating func moved(_ edit: ResolvedEdit) -> PendingEdit {
    var pending = edit.edit
    let last = edit.trail.count - 1
    for (depth, place) in edit.trail.enumerated() where edit.arrays[depth] {
      let isEntry = depth < last || !edit.isInsertion
      let shift =
        insertions.sum(in: place.container, before: place.position + (isEntry ? 1 : 0))
        + removals.sum(in: place.container, before: place.position)
      if shift != 0 { pending.components[depth] = String(place.position + shift) }
    }
    return pending
  }
}

/// Changes of the entry count at positions of containers, summed quickly.
struct PositionChanges {
  private var changes: [Int: [(position: Int, delta: Int)]] = [:]
  private var sums: [Int: [Int]] = [:]

  mutating func record(_ container: Int, _ position: Int, delta: Int) {
    changes[container, default: []].append((position, delta))
    sums[container] = nil
  }

  /// The sum of the changes at positions before `position`.
  mutating func sum(in container: Int, before position: Int) -> Int {
    guard var list = changes[container] else { return 0 }
    if sums[container] == nil {
      list.sort { $0.position < $1.position }
      changes[container] = list
      var running = 0
      sums[container] = list.map { change in
        running += change.delta
        return running
      }
    }
    var low = 0
    var high = list.count
    while low < high {
      let middle = (low + high) / 2
      if list[middle].position < position { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? 0 : sums[container]![low - 1]
  }
}

/// Finds places in a document's syntax tree, keeping each container's children and (for large
/// dictionaries) its keys, so that many edits of one large container find theirs quickly.
struct BatchResolver {
  private var children: [Int: [Int]] = [:]
  private var keys: [Int: [[UInt8]: [Int]]] = [:]

  /// `edit`'s place, its path's negative indices replaced by the positions they name (edits
  /// made before it must not move where it leads); nil when its path leads nowhere or the edit
  /// does not fit there.
  mutating func resolve(_ edit: PendingEdit, in document: PropertyListDocument) -> ResolvedEdit? {
    var edit = edit
    let tree = document.tree
    var node = 0
    var trail: [Place] = []
    var arrays: [Bool] = []
    for (depth, component) in edit.components.enumerated() {
      let isLast = depth == edit.components.count - 1
      let kind = tree.kind(node)
      guard kind.isContainer else { return nil }
      let nodes = children(of: node, in: tree)
      if kind == .array {
        guard let index = PropertyListKeyPath.index(component, count: nodes.count) else { return nil }
        edit.components[depth] = String(index)
        let insertion = isLast && edit.isInsertion
        guard index < nodes.count || (insertion && index == nodes.count) else { return nil }
        trail.append(Place(container: node, position: index))
        arrays.append(true)
        if isLast {
          let anchor = index < nodes.count ? tree.start(nodes[index]) : tree.end(node)
          return ResolvedEdit(
            edit: edit, trail: trail, arrays: arrays, valueNode: insertion ? nil : nodes[index], anchor: anchor,
            entryCount: nodes.count)
        }
        node = nodes[index]
      } else {
        let positions = self.positions(of: component, in: node, children: nodes, document: document)
        let count = nodes.count / 2
        arrays.append(false)
        if isLast, edit.isInsertion {
          guard positions.isEmpty else { return nil }
          var position = count
          if let before = edit.beforeKey {
            guard let found = self.positions(of: before, in: node, children: nodes, document: document).last else {
              return nil
            }
            position = found
          }
          trail.append(Place(container: node, position: position))
          let anchor = position < count ? tree.start(nodes[2 * position]) : tree.end(node)
          return ResolvedEdit(
            edit: edit, trail: trail, arrays: arrays, valueNode: nil, anchor: anchor, entryCount: count)
        }
        guard let position = positions.last else { return nil }
        trail.append(Place(container: node, position: position))
        if isLast {
          var resolved = ResolvedEdit(
            edit: edit, trail: trail, arrays: arrays, valueNode: nodes[2 * position + 1],
            anchor: tree.start(nodes[2 * position]), entryCount: count)
          if case .remove = edit.action, positions.count > 1 { resolved.isAlone = true }
          return resolved
        }
        node = nodes[2 * position + 1]
      }
    }
    // The root: only a replacement, on its own.
    guard case .replace = edit.action else { return nil }
    return ResolvedEdit(edit: edit, trail: [], arrays: [], valueNode: 0, anchor: 0, entryCount: 0, isAlone: true)
  }

  private mutating func children(of node: Int, in tree: SyntaxTree) -> [Int] {
    if let known = children[node] { return known }
    let found = tree.children(node)
    children[node] = found
    return found
  }

  /// The positions of the entries of `key` in a dictionary.
  private mutating func positions(
    of key: String, in node: Int, children nodes: [Int], document: PropertyListDocument
  ) -> [Int] {
    let utf8 = Array(key.utf8)
    guard nodes.count / 2 > 32 else {
      return stride(from: 0, to: nodes.count - 1, by: 2).compactMap { index in
        SyntaxText.matches(
          document.text, document.tree.span(nodes[index]), format: document.format, utf8: utf8)
          ? index / 2 : nil
      }
    }
    if keys[node] == nil {
      var table: [[UInt8]: [Int]] = [:]
      for index in stride(from: 0, to: nodes.count - 1, by: 2) {
        table[Array(document.keyString(nodes[index]).utf8), default: []].append(index / 2)
      }
      keys[node] = table
    }
    return keys[node]![utf8] ?? []
  }
}

extension PendingEdit {
  var isInsertion: Bool {
    if case .insert = action { return true }
    return false
  }

  /// True for an insertion into the dictionary `other` inserts into, before the same key.
  func isInsertion(before other: PendingEdit) -> Bool {
    guard isInsertion, let before = beforeKey, let otherBefore = other.beforeKey, before.exactlyEquals(otherBefore),
      components.count == other.components.count
    else { return false }
    return zip(components.dropLast(), other.components.dropLast()).allSatisfy { $0.exactlyEquals($1) }
  }
}
