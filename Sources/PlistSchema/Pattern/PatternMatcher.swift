/// Runs a ``PatternProgram`` over the code points of one string, backtracking as ECMA-262
/// describes, within a budget of steps: a pattern that would take longer (exponential
/// backtracking through a back reference or a lookaround) stops with
/// ``PatternMatcher/BudgetExceeded`` instead of running for minutes.
///
/// A program that is a plain automaton (no back references, no lookarounds) remembers every
/// (instruction, position) state it has entered, across all the starts a search tries: a state
/// entered again can only fail again. Its work is then at most a few steps per state, which the
/// budget always allows for up to the cap.
struct PatternMatcher {
  /// The budget ran out before the match was decided.
  struct BudgetExceeded: Error {
    /// The budget, in steps.
    let budget: Int
  }

  /// Steps allowed for any string, however short.
  static let minimumSteps = 1_000_000
  /// Steps allowed for each code point of the string (or more, for a long program).
  static let stepsPerCharacter = 1_000
  /// Steps allowed at most, for any string: about a second of work.
  static let maximumSteps = 100_000_000
  /// The most states remembered (bits), beyond which a match runs on its budget alone.
  static let maximumRememberedStates = 64 << 20

  /// The budget for a string of `count` code points and a program of `instructions`.
  static func budget(count: Int, instructions: Int) -> Int {
    let perCharacter = max(stepsPerCharacter, 3 * instructions)
    let (product, overflow) = (count + 1).multipliedReportingOverflow(by: perCharacter)
    return overflow ? maximumSteps : min(maximumSteps, minimumSteps + product)
  }

  private enum Backtrack {
    case resume(pc: Int, position: Int)
    case capture(slot: Int, value: Int)
    case captures(from: Int, values: [Int])
    case register(Int, value: Int)
  }

  private let program: PatternProgram
  private let input: [UInt32]
  let budget: Int
  /// Steps taken so far.
  private(set) var steps = 0
  private var captures: [Int]
  private var registers: [Int]
  private var stack: [Backtrack] = []
  /// One bit per (instruction, position) state entered; empty when states are not remembered.
  private var entered: [UInt64] = []

  init(_ program: PatternProgram, input: [UInt32]) {
    self.program = program
    self.input = input
    budget = Self.budget(count: input.count, instructions: program.instructions.count)
    captures = Array(repeating: -1, count: program.slots)
    registers = Array(repeating: -1, count: program.registers)
    let states = program.instructions.count * (input.count + 1)
    if program.isAutomaton, states <= Self.maximumRememberedStates {
      entered = Array(repeating: 0, count: (states + 63) / 64)
    }
  }

  /// True when the pattern matches somewhere in the input.
  mutating func search() throws(BudgetExceeded) -> Bool {
    let lastStart = program.isAnchoredAtStart ? 0 : input.count
    for start in 0...lastStart {
      if !program.isAutomaton {
        for slot in captures.indices { captures[slot] = -1 }
      }
      if try run(from: 0, at: start, lookbehindEnd: nil) { return true }
    }
    return false
  }

  /// Runs from instruction `startPC` at `startPosition` until `match` (or the `succeed` that
  /// ends a lookaround's body, at `lookbehindEnd` when it is a lookbehind's), or until every
  /// choice made here has failed.
  private mutating func run(
    from startPC: Int, at startPosition: Int, lookbehindEnd: Int?
  ) throws(BudgetExceeded) -> Bool {
    let base = stack.count
    let remembers = !entered.isEmpty
    let count = input.count
    var pc = startPC
    var position = startPosition
    while true {
      steps += 1
      if steps > budget { throw BudgetExceeded(budget: budget) }
      var advances = true
      if remembers {
        let state = pc * (count + 1) + position
        let bit = UInt64(1) << UInt64(state & 63)
        if entered[state >> 6] & bit != 0 {
          advances = false
        } else {
          entered[state >> 6] |= bit
        }
      }
      if advances {
        switch program.instructions[pc] {
        case .scalar(let value):
          advances = position < count && input[position] == value
          if advances { (pc, position) = (pc + 1, position + 1) }
        case .set(let index):
          advances = position < count && program.sets[index].contains(input[position])
          if advances { (pc, position) = (pc + 1, position + 1) }
        case .any:
          advances = position < count && !ScalarClass.isLineTerminator(input[position])
          if advances { (pc, position) = (pc + 1, position + 1) }
        case .split(let first, let second):
          stack.append(.resume(pc: second, position: position))
          pc = first
        case .jump(let target):
          pc = target
        case .save(let slot):
          // An automaton's captures never decide a match: they are not kept.
          if !remembers {
            stack.append(.capture(slot: slot, value: captures[slot]))
            captures[slot] = position
          }
          pc += 1
        case .clearCaptures(let slots):
          if !remembers {
            stack.append(.captures(from: slots.lowerBound, values: Array(captures[slots])))
            for slot in slots { captures[slot] = -1 }
          }
          pc += 1
        case .mark(let register):
          // Remembered states already stop a repetition that matched nothing.
          if !remembers {
            stack.append(.register(register, value: registers[register]))
            registers[register] = position
          }
          pc += 1
        case .progress(let register):
          advances = remembers || registers[register] != position
          pc += 1
        case .assertStart:
          advances = position == 0
          pc += 1
        case .assertEnd:
          advances = position == count
          pc += 1
        case .wordBoundary(let negated):
          let before = position > 0 && ScalarClass.isWord(input[position - 1])
          let after = position < count && ScalarClass.isWord(input[position])
          advances = (before != after) != negated
          pc += 1
        case .backReference(let group):
          let start = captures[group * 2]
          let end = captures[group * 2 + 1]
          if start >= 0, end >= start {
            let length = end - start
            steps += length
            advances = position + length <= count && input[start..<end] == input[position..<(position + length)]
            if advances { position += length }
          }
          pc += 1
        case .lookaround(let behind, let negated, let next):
          let saved = captures
          let matched = try lookaround(body: pc + 1, at: position, behind: behind)
          if negated {
            captures = saved
            advances = !matched
          } else {
            advances = matched
            if matched { stack.append(.captures(from: 0, values: saved)) }
          }
          pc = next
        case .succeed:
          if let lookbehindEnd, position != lookbehindEnd {
            advances = false
          } else {
            stack.removeSubrange(base...)
            return true
          }
        case .match:
          stack.removeSubrange(base...)
          return true
        }
      }
      if !advances {
        var resumed = false
        while !resumed {
          guard stack.count > base else { return false }
          switch stack.removeLast() {
          case .resume(let resumePC, let resumePosition):
            (pc, position) = (resumePC, resumePosition)
            resumed = true
          case .capture(let slot, let value):
            captures[slot] = value
          case .captures(let from, let values):
            for (offset, value) in values.enumerated() { captures[from + offset] = value }
          case .register(let register, let value):
            registers[register] = value
          }
        }
      }
    }
  }

  /// True when the lookaround body at `body` matches at `position`: a lookahead from it, a
  /// lookbehind from some earlier start up to it (nearest first).
  private mutating func lookaround(body: Int, at position: Int, behind: Bool) throws(BudgetExceeded) -> Bool {
    guard behind else { return try run(from: body, at: position, lookbehindEnd: nil) }
    var start = position
    while start >= 0 {
      if try run(from: body, at: start, lookbehindEnd: position) { return true }
      start -= 1
    }
    return false
  }
}
