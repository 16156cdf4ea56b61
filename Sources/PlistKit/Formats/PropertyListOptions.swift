/// Limits that protect a reader from hostile input. Every reader checks them and fails with
/// a ``PropertyListError/Kind/limitExceeded`` error that names the limit.
public struct PropertyListLimits: Sendable, Equatable {
  /// The deepest nesting of arrays and dictionaries accepted.
  public var maximumDepth: Int
  /// The most values (containers included) one input may produce.
  public var maximumObjectCount: Int
  /// The largest input accepted, in bytes.
  public var maximumInputSize: Int
  /// The largest input accepted from standard input, a pipe, a device or anything else that is
  /// not a regular file, in bytes (and never more than ``maximumInputSize``). Such an input's
  /// size is known only once it ends, and `/dev/zero` never ends: it is read against this
  /// smaller limit, well below the memory of a small machine, and reading stops as soon as it
  /// passes the limit.
  public var maximumUnsizedInputSize: Int
  /// The most bytes of strings and data one input may decode to: a small file cannot claim
  /// gigabytes.
  public var maximumDecodedSize: Int

  /// Makes limits; the defaults fit any real plist and stop hostile ones early.
  public init(
    maximumDepth: Int = 512,
    maximumObjectCount: Int = 100_000_000,
    maximumInputSize: Int = 4 << 30,
    maximumDecodedSize: Int = 8 << 30,
    maximumUnsizedInputSize: Int = 1 << 30
  ) {
    self.maximumDepth = maximumDepth
    self.maximumObjectCount = maximumObjectCount
    self.maximumInputSize = maximumInputSize
    self.maximumUnsizedInputSize = maximumUnsizedInputSize
    self.maximumDecodedSize = maximumDecodedSize
  }

  /// The defaults.
  public static let `default` = PropertyListLimits()

  /// The most bytes to read from an input: ``maximumInputSize`` for a regular file (`isSized`),
  /// the smaller of it and ``maximumUnsizedInputSize`` for anything else.
  package func inputSizeLimit(isSized: Bool) -> Int {
    isSized ? maximumInputSize : min(maximumInputSize, maximumUnsizedInputSize)
  }

  /// Refuses an input of `count` bytes when it is over ``maximumInputSize``, before any of
  /// it is read.
  package func checkInputSize(_ count: Int, format: PropertyListFormat?) throws(PropertyListError) {
    guard count <= maximumInputSize else {
      throw PropertyListError(
        .limitExceeded, format: format, "the input is \(count) bytes, over the limit of \(maximumInputSize)")
    }
  }
}

/// How to read a property list.
public struct PropertyListReadingOptions: Sendable, Equatable {
  /// Limits against hostile input.
  public var limits: PropertyListLimits
  /// Which JSON form to expect; `.typed` decodes the typed form's tags.
  public var jsonStyle: JSONStyle
  /// With `jsonStyle` `.plain`, read a document as typed JSON when it holds one of the typed
  /// form's tags: a one-member object such as `{"$uid": 7}` whose payload that tag takes. The
  /// typed form is lossless only when read as typed (a UID read as a dictionary makes a broken
  /// archive), and plain JSON tools do not write such objects. False reads every object as a
  /// dictionary.
  public var detectsTypedJSON: Bool
  /// What JSON's `null` reads as, for a reader of documents that are JSON rather than property
  /// lists (JSON Schemas); nil refuses it, since a property list has no null.
  package var nullValue: PropertyList? = nil

  /// Makes reading options.
  public init(limits: PropertyListLimits = .default, jsonStyle: JSONStyle = .plain, detectsTypedJSON: Bool = true) {
    self.limits = limits
    self.jsonStyle = jsonStyle
    self.detectsTypedJSON = detectsTypedJSON
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
  /// Let the OpenStep writer write integers, reals, booleans and dates as GNUstep's typed
  /// values (`<*I42>`, `<*R1.5>`, `<*BY>`, `<*D2001-01-01 00:00:00 +0000>`), which the reader
  /// takes back exactly; Apple's tools do not read them. A value with no such form (a UID, a
  /// date with a fraction of a second, beyond four-digit years or of -0.0 seconds) is then
  /// stringified or refused as ``openStepStringifiesScalars`` says.
  public var openStepWritesGNUstepScalars: Bool
  /// The most values the XML, JSON and OpenStep writers write out. Those forms cannot share
  /// a container the way a binary plist can, so a value read from a binary file that
  /// references one container from many places is written out in full at each place: a
  /// "sharing bomb" of 60 levels, each holding its child twice, would be 2^60 values. The
  /// default is the readers' ``PropertyListLimits/maximumObjectCount``.
  public var maximumWrittenValueCount: Int
  /// How the XML writer spells reals: CoreFoundation's `%.17g` (the default) or the shortest
  /// form Foundation's `PropertyListEncoder` writes.
  public var xmlRealStyle: XMLRealStyle = .coreFoundation
  /// The most bytes a writer may produce. A binary plist can reference one string, data or
  /// container from many places, and a text form writes it out at each: a 4 MB file holding
  /// 2,000 references to one 4 MB string is 8 GB of JSON. Every writer refuses such a value
  /// before it writes anything when the least it would write is over the limit, and stops
  /// writing once its output passes it, with a ``PropertyListError/Kind/limitExceeded`` error
  /// whose remedy is ``PropertyListError/Remedy/maximumOutputSize``. Nil, the default, bounds
  /// nothing when a value is written directly, and lets ``PropertyListConverter`` scale the
  /// limit to its input (``defaultMaximumOutputSize(forInputSize:)``).
  public var maximumOutputSize: Int?

  /// Makes writing options.
  public init(
    jsonStyle: JSONStyle = .plain, prettyPrinted: Bool = true, sortedKeys: Bool = false,
    openStepStringifiesScalars: Bool = false, openStepWritesGNUstepScalars: Bool = false,
    maximumWrittenValueCount: Int = PropertyListLimits.default.maximumObjectCount, maximumOutputSize: Int? = nil
  ) {
    self.jsonStyle = jsonStyle
    self.prettyPrinted = prettyPrinted
    self.sortedKeys = sortedKeys
    self.openStepStringifiesScalars = openStepStringifiesScalars
    self.openStepWritesGNUstepScalars = openStepWritesGNUstepScalars
    self.maximumWrittenValueCount = maximumWrittenValueCount
    self.maximumOutputSize = maximumOutputSize
  }

  /// The defaults.
  public static let `default` = PropertyListWritingOptions()
}
