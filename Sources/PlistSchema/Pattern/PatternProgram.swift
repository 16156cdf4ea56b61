/// A pattern compiled into instructions for ``PatternMatcher``: a backtracking machine, as
/// ECMA-262 describes matching, whose every step is counted.
///
/// Counted repetitions are written out (`a{2,4}` is `aa` and two optional `a`s), so that a
/// program without back references or lookarounds is a plain automaton over (instruction,
/// position) states; the matcher then remembers the states it has left behind and never
/// enters one twice, which keeps the work within instructions × (characters + 1) whatever the
/// pattern (`^(a+)+$` included).
struct PatternProgram: Sendable {
  enum Instruction: Sendable {
    case scalar(UInt32)
    /// A code point in `sets[index]`.
    case set(Int)
    case any
    /// Tries `first`, and `second` when that fails.
    case split(first: Int, second: Int)
    case jump(Int)
    /// Records the position in a capture slot (group × 2, + 1 for its end).
    case save(slot: Int)
    /// Clears the captures of groups `groups` (their slots), as each repetition starts afresh.
    case clearCaptures(Range<Int>)
    /// Records the position in a counter register, where a repetition's body starts.
    case mark(register: Int)
    /// Fails when the body since `mark` matched nothing: ECMA-262 stops such a repetition.
    case progress(register: Int)
    case assertStart
    case assertEnd
    case wordBoundary(negated: Bool)
    case backReference(group: Int)
    /// A lookaround whose body follows this instruction and ends with `succeed`; matching
    /// goes on at `next`.
    case lookaround(behind: Bool, negated: Bool, next: Int)
    /// The end of a lookaround's body.
    case succeed
    case match
  }

  private(set) var instructions: [Instruction] = []
  private(set) var sets: [ScalarSet] = []
  private(set) var registers = 0
  /// Capture slots: two per group, group 0 (the whole match) included.
  let slots: Int
  /// True when there are no back references and no lookarounds: captures then never change
  /// whether the pattern matches, and states can be remembered.
  private(set) var isAutomaton = true
  /// Only the start of the input need be tried.
  let isAnchoredAtStart: Bool

  /// The most instructions a pattern may compile to, its counted repetitions written out.
  static let maximumInstructions = 100_000

  init(_ node: PatternNode, groups: Int) throws(ECMAPattern.PatternError) {
    slots = (groups + 1) * 2
    isAnchoredAtStart = node.isAnchoredAtStart
    try emit(node)
    instructions.append(.match)
  }

  private mutating func append(_ instruction: Instruction) throws(ECMAPattern.PatternError) {
    guard instructions.count < Self.maximumInstructions else {
      throw ECMAPattern.PatternError(
        message:
          "is too large: its counted repetitions make more than \(Self.maximumInstructions) steps of program")
    }
    instructions.append(instruction)
  }

  private mutating func patch(_ index: Int, _ instruction: Instruction) { instructions[index] = instruction }

  private mutating func emit(_ node: PatternNode) throws(ECMAPattern.PatternError) {
    switch node {
    case .empty: break
    case .scalar(let value): try append(.scalar(value))
    case .set(let set):
      sets.append(set)
      try append(.set(sets.count - 1))
    case .any: try append(.any)
    case .start: try append(.assertStart)
    case .end: try append(.assertEnd)
    case .wordBoundary(let negated): try append(.wordBoundary(negated: negated))
    case .sequence(let nodes):
      for node in nodes { try emit(node) }
    case .alternation(let nodes):
      var jumps: [Int] = []
      for (index, node) in nodes.enumerated() {
        if index < nodes.count - 1 {
          let split = instructions.count
          try append(.jump(0))
          try emit(node)
          jumps.append(instructions.count)
          try append(.jump(0))
          patch(split, .split(first: split + 1, second: instructions.count))
        } else {
          try emit(node)
        }
      }
      for jump in jumps { patch(jump, .jump(instructions.count)) }
    case .group(let body, let capture):
      guard let capture else { return try emit(body) }
      try append(.save(slot: capture * 2))
      try emit(body)
      try append(.save(slot: capture * 2 + 1))
    case .repetition(let body, let minimum, let maximum, let greedy):
      try emitRepetition(body, minimum: minimum, maximum: maximum, greedy: greedy)
    case .backReference(let group):
      isAutomaton = false
      try append(.backReference(group: group))
    case .lookaround(let body, let behind, let negated):
      isAutomaton = false
      let start = instructions.count
      try append(.succeed)
      try emit(body)
      try append(.succeed)
      patch(start, .lookaround(behind: behind, negated: negated, next: instructions.count))
    }
  }

  private mutating func emitRepetition(
    _ body: PatternNode, minimum: Int, maximum: Int?, greedy: Bool
  ) throws(ECMAPattern.PatternError) {
    let groups = Self.captureSlots(in: body)
    for _ in 0..<minimum {
      let before = instructions.count
      if !groups.isEmpty { try append(.clearCaptures(groups)) }
      try emit(body)
      // A body that compiles to nothing (`(?:)`) matches empty however often it repeats.
      if instructions.count == before { break }
    }
    guard maximum != minimum else { return }
    let register = registers
    registers += 1
    // One optional copy: split to the body or out, then the body, which must not match empty.
    func optionalCopy(_ program: inout PatternProgram) throws(ECMAPattern.PatternError) -> Int {
      let split = program.instructions.count
      try program.append(.jump(0))
      try program.append(.mark(register: register))
      if !groups.isEmpty { try program.append(.clearCaptures(groups)) }
      try program.emit(body)
      try program.append(.progress(register: register))
      return split
    }
    if let maximum {
      var splits: [Int] = []
      for _ in minimum..<maximum { splits.append(try optionalCopy(&self)) }
      let exit = instructions.count
      for split in splits {
        patch(split, greedy ? .split(first: split + 1, second: exit) : .split(first: exit, second: split + 1))
      }
    } else {
      let split = try optionalCopy(&self)
      try append(.jump(split))
      let exit = instructions.count
      patch(split, greedy ? .split(first: split + 1, second: exit) : .split(first: exit, second: split + 1))
    }
  }

  /// The capture slots of the groups inside `node`, as one range (groups are numbered in
  /// order, so those of one node are consecutive); empty when it has none.
  private static func captureSlots(in node: PatternNode) -> Range<Int> {
    var lowest = Int.max
    var highest = -1
    func visit(_ node: PatternNode) {
      switch node {
      case .sequence(let nodes), .alternation(let nodes): nodes.forEach(visit)
      case .group(let body, let capture):
        if let capture {
          lowest = min(lowest, capture)
          highest = max(highest, capture)
        }
        visit(body)
      case .repetition(let body, _, _, _), .lookaround(let body, _, _): visit(body)
      default: break
      }
    }
    visit(node)
    return highest < 0 ? 0..<0 : (lowest * 2)..<(highest * 2 + 2)
  }
}
