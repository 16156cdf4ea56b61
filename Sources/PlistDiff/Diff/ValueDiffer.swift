import PlistKit

/// The walk behind ``PropertyListDiff``: two trees side by side, with an explicit stack of
/// the containers being compared (so that nesting cannot overflow a thread's stack), array
/// alignment on fingerprints, and a memo of shared containers (so that sharing cannot make
/// the walk exponential).
struct ValueDiffer {
  let options: PropertyListDiffOptions
  let oldPrints: ValueFingerprints
  let newPrints: ValueFingerprints
  /// Changes of pairs of shared containers already compared, and where.
  private var memo: [MemoKey: MemoEntry] = [:]
  /// Steps left for aligning arrays, shared by all the arrays of this diff.
  private var alignmentBudget: Int

  private struct MemoKey: Hashable {
    let old: ContainerStorage
    let new: ContainerStorage
    let patterns: PatternState
  }

  private struct MemoEntry {
    /// Where the change was first found; nil when there is none.
    let path: PropertyListKeyPath?
    let change: PropertyListChange?

    /// The change met again: a reference to where it was first found.
    var repeated: PropertyListChange? {
      guard let change, let path else { return nil }
      return .repeated(of: path, change)
    }
  }

  /// The components of the paths the memo holds: the memory a diff spends on paths.
  var rememberedPathComponents: Int { memo.values.reduce(0) { $0 + ($1.path?.components.count ?? 0) } }

  init(old: PropertyList, new: PropertyList, options: PropertyListDiffOptions) {
    self.options = options
    oldPrints = ValueFingerprints(old, standIns: options.standIns)
    newPrints = ValueFingerprints(new, standIns: options.standIns)
    alignmentBudget =
      options.alignmentBudget ?? SequenceAlignment.defaultBudget(oldPrints.valueCount + newPrints.valueCount)
  }

  // MARK: - Frames

  /// A container pair being compared.
  private struct Frame {
    /// The component that leads here from the parent frame (in the old value).
    let component: Component
    let patterns: PatternState
    let memoKey: MemoKey?
    var work: Work
  }

  /// A path component, made into text only when a path is needed.
  private enum Component {
    case key(String)
    case index(Int)

    var text: String {
      switch self {
      case .key(let key): key
      case .index(let index): String(index)
      }
    }
  }

  private enum Work {
    case dictionary(DictionaryWork)
    case array(ArrayWork)
  }

  private struct DictionaryWork {
    let old: PropertyListDictionary
    let new: PropertyListDictionary
    var next = 0
    var matched = 0
    var entries: [DictionaryEntryChange] = []
    /// The key whose values a child frame is comparing.
    var pendingKey: String?
  }

  private struct ArrayWork {
    let old: [PropertyList]
    let new: [PropertyList]
    var plan: [PlanItem]
    var next = 0
    var edits: [ArrayEdit] = []
    /// The positions a child frame is comparing.
    var pending: (Int, Int)?
  }

  /// One step of an array comparison, in order of position.
  private enum PlanItem {
    /// Compare the elements at these positions, paired within a hunk.
    case compare(Int, Int)
    /// Compare the elements at these positions, which the alignment matched: their
    /// fingerprints are equal.
    case matched(Int, Int)
    /// Old elements removed and new ones inserted in their place.
    case replace(Range<Int>, Range<Int>)
  }

  /// What comparing two values gave: a result now, or a frame to work through.
  private enum Outcome {
    case done(PropertyListChange?)
    case frame(Frame)
  }

  // MARK: - The walk

  /// The change from `old` to `new`, which sit at `prefix` (for the ignore patterns and the
  /// paths of repeated changes); nil when they are equal.
  mutating func change(
    from old: PropertyList, to new: PropertyList, at prefix: PropertyListKeyPath = PropertyListKeyPath(components: [])
  ) -> PropertyListChange? {
    guard let patterns = PatternState.root(options.ignoredPaths).descend(prefix, patterns: options.ignoredPaths)
    else { return nil }
    return change(from: old, to: new, patterns: patterns, depth: prefix.components.count) { prefix }
  }

  /// The change from `old` to `new`, which sit at a path of `depth` components where the
  /// ignore patterns are in state `patterns`; nil when they are equal. The path, `prefix`, is
  /// asked for only when a change of a shared container is remembered.
  mutating func change(
    from old: PropertyList, to new: PropertyList, patterns: PatternState, depth prefixDepth: Int,
    prefix givenPrefix: () -> PropertyListKeyPath
  ) -> PropertyListChange? {
    var madePrefix: PropertyListKeyPath?
    func prefix() -> PropertyListKeyPath {
      if let madePrefix { return madePrefix }
      let made = givenPrefix()
      madePrefix = made
      return made
    }
    var stack: [Frame] = []
    switch compare(old, new, component: .key(""), patterns: patterns) {
    case .done(let change): return change
    case .frame(let frame): stack.append(frame)
    }
    while var top = stack.popLast() {
      let depth = prefixDepth + stack.count
      switch advance(&top, depth: depth) {
      case .frame(let child):
        stack.append(top)
        stack.append(child)
      case .done(let result):
        if let key = top.memoKey {
          // The path is needed only to refer to a change from where it repeats.
          memo[key] = MemoEntry(
            path: result == nil ? nil : path(of: stack, prefix: prefix(), appending: top.component), change: result)
        }
        guard !stack.isEmpty else { return result }
        deliver(result, to: &stack[stack.count - 1])
      }
    }
    return nil
  }

  /// Compares two values: scalars at once, containers by a new frame (or the memo).
  private mutating func compare(
    _ old: PropertyList, _ new: PropertyList, component: Component, patterns: PatternState
  ) -> Outcome {
    switch (old, new) {
    case (.dictionary(let a), .dictionary(let b)):
      if a.isEmpty && b.isEmpty { return .done(nil) }
      guard let key = memoKey(old, new, patterns) else {
        return .frame(
          Frame(
            component: component, patterns: patterns, memoKey: nil, work: .dictionary(DictionaryWork(old: a, new: b))))
      }
      if key.old == key.new { return .done(nil) }
      if let known = memo[key] { return .done(known.repeated) }
      return .frame(
        Frame(component: component, patterns: patterns, memoKey: key, work: .dictionary(DictionaryWork(old: a, new: b)))
      )
    case (.array(let a), .array(let b)):
      if a.isEmpty && b.isEmpty { return .done(nil) }
      let key = memoKey(old, new, patterns)
      if let key {
        if key.old == key.new { return .done(nil) }
        if let known = memo[key] { return .done(known.repeated) }
      }
      let plan = planArray(a, b)
      return .frame(
        Frame(
          component: component, patterns: patterns, memoKey: key, work: .array(ArrayWork(old: a, new: b, plan: plan))))
    default:
      return .done(old.isScalarEqual(to: new) ? nil : .replaced(old: old, new: new))
    }
  }

  /// The memo key of a pair of containers when either is shared (or both are one storage);
  /// nil for the usual unshared pair, which is never met twice.
  private func memoKey(_ old: PropertyList, _ new: PropertyList, _ patterns: PatternState) -> MemoKey? {
    guard let a = ContainerStorage(of: old), let b = ContainerStorage(of: new) else { return nil }
    guard a == b || oldPrints.isShared(a) || newPrints.isShared(b) else { return nil }
    return MemoKey(old: a, new: b, patterns: patterns)
  }

  /// Takes the next step of the top frame: a child to compare, or the frame's result.
  /// `depth` is the number of components of the frame's own path.
  private mutating func advance(_ frame: inout Frame, depth: Int) -> Outcome {
    switch frame.work {
    case .dictionary(var work):
      frame.work = .array(ArrayWork(old: [], new: [], plan: []))
      defer { frame.work = .dictionary(work) }
      while work.next < work.old.count {
        let position = work.next
        work.next += 1
        let key = work.old.keys[position]
        let (patterns, ignored) = descend(frame.patterns, key, depth: depth)
        let otherPosition =
          position < work.new.count && work.new.keys[position].exactlyEquals(key)
          ? position : work.new.position(of: key)
        guard let otherPosition else {
          if !ignored { work.entries.append(.removed(key: key, old: work.old.values[position])) }
          continue
        }
        work.matched += 1
        if ignored { continue }
        let (oldValue, newValue) = (work.old.values[position], work.new.values[otherPosition])
        // Most entries are scalars: compared here, without a frame.
        if !oldValue.isContainer || !newValue.isContainer {
          if !oldValue.isScalarEqual(to: newValue) {
            work.entries.append(.changed(key: key, .replaced(old: oldValue, new: newValue)))
          }
          continue
        }
        switch compare(oldValue, newValue, component: .key(key), patterns: patterns) {
        case .done(let change):
          if let change { work.entries.append(.changed(key: key, change)) }
        case .frame(let child):
          work.pendingKey = key
          return .frame(child)
        }
      }
      return .done(finishDictionary(work, patterns: frame.patterns, depth: depth))
    case .array(var work):
      frame.work = .array(ArrayWork(old: [], new: [], plan: []))
      defer { frame.work = .array(work) }
      while work.next < work.plan.count {
        let item = work.plan[work.next]
        work.next += 1
        switch item {
        case .replace(let oldRange, let newRange):
          appendReplacement(
            oldRange, newRange, of: work.old, work.new, to: &work.edits, patterns: frame.patterns, depth: depth)
        case .matched(let oldIndex, let newIndex)
        where !options.reportsKeyOrder && work.old[oldIndex].isContainer
          && exactlyEqualContainers(work.old[oldIndex], work.new[newIndex]):
          continue
        case .compare(let oldIndex, let newIndex), .matched(let oldIndex, let newIndex):
          var patterns = frame.patterns
          if !patterns.isEmpty {
            let step = descend(patterns, String(oldIndex), depth: depth)
            if step.ignored { continue }
            patterns = step.state
          }
          switch compare(work.old[oldIndex], work.new[newIndex], component: .index(oldIndex), patterns: patterns)
          {
          case .done(let change):
            if let change { work.edits.append(.changed(oldIndex: oldIndex, newIndex: newIndex, change)) }
          case .frame(let child):
            work.pending = (oldIndex, newIndex)
            return .frame(child)
          }
        }
      }
      if work.edits.isEmpty { return .done(nil) }
      return .done(.array(ArrayChange(oldCount: work.old.count, newCount: work.new.count, edits: work.edits)))
    }
  }

  /// Hands a child frame's result to its parent.
  private func deliver(_ change: PropertyListChange?, to frame: inout Frame) {
    switch frame.work {
    case .dictionary(var work):
      frame.work = .array(ArrayWork(old: [], new: [], plan: []))
      if let change, let key = work.pendingKey { work.entries.append(.changed(key: key, change)) }
      work.pendingKey = nil
      frame.work = .dictionary(work)
    case .array(var work):
      frame.work = .array(ArrayWork(old: [], new: [], plan: []))
      if let change, let (oldIndex, newIndex) = work.pending {
        work.edits.append(.changed(oldIndex: oldIndex, newIndex: newIndex, change))
      }
      work.pending = nil
      frame.work = .array(work)
    }
  }

  // MARK: - Dictionaries

  private func finishDictionary(_ work: DictionaryWork, patterns: PatternState, depth: Int) -> PropertyListChange? {
    var entries = work.entries
    // Keys only the new dictionary has: none when every new key was found among the old ones.
    if work.matched < work.new.count {
      for (position, key) in work.new.keys.enumerated() where work.old.position(of: key) == nil {
        if descend(patterns, key, depth: depth).ignored { continue }
        entries.append(.added(key: key, new: work.new.values[position], position: position))
      }
    }
    var keyOrder: KeyOrderChange?
    if options.reportsKeyOrder {
      let kept: (String) -> Bool = { !descend(patterns, $0, depth: depth).ignored }
      let oldOrder = work.old.keys.filter { work.new.position(of: $0) != nil && kept($0) }
      let newOrder = work.new.keys.filter { work.old.position(of: $0) != nil && kept($0) }
      if !oldOrder.elementsEqual(newOrder, by: { $0.exactlyEquals($1) }) {
        keyOrder = KeyOrderChange(old: oldOrder, new: newOrder)
      }
    }
    if entries.isEmpty && keyOrder == nil { return nil }
    return .dictionary(DictionaryChange(entries: entries, keyOrder: keyOrder))
  }

  // MARK: - Arrays

  /// Aligns two arrays on their elements' fingerprints and pairs what is left in each hunk.
  private mutating func planArray(_ old: [PropertyList], _ new: [PropertyList]) -> [PlanItem] {
    let oldKeys = old.map { oldPrints.lookup($0) }
    let newKeys = new.map { newPrints.lookup($0) }
    let matches = SequenceAlignment.matches(oldKeys, newKeys, budget: &alignmentBudget)
    let pairing = HunkPairing(old: old, new: new, oldPrints: oldPrints, newPrints: newPrints)
    var plan: [PlanItem] = []
    plan.reserveCapacity(matches.count + 8)
    var oldCursor = 0
    var newCursor = 0
    func hunk(to oldEnd: Int, _ newEnd: Int) {
      guard oldCursor < oldEnd || newCursor < newEnd else { return }
      for (oldIndex, newIndex) in pairing.pairs(oldCursor..<oldEnd, newCursor..<newEnd) {
        if oldCursor < oldIndex || newCursor < newIndex {
          plan.append(.replace(oldCursor..<oldIndex, newCursor..<newIndex))
        }
        plan.append(.compare(oldIndex, newIndex))
        oldCursor = oldIndex + 1
        newCursor = newIndex + 1
      }
      if oldCursor < oldEnd || newCursor < newEnd { plan.append(.replace(oldCursor..<oldEnd, newCursor..<newEnd)) }
      oldCursor = oldEnd
      newCursor = newEnd
    }
    for (oldIndex, newIndex) in matches {
      hunk(to: oldIndex, newIndex)
      plan.append(.matched(oldIndex, newIndex))
      oldCursor = oldIndex + 1
      newCursor = newIndex + 1
    }
    hunk(to: old.count, new.count)
    return plan
  }

  /// The edit for removed and inserted elements; with ignore patterns, each element on its
  /// own so that the ignored ones can be left out.
  private func appendReplacement(
    _ oldRange: Range<Int>, _ newRange: Range<Int>, of old: [PropertyList], _ new: [PropertyList],
    to edits: inout [ArrayEdit], patterns: PatternState, depth: Int
  ) {
    guard !patterns.isEmpty else {
      edits.append(
        .replaced(old: oldRange, new: newRange, removed: Array(old[oldRange]), inserted: Array(new[newRange])))
      return
    }
    for index in oldRange where !descend(patterns, String(index), depth: depth).ignored {
      edits.append(
        .replaced(
          old: index..<index + 1, new: newRange.lowerBound..<newRange.lowerBound, removed: [old[index]], inserted: []))
    }
    for index in newRange where !descend(patterns, String(index), depth: depth).ignored {
      edits.append(
        .replaced(
          old: oldRange.upperBound..<oldRange.upperBound, new: index..<index + 1, removed: [], inserted: [new[index]]))
    }
  }

  // MARK: - Paths

  private func descend(
    _ patterns: PatternState, _ component: String, depth: Int
  ) -> (state: PatternState, ignored: Bool) {
    if patterns.isEmpty { return (patterns, false) }
    let step = patterns.descend(component, depth: depth, patterns: options.ignoredPaths)
    return (step.state, step.ignored)
  }

  /// The old path of a frame about to be pushed on `stack` (the root frame's component is
  /// not part of the path).
  private func path(
    of stack: [Frame], prefix: PropertyListKeyPath, appending component: Component
  ) -> PropertyListKeyPath {
    var components = prefix.components
    if !stack.isEmpty {
      components.append(contentsOf: stack.dropFirst().map(\.component.text))
      components.append(component.text)
    }
    return PropertyListKeyPath(components: components)
  }
}
