import PlistKit

/// The table of a `.stringsdict` file: for each key, a format (`NSStringLocalizedFormatKey`)
/// whose `%#@name@` variables each choose a text by a rule — plural categories, the device,
/// or the display width.
///
/// A `.stringsdict` file is a property list (XML as Xcode writes it; any format PlistKit reads
/// is accepted). Entries and their variables keep the file's order.
public struct StringsDictionary: Sendable, Equatable {
  /// One key of the table.
  public struct Entry: Sendable, Equatable {
    /// The key the code asks for.
    public var key: String
    /// The format: text with `%#@name@` where each variable's text goes.
    public var format: String
    /// The variables the format names, in the file's order.
    public var variables: [Variable]

    /// Makes an entry.
    public init(key: String, format: String, variables: [Variable]) {
      self.key = key
      self.format = format
      self.variables = variables
    }

    /// The variable called `name`, if the entry has it.
    public func variable(named name: String) -> Variable? { variables.first { $0.name == name } }
  }

  /// A variable of a format: the rule that chooses, and the text for each case.
  public struct Variable: Sendable, Equatable {
    /// The name, as the format writes it between `%#@` and `@`.
    public var name: String
    /// What chooses among the cases (`NSStringFormatSpecTypeKey`).
    public var rule: Rule
    /// The format specifier of the argument without its `%` (`NSStringFormatValueTypeKey`:
    /// `d`, `ld`, `lld`, `@`…); nil when the file gives none.
    public var valueType: String?
    /// The cases and their texts, in the file's order: each case named by a plural category
    /// (`zero`, `one`, `two`, `few`, `many`, `other`), a device (`iphone`, `mac`, …, `other`) or
    /// a width (`20`, `50`), as a catalog's variation names its cases.
    public var cases: KeyedList<String>

    /// Makes a variable.
    public init(name: String, rule: Rule, valueType: String? = nil, cases: KeyedList<String>) {
      self.name = name
      self.rule = rule
      self.valueType = valueType
      self.cases = cases
    }

    /// The text of case `name`, if the variable has it.
    public func text(of name: String) -> String? { cases[name] }
  }

  /// What chooses the text of a variable (`NSStringFormatSpecTypeKey`).
  public enum Rule: Sendable, Equatable, Hashable {
    /// `NSStringPluralRuleType`: the language's plural category of the argument.
    case plural
    /// `NSStringDeviceSpecificRuleType`: the kind of device the app runs on.
    case device
    /// `NSStringVariableWidthRuleType`: the width the text is displayed in.
    case width
    /// Any other rule type, by its name.
    case other(String)

    /// The value of `NSStringFormatSpecTypeKey`.
    public var name: String {
      switch self {
      case .plural: "NSStringPluralRuleType"
      case .device: "NSStringDeviceSpecificRuleType"
      case .width: "NSStringVariableWidthRuleType"
      case .other(let name): name
      }
    }

    /// The rule that `NSStringFormatSpecTypeKey` names.
    public init(name: String) {
      switch name {
      case Rule.plural.name: self = .plural
      case Rule.device.name: self = .device
      case Rule.width.name: self = .width
      default: self = .other(name)
      }
    }
  }

  /// The entries, in the order of the file.
  public var entries: [Entry]

  /// Makes a table of `entries`.
  public init(entries: [Entry] = []) {
    self.entries = entries
  }

  /// The entry for `key`, if the table has it.
  public func entry(for key: String) -> Entry? { entries.first { $0.key == key } }
}
