/// One condition of a conditional assignment: `sdk=iphoneos*` in
/// `CODE_SIGN_IDENTITY[sdk=iphoneos*] = Apple Distribution`.
///
/// The pattern is a glob in which `*` stands for any run of characters (`iphoneos*` matches
/// `iphoneos` and `iphoneos26.0`); every other character stands for itself, compared by its
/// Unicode scalars.
public struct BuildSettingCondition: Sendable, Hashable, CustomStringConvertible {
  /// What the condition is about: `sdk`, `arch`, `config`, or any other parameter the
  /// ``BuildSettingConditionValues`` give a value.
  public var parameter: String
  /// The glob the parameter's value must match.
  public var pattern: String

  /// Makes a condition.
  public init(parameter: String, pattern: String) {
    self.parameter = parameter
    self.pattern = pattern
  }

  /// `[parameter=pattern]`, as an xcconfig file writes it.
  public var description: String { "[\(parameter)=\(pattern)]" }

  /// True when `values` gives the parameter a value that the pattern matches. A parameter
  /// without a value matches nothing: an assignment for `[sdk=iphoneos*]` does not apply when
  /// no SDK is chosen.
  public func matches(_ values: BuildSettingConditionValues) -> Bool {
    guard let value = values[parameter] else { return false }
    return Self.glob(Array(pattern.unicodeScalars), matches: Array(value.unicodeScalars))
  }

  /// Glob matching with `*` by backtracking to the last star only: linear in practice and
  /// never exponential, however many stars a pattern has.
  static func glob(_ pattern: [Unicode.Scalar], matches text: [Unicode.Scalar]) -> Bool {
    var p = 0
    var t = 0
    var star: (pattern: Int, text: Int)?
    while t < text.count {
      if p < pattern.count, pattern[p] == "*" {
        star = (p, t)
        p += 1
      } else if p < pattern.count, pattern[p] == text[t] {
        p += 1
        t += 1
      } else if let last = star {
        p = last.pattern + 1
        t = last.text + 1
        star = (last.pattern, last.text + 1)
      } else {
        return false
      }
    }
    while p < pattern.count, pattern[p] == "*" { p += 1 }
    return p == pattern.count
  }
}

/// The values conditions are matched against: the SDK, architecture and build configuration
/// being built for, and any other parameter by name.
public struct BuildSettingConditionValues: Sendable, Equatable {
  /// Parameter name → value.
  public var values: [String: String]

  /// Values for the usual parameters; nil leaves one without a value.
  public init(sdk: String? = nil, arch: String? = nil, config: String? = nil) {
    values = [:]
    values["sdk"] = sdk
    values["arch"] = arch
    values["config"] = config
  }

  /// The value of a parameter, if it has one.
  public subscript(parameter: String) -> String? {
    get { values[parameter] }
    set { values[parameter] = newValue }
  }
}
