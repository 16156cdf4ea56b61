/// Limits that protect a reader from hostile input. Every reader checks them and fails with
/// a ``PropertyListError/Kind/limitExceeded`` error that names the limit.
public struct PropertyListLimits: Sendable, Equatable {
  /// The deepest nesting of arrays and dictionaries accepted.
  public var maximumDepth: Int
  /// The most values (containers included) one input may produce.
  public var maximumObjectCount: Int
  /// The largest input accepted, in bytes.
  public var maximumInputSize: Int
  /// The most bytes of strings and data one input may decode to: a small file cannot claim
  /// gigabytes.
  public var maximumDecodedSize: Int

  /// Makes limits; the defaults fit any real plist and stop hostile ones early.
  public init(
    maximumDepth: Int = 512,
    maximumObjectCount: Int = 100_000_000,
    maximumInputSize: Int = 4 << 30,
    maximumDecodedSize: Int = 8 << 30
  ) {
    self.maximumDepth = maximumDepth
    self.maximumObjectCount = maximumObjectCount
    self.maximumInputSize = maximumInputSize
    self.maximumDecodedSize = maximumDecodedSize
  }

  /// The defaults.
  public static let `default` = PropertyListLimits()
}

/// How to read a property list.
public struct PropertyListReadingOptions: Sendable, Equatable {
  /// Limits against hostile input.
  public var limits: PropertyListLimits
  /// Which JSON form to expect; `.typed` decodes the typed form's tags.
  public var jsonStyle: JSONStyle

  /// Makes reading options.
  public init(limits: PropertyListLimits = .default, jsonStyle: JSONStyle = .plain) {
    self.limits = limits
    self.jsonStyle = jsonStyle
  }

  /// The defaults.
  public static let `default` = PropertyListReadingOptions()
}

/// How to write a property list.
public struct PropertyListWritingOptions: Sendable, Equatable {
  /// Which JSON form to write.
  public var jsonStyle: JSONStyle
  /// Indent JSON and OpenStep output over several lines (XML is always indented like Apple's).
  public var prettyPrinted: Bool
  /// Write dictionary keys sorted by their code points instead of in their order.
  public var sortedKeys: Bool
  /// Let the OpenStep writer turn integers, reals, booleans and dates into strings instead
  /// of failing (the OpenStep form has only strings, data, arrays and dictionaries).
  public var openStepStringifiesScalars: Bool

  /// Makes writing options.
  public init(
    jsonStyle: JSONStyle = .plain, prettyPrinted: Bool = true, sortedKeys: Bool = false,
    openStepStringifiesScalars: Bool = false
  ) {
    self.jsonStyle = jsonStyle
    self.prettyPrinted = prettyPrinted
    self.sortedKeys = sortedKeys
    self.openStepStringifiesScalars = openStepStringifiesScalars
  }

  /// The defaults.
  public static let `default` = PropertyListWritingOptions()
}
