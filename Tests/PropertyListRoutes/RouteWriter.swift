import PlistKit

/// One way to write a value: a format, and the options that change what the format holds.
public struct RouteWriter: Sendable, CustomStringConvertible {
  /// The writer's name in failures.
  public let name: String
  /// The format written.
  public let format: PropertyListFormat
  /// The options it writes with.
  public var options: PropertyListWritingOptions
  /// The options that read its output back: typed JSON is read as typed.
  public var readingOptions: PropertyListReadingOptions {
    PropertyListReadingOptions(jsonStyle: format == .json ? options.jsonStyle : .plain)
  }

  public var description: String { name }

  init(_ name: String, _ format: PropertyListFormat, _ options: PropertyListWritingOptions = .default) {
    self.name = name
    self.format = format
    self.options = options
  }

  /// XML with CoreFoundation's `%.17g` reals.
  public static let xml = RouteWriter("XML", .xml)
  /// XML with the shortest reals, as Foundation's encoder writes them.
  public static let xmlShortest: RouteWriter = {
    var options = PropertyListWritingOptions.default
    options.xmlRealStyle = .shortest
    return RouteWriter("XML (shortest reals)", .xml, options)
  }()
  /// `bplist00`.
  public static let binary = RouteWriter("binary", .binary)
  /// Plain JSON.
  public static let jsonPlain = RouteWriter("plain JSON", .json, PropertyListWritingOptions(jsonStyle: .plain))
  /// Typed JSON.
  public static let jsonTyped = RouteWriter("typed JSON", .json, PropertyListWritingOptions(jsonStyle: .typed))
  /// OpenStep, which refuses the scalars it has no form for.
  public static let openStep = RouteWriter("OpenStep", .openStep)
  /// OpenStep with GNUstep's typed scalars (`<*I5>`).
  public static let openStepGNUstep = RouteWriter(
    "OpenStep (GNUstep scalars)", .openStep, PropertyListWritingOptions(openStepWritesGNUstepScalars: true))
  /// OpenStep with scalars written as strings.
  public static let openStepStrings = RouteWriter(
    "OpenStep (scalars as strings)", .openStep, PropertyListWritingOptions(openStepStringifiesScalars: true))

  /// Every writer.
  public static let all: [RouteWriter] = [
    .xml, .xmlShortest, .binary, .jsonPlain, .jsonTyped, .openStep, .openStepGNUstep, .openStepStrings,
  ]

  /// The writers whose output is given to the converter and the decoder as input: every format,
  /// and of OpenStep the form that holds every scalar but UIDs.
  public static let sources: [RouteWriter] = [.xml, .binary, .jsonPlain, .jsonTyped, .openStepGNUstep]

  /// This writer, pretty-printed or not (XML and binary have one layout).
  public func pretty(_ pretty: Bool) -> RouteWriter {
    var writer = self
    writer.options.prettyPrinted = pretty
    return writer
  }
}

/// What a route gives for a value: a value, or a refusal of some kind.
public enum RouteOutcome: Sendable, Equatable, CustomStringConvertible {
  case value(PropertyList)
  case refused(PropertyListError.Kind)

  public var description: String {
    switch self {
    case .value(let value): "value \(RouteText.describe(value))"
    case .refused(let kind): "refused (\(kind))"
    }
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.value(let a), .value(let b)): a.isIdentical(to: b)
    case (.refused(let a), .refused(let b)): a == b
    default: false
    }
  }
}

extension RouteWriter {
  /// What reading back this writer's output of `value` gives, as the writers' documentation
  /// says, with the format's reader under ``readingOptions`` (for plain JSON, without the
  /// detection of typed JSON's tags: see ``RouteAgreement``):
  ///
  /// - binary and typed JSON: the value itself, every real and date to the bit;
  /// - XML: strings and keys with a C0 control other than tab, line feed and carriage return,
  ///   or U+FFFE or U+FFFF, are refused, and so are dates that are not finite or beyond the
  ///   years ±99,999,999; other dates lose their fraction toward the past; every NaN reads back
  ///   as the standard one; a dictionary whose only entry is `CF$UID` with a non-negative
  ///   integer reads back as that UID;
  /// - plain JSON: NaN and the infinities read back as the strings `NaN`, `Infinity` and
  ///   `-Infinity`, dates as their ISO 8601 strings (the dates XML refuses are refused), data as
  ///   base64 strings; `CF$UID` dictionaries as in XML;
  /// - OpenStep: integers, reals, booleans, dates and UIDs are refused; with GNUstep's scalars
  ///   all but UIDs and the dates that `<*D…>` lacks (a fraction, a year outside 0000–9999,
  ///   -0.0 seconds) read back exactly; with scalars as strings, each is its string (`42`, `1.5`, `NaN`,
  ///   `YES`, the ISO 8601 date, the UID's number).
  public func expectedReadBack(of value: PropertyList) -> RouteOutcome {
    do throws(Refusal) {
      switch format {
      case .binary: return .value(value)
      case .json where options.jsonStyle == .typed: return .value(value)
      case .json: return .value(try Self.plainJSON(value))
      case .xml: return .value(try Self.xml(value))
      case .openStep: return .value(try openStep(value))
      }
    } catch {
      return .refused(.notRepresentable)
    }
  }

  /// A value the format cannot hold.
  struct Refusal: Error {}

  private static func xml(_ value: PropertyList) throws(Refusal) -> PropertyList {
    switch value {
    case .string(let string):
      guard xmlHolds(string) else { throw Refusal() }
      return value
    case .real(let real): return real.isNaN ? .real(.nan) : value
    case .date(let date): return .date(try wholeSeconds(date))
    case .array(let elements): return .array(try elements.map { (element) throws(Refusal) in try xml(element) })
    case .dictionary(let dictionary):
      for key in dictionary.keys where !xmlHolds(key) { throw Refusal() }
      return uidReference(try dictionary.mapValues { (element) throws(Refusal) in try xml(element) })
    default: return value
    }
  }

  private static func plainJSON(_ value: PropertyList) throws(Refusal) -> PropertyList {
    switch value {
    case .real(let real) where real.isNaN: return "NaN"
    case .real(let real) where real.isInfinite: return .string(real < 0 ? "-Infinity" : "Infinity")
    case .date(let date):
      guard date.hasISO8601Form else { throw Refusal() }
      return .string(date.iso8601)
    case .data(let bytes): return .string(Base64.encode(bytes))
    case .array(let elements):
      return .array(try elements.map { (element) throws(Refusal) in try plainJSON(element) })
    case .dictionary(let dictionary):
      return uidReference(try dictionary.mapValues { (element) throws(Refusal) in try plainJSON(element) })
    default: return value
    }
  }

  private func openStep(_ value: PropertyList) throws(Refusal) -> PropertyList {
    switch value {
    case .string, .data: return value
    case .array(let elements):
      return .array(try elements.map { (element) throws(Refusal) in try openStep(element) })
    case .dictionary(let dictionary):
      return .dictionary(try dictionary.mapValues { (element) throws(Refusal) in try openStep(element) })
    default:
      if options.openStepWritesGNUstepScalars, Self.hasGNUstepForm(value) { return value }
      guard options.openStepStringifiesScalars else { throw Refusal() }
      return .string(Self.text(of: value))
    }
  }

  /// True when GNUstep's typed values hold `value`: any integer, real or boolean, and a date in
  /// whole seconds of the years 0000 to 9999 but -0.0 (which `<*D…>` cannot tell from +0.0).
  static func hasGNUstepForm(_ value: PropertyList) -> Bool {
    switch value {
    case .integer, .real, .boolean: return true
    case .date(let date):
      let seconds = date.secondsSinceReferenceDate
      guard date.hasISO8601Form, seconds == seconds.rounded(.down), !(seconds == 0 && seconds.sign == .minus) else {
        return false
      }
      let text = date.iso8601
      return text.utf8.count == 20 && !text.hasPrefix("-")
    default: return false
    }
  }

  /// A scalar as OpenStep writes it as a string.
  static func text(of value: PropertyList) -> String {
    switch value {
    case .integer(let integer): integer.description
    case .real(let real) where real.isNaN: "NaN"
    case .real(let real) where real.isInfinite: real < 0 ? "-Infinity" : "Infinity"
    case .real(let real): real.description
    case .boolean(let flag): flag ? "YES" : "NO"
    case .date(let date): date.iso8601
    case .uid(let uid): String(uid)
    default: preconditionFailure("\(value.kind) is no scalar")
    }
  }

  /// True when XML 1.0 holds every character of `string`.
  public static func xmlHolds(_ string: String) -> Bool {
    string.unicodeScalars.allSatisfy { scalar in
      switch scalar.value {
      case 0x09, 0x0A, 0x0D: true
      case 0..<0x20, 0xFFFE, 0xFFFF: false
      default: true
      }
    }
  }

  /// The date that a text form writing whole seconds gives back: the fraction dropped toward
  /// the past, at 2001-01-01 exactly a positive zero.
  private static func wholeSeconds(_ date: PropertyListDate) throws(Refusal) -> PropertyListDate {
    guard date.hasISO8601Form else { throw Refusal() }
    let whole = date.secondsSinceReferenceDate.rounded(.down)
    return PropertyListDate(secondsSinceReferenceDate: whole == 0 ? 0 : whole)
  }

  /// `dictionary`, or the UID it spells: its only entry `CF$UID` with a non-negative integer.
  private static func uidReference(_ dictionary: PropertyListDictionary) -> PropertyList {
    guard dictionary.count == 1, dictionary.keys[0].utf8.elementsEqual("CF$UID".utf8),
      case .integer(let integer) = dictionary.values[0], !integer.isNegative
    else { return .dictionary(dictionary) }
    return .uid(integer.bitPattern)
  }
}

extension PropertyListDictionary {
  /// The same keys in the same order, each value transformed.
  func mapValues<Failure: Error>(
    _ transform: (PropertyList) throws(Failure) -> PropertyList
  ) throws(Failure) -> PropertyListDictionary {
    var values: [PropertyList] = []
    values.reserveCapacity(count)
    for position in 0..<count { values.append(try transform(self[position].value)) }
    return PropertyListDictionary(keys: keys, values: values)
  }
}
