/// Build settings in levels, as Xcode layers them, and the expansion of `$(NAME)` references
/// over them.
///
/// Levels are added from the lowest to the highest: typically the process environment, then
/// each xcconfig file, then the command line's `NAME=VALUE` overrides. A setting's value is the
/// one of the highest level that assigns it (with conditions that match). Within a level,
/// the assignment with the most conditions that all match wins, and among equally specific ones
/// the last: so `NAME[sdk=iphoneos*] = …` beats `NAME = …` of the same file wherever each is,
/// and a later plain `NAME = …` replaces an earlier one. A higher level always wins, whatever
/// the conditions of the lower ones: a command-line override is final.
///
/// `$(inherited)` in an assignment, and a reference to the setting being assigned
/// (`NAME = $(NAME) more`), stand for the value the setting has without that assignment and
/// the ones after it: what the earlier lines, the included files before it and the lower
/// levels give. Every other reference is to the setting's final value, wherever it is assigned.
public struct BuildSettings: Sendable {
  /// One level of assignments.
  public struct Level: Sendable, Equatable {
    /// What the level is, for messages (`the environment`, a file's path, `--set`).
    public var name: String
    /// Its assignments, in order.
    public var assignments: [BuildSettingAssignment]

    /// Makes a level.
    public init(name: String, assignments: [BuildSettingAssignment]) {
      self.name = name
      self.assignments = assignments
    }
  }

  /// Where one assignment is: its level and its place in the level.
  struct Slot: Hashable, Comparable {
    var level: Int
    var index: Int
    static func < (lhs: Slot, rhs: Slot) -> Bool { (lhs.level, lhs.index) < (rhs.level, rhs.index) }
  }

  /// The levels, from the lowest to the highest.
  public private(set) var levels: [Level] = []
  /// The values that conditions are matched against.
  public var conditionValues: BuildSettingConditionValues
  /// Every slot that assigns a name, in order.
  private var slotsByName: [String: [Slot]] = [:]

  /// Settings without levels yet, whose conditions match `conditionValues`.
  public init(conditionValues: BuildSettingConditionValues = BuildSettingConditionValues()) {
    self.conditionValues = conditionValues
  }

  /// Adds a level above the others.
  public mutating func addLevel(_ level: Level) {
    let number = levels.count
    levels.append(level)
    for (index, assignment) in level.assignments.enumerated() {
      slotsByName[assignment.name, default: []].append(Slot(level: number, index: index))
    }
  }

  /// Adds a level of unconditional assignments from `environment` (the process environment,
  /// say) above the others; variables whose names are not setting names (`A-B`) are left out.
  public mutating func addEnvironment(_ environment: [(name: String, value: String)], name: String = "the environment")
  {
    let assignments = environment.filter { Self.isSettingName($0.name) }.map {
      BuildSettingAssignment(name: $0.name, value: $0.value)
    }
    addLevel(Level(name: name, assignments: assignments))
  }

  /// Adds a level with the assignments of the xcconfig file at `path` and of what it includes.
  public mutating func addXCConfig<Access: XCConfigFileAccess>(
    file path: String, loader: XCConfigLoader<Access>
  ) throws(BuildSettingsError) {
    addLevel(Level(name: path, assignments: try loader.assignments(ofFile: path)))
  }

  /// True when some level assigns `name`, under any conditions.
  public func assigns(_ name: String) -> Bool { slotsByName[name] != nil }

  /// The expanded value of the setting `name`, or nil when no assignment of it applies.
  public func value(of name: String, strict: Bool = false) throws(BuildSettingsError) -> String? {
    var expander = BuildSettingExpander(settings: self, strict: strict)
    return try expander.value(of: name)
  }

  /// `text` with its references expanded (see ``BuildSettingExpander``).
  public func expand(_ text: String, strict: Bool = false) throws(BuildSettingsError) -> String {
    var expander = BuildSettingExpander(settings: self, strict: strict)
    return try expander.expand(text)
  }

  /// The assignment at `slot`.
  func assignment(at slot: Slot) -> BuildSettingAssignment { levels[slot.level].assignments[slot.index] }

  /// The assignment of `name` that applies, among those before `bound` (all when nil): the
  /// highest level's most specific matching one, the last of equally specific ones.
  func applicableSlot(of name: String, before bound: Slot? = nil) -> Slot? {
    guard let slots = slotsByName[name] else { return nil }
    var best: (slot: Slot, specificity: Int)?
    for slot in slots.reversed() {
      if let bound, slot >= bound { continue }
      if let found = best, slot.level < found.slot.level { break }
      let assignment = assignment(at: slot)
      guard assignment.conditions.allSatisfy({ $0.matches(conditionValues) }) else { continue }
      if best == nil || assignment.conditions.count > best!.specificity {
        best = (slot, assignment.conditions.count)
      }
    }
    return best?.slot
  }

  /// True for the names an assignment may have: ASCII letters, digits and `_`, not starting
  /// with a digit.
  static func isSettingName(_ name: String) -> Bool {
    guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
    return name.utf8.allSatisfy { BuildSettingExpression.isNameByte($0) && $0 != UInt8(ascii: ".") }
  }
}
