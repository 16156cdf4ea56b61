/// Expands references over ``BuildSettings``: one expansion's state, so that a setting used
/// many times is expanded once, and a cycle is found by the settings it passes through.
///
/// An undefined name expands to nothing, as in Xcode; a strict expander reports it instead
/// (``BuildSettingsError/Kind/undefined``), unless its reference gives a `default=`, and also a `$(` never closed and an operator Xcode
/// does not know. `$NAME` of a name no level assigns stays as it is written, strict or not,
/// since Xcode does not take it for a reference.
public struct BuildSettingExpander {
  /// The settings references are looked up in.
  public let settings: BuildSettings
  /// Report undefined names, unclosed references and unknown operators instead of passing them.
  public var strict: Bool
  /// The longest expanded value, in UTF-8 bytes: settings that double each other's length
  /// (`A1 = $(A0)$(A0)`, `A2 = $(A1)$(A1)`, …) stop here instead of filling the memory.
  public var maximumLength = 1 << 20

  /// The expanded value of each assignment used so far.
  private var values: [BuildSettings.Slot: String] = [:]
  /// The assignments being expanded, outermost first, with the names they define.
  private var inProgress: [(slot: BuildSettings.Slot, name: String)] = []
  /// True once an error has been told which setting it was met in: the innermost one says.
  private var errorIsPlaced = false

  /// Makes an expander.
  public init(settings: BuildSettings, strict: Bool = false) {
    self.settings = settings
    self.strict = strict
  }

  /// The expanded value of the setting `name`, or nil when no assignment of it applies.
  public mutating func value(of name: String) throws(BuildSettingsError) -> String? {
    errorIsPlaced = false
    guard let slot = settings.applicableSlot(of: name) else { return nil }
    return try value(at: slot, name: name)
  }

  /// `text` with every reference expanded.
  public mutating func expand(_ text: String) throws(BuildSettingsError) -> String {
    guard text.utf8.contains(UInt8(ascii: "$")) else { return text }
    errorIsPlaced = false
    return try evaluate(BuildSettingExpression(parsing: text).pieces, defining: nil)
  }

  // MARK: - Evaluation

  /// The expanded value of the assignment at `slot`, which defines `name`.
  private mutating func value(at slot: BuildSettings.Slot, name: String) throws(BuildSettingsError) -> String {
    if let known = values[slot] { return known }
    if let start = inProgress.firstIndex(where: { $0.slot == slot }) {
      let chain = (inProgress[start...].map(\.name) + [name]).joined(separator: " -> ")
      let assignment = settings.assignment(at: slot)
      throw BuildSettingsError(
        .referenceCycle, "reference cycle: \(chain)", file: assignment.file, line: assignment.line)
    }
    inProgress.append((slot, name))
    defer { inProgress.removeLast() }
    let assignment = settings.assignment(at: slot)
    let result: String
    if assignment.value.utf8.contains(UInt8(ascii: "$")) {
      do {
        result = try evaluate(BuildSettingExpression(parsing: assignment.value).pieces, defining: (slot, name))
      } catch let error where !errorIsPlaced && error.kind != .referenceCycle {
        // Where in the settings the problem is, for an error met while expanding a setting.
        errorIsPlaced = true
        var located = error
        let place = assignment.file.map { file in assignment.line.map { "\(file):\($0)" } ?? file }
        located.message += " (in \(name)\(place.map { ", \($0)" } ?? ""))"
        throw located
      }
    } else {
      result = assignment.value
    }
    values[slot] = result
    return result
  }

  /// The pieces of a text, expanded; `defining` is the assignment whose value they are, which
  /// `$(inherited)` and a reference to its own name look beneath.
  private mutating func evaluate(
    _ pieces: [BuildSettingExpression.Piece], defining: (slot: BuildSettings.Slot, name: String)?
  ) throws(BuildSettingsError) -> String {
    var result = ""
    for piece in pieces {
      switch piece {
      case .literal(let text): result += text
      case .reference(let reference): result += try evaluate(reference, defining: defining)
      }
      guard result.utf8.count <= maximumLength else {
        throw BuildSettingsError(.limitExceeded, "the expanded value is longer than \(maximumLength) bytes")
      }
    }
    return result
  }

  private mutating func evaluate(
    _ reference: BuildSettingExpression.Reference, defining: (slot: BuildSettings.Slot, name: String)?
  ) throws(BuildSettingsError) -> String {
    if strict, !reference.isClosed {
      throw BuildSettingsError(.syntax, "\(reference.text) is not closed")
    }
    let name = try evaluate(reference.name, defining: defining)
    var value: String
    if reference.isBare, !settings.assigns(name) {
      return reference.text
    } else if let defining, name == "inherited" || name == defining.name {
      value = try inheritedValue(of: defining.name, below: defining.slot)
    } else if let slot = settings.applicableSlot(of: name) {
      value = try self.value(at: slot, name: name)
    } else {
      value = try undefined(reference, name: name)
    }
    for item in reference.operators {
      if let argument = item.argument, let replace = BuildSettingOperators.replacement[item.name] {
        value = replace(value, try evaluate(argument, defining: defining))
      } else if item.argument == nil, let retrieve = BuildSettingOperators.retrieval[item.name] {
        value = retrieve(value)
      } else if strict {
        throw BuildSettingsError(.unknownOperator, "unknown operator :\(item.text) in \(reference.text)")
      }
    }
    return value
  }

  /// The value of `name` beneath the assignment at `slot`: the earlier assignments of its
  /// level, and the lower levels. Nothing beneath is no value, never an error.
  private mutating func inheritedValue(
    of name: String, below slot: BuildSettings.Slot
  ) throws(BuildSettingsError) -> String {
    guard let beneath = settings.applicableSlot(of: name, before: slot) else { return "" }
    return try value(at: beneath, name: name)
  }

  /// What an undefined name expands to: nothing, or an error when strict.
  private func undefined(
    _ reference: BuildSettingExpression.Reference, name: String
  ) throws(BuildSettingsError)
    -> String
  {
    // `$(NAME:default=VALUE)` says what an undefined NAME gives: not an error, even when strict.
    let hasDefault = reference.operators.contains { $0.name == "default" && $0.argument != nil }
    guard strict, !name.isEmpty, !hasDefault else { return "" }
    let written = reference.operators.isEmpty ? reference.text : "$(\(name))"
    throw BuildSettingsError(.undefined, "\(written) is not defined")
  }
}
