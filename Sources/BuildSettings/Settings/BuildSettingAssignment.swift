/// One assignment of a build setting: `NAME[condition]… = VALUE`, from an xcconfig file, the
/// command line or the environment.
public struct BuildSettingAssignment: Sendable, Equatable {
  /// The setting's name (`PRODUCT_BUNDLE_IDENTIFIER`).
  public var name: String
  /// The conditions under which the assignment applies; none for an unconditional one.
  public var conditions: [BuildSettingCondition]
  /// The value as written, with its references (`$(ORG).$(PRODUCT_NAME:rfc1034identifier)`),
  /// which are expanded when the setting is read.
  public var value: String
  /// The xcconfig file the assignment is in, if any.
  public var file: String?
  /// The line of ``file``, from 1.
  public var line: Int?

  /// Makes an assignment.
  public init(
    name: String, conditions: [BuildSettingCondition] = [], value: String, file: String? = nil, line: Int? = nil
  ) {
    self.name = name
    self.conditions = conditions
    self.value = value
    self.file = file
    self.line = line
  }

  /// Parses `NAME = VALUE`, `NAME[sdk=iphoneos*][arch=arm64] = VALUE` or `NAME=VALUE`, as an
  /// xcconfig line (without its comment) or a command line's `NAME=VALUE` writes it: white space
  /// around the name, the conditions and the `=` is ignored, as is one `;` that ends the value.
  ///
  /// - Throws: ``BuildSettingsError/Kind/syntax`` when the text is not an assignment.
  public init(parsing text: Substring, file: String? = nil, line: Int? = nil) throws(BuildSettingsError) {
    func failure(_ message: String) -> BuildSettingsError {
      BuildSettingsError(.syntax, message, file: file, line: line)
    }
    var rest = text.drop { $0 == " " || $0 == "\t" }
    let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    guard let first = name.first, !first.isNumber else {
      throw failure("expected a setting name, found '\(text.prefix(40))'")
    }
    rest = rest.dropFirst(name.count).drop { $0 == " " || $0 == "\t" }
    var conditions: [BuildSettingCondition] = []
    while rest.first == "[" {
      guard let close = rest.firstIndex(of: "]") else { throw failure("'[' without ']' in the conditions of \(name)") }
      for part in rest[rest.index(after: rest.startIndex)..<close].split(
        separator: ",", omittingEmptySubsequences: false)
      {
        let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let parameter = pieces[0].trimmingBlanks
        guard pieces.count == 2, !parameter.isEmpty else {
          throw failure("expected a condition such as [sdk=iphoneos*], found [\(part)]")
        }
        conditions.append(
          BuildSettingCondition(parameter: String(parameter), pattern: String(pieces[1].trimmingBlanks)))
      }
      rest = rest[rest.index(after: close)...].drop { $0 == " " || $0 == "\t" }
    }
    guard rest.first == "=" else {
      throw failure("expected '=' after \(name)\(conditions.map(\.description).joined())")
    }
    var value = rest.dropFirst().trimmingBlanks
    if value.last == ";" { value = value.dropLast().trimmingBlanks }
    self.init(name: String(name), conditions: conditions, value: String(value), file: file, line: line)
  }
}

extension Substring {
  /// Without spaces and tabs at either end.
  var trimmingBlanks: Substring {
    let start = drop { $0 == " " || $0 == "\t" }
    var end = start
    while let last = end.last, last == " " || last == "\t" { end = end.dropLast() }
    return end
  }
}
