internal import CLibXML2

/// Reads Apple's XML property-list form with libxml2's SAX2 interface, building values as
/// the elements go by (no DOM).
///
/// It reads everything Apple's tools write: `<dict>`, `<array>`, `<string>`, `<key>`,
/// `<integer>` (decimal or `0x` hexadecimal, the whole `Int64` and `UInt64` range), `<real>`
/// (including `nan`, `inf`, `+infinity`, `-infinity`), `<true/>`, `<false/>`, `<date>`
/// (ISO 8601 with the time), `<data>` (base64 decoded as CoreFoundation decodes it: other
/// ASCII characters skipped, a last partial group dropped), empty elements,
/// comments, CDATA sections, and UTF-8, or UTF-16 or UTF-32 (with a byte-order mark) documents. A
/// dictionary whose only key is `CF$UID` with a non-negative integer is read as a UID, as
/// CoreFoundation does.
///
/// Like CoreFoundation it also accepts a document whose root is a value element without the
/// `<plist>` wrapper. Unlike it, the document must be well-formed XML, text outside
/// `<string>` and the other scalar elements is an error, and line ends are normalized as XML
/// requires: a raw carriage return (Apple writes them raw) reads as a line feed; `&#13;`
/// reads as a carriage return. Dates also take fractions of a second and `±hh:mm` offsets.
///
/// Hostile input is expected: no entity is ever expanded beyond the five predefined ones
/// (any entity declaration or other reference is an error), the external DTD is never
/// loaded, nothing is fetched from the network, and `options.limits` bounds the depth, the
/// number of values and the decoded size. Errors carry the line and column.
public struct XMLPropertyListReader: Sendable, PropertyListEventReader {
  /// The options in force.
  public var options: PropertyListReadingOptions

  /// Makes a reader.
  public init(options: PropertyListReadingOptions = .default) { self.options = options }

  /// Reads one property list.
  ///
  /// - Throws: ``PropertyListError`` with the line and column of the problem.
  public func read(_ bytes: UnsafeRawBufferPointer) throws(PropertyListError) -> PropertyList {
    try readTree(bytes)
  }

  /// Reads one property list into `sink` (see ``PropertyListEventSink``).
  ///
  /// - Throws: ``PropertyListError`` with the line and column of the problem, or what the sink
  ///   threw.
  public func read<Sink: PropertyListEventSink>(
    _ bytes: UnsafeRawBufferPointer, into sink: inout Sink
  ) throws(PropertyListError) {
    try options.limits.checkInputSize(bytes.count, format: .xml)
    try Self.read(XMLInputSource(bytes: bytes), limits: options.limits, into: &sink)
  }

  /// Parses a whole document from `source` into `sink`, which has received a well-formed
  /// property list when this returns.
  static func read<Sink: PropertyListEventSink>(
    _ source: XMLInputSource, limits: PropertyListLimits, into sink: inout Sink
  ) throws(PropertyListError) {
    try withUnsafeMutablePointer(to: &sink) { (sink) throws(PropertyListError) in
      try parse(source, limits: limits, bridge: XMLPropertyListSinkBridge(sink)) { locator in
        sink.pointee.start(locator: locator)
      }
    }
  }

  /// Drives libxml2 over `source`, reporting to the sink behind `bridge`; `start` hands the
  /// sink its locator before the first event.
  private static func parse(
    _ source: XMLInputSource, limits: PropertyListLimits, bridge: XMLPropertyListSinkBridge,
    start: (PropertyListLocator) -> Void
  ) throws(PropertyListError) {
    XMLLibrary.initialize()
    let parser = UnsafeMutablePointer<XMLPropertyListParser>.allocate(capacity: 1)
    parser.initialize(to: XMLPropertyListParser(limits: limits, sink: bridge))
    defer {
      parser.deinitialize(count: 1)
      parser.deallocate()
    }
    start(PropertyListLocator(source: .lineAndColumn({ parser.pointee.eventPosition() })))
    var handler = XMLPropertyListParser.makeHandler()
    let input = UnsafeMutablePointer<XMLInputSource>.allocate(capacity: 1)
    input.initialize(to: source)
    defer {
      input.deinitialize(count: 1)
      input.deallocate()
    }
    parser.pointee.source = input
    let transcodesUTF32 = input.pointee.startReading()

    guard
      let context = xmlCreateIOParserCtxt(
        &handler, parser, XMLInputSource.read, XMLInputSource.close, input, XML_CHAR_ENCODING_NONE)
    else {
      throw PropertyListError(.io, format: .xml, "libxml2 could not make a parser")
    }
    defer {
      // Even with no tree-building callbacks, libxml2 makes a document of its own to hold an
      // entity declaration ("expat compatibility"), and freeing the context leaves it alone.
      if let document = context.pointee.myDoc {
        xmlFreeDoc(document)
        context.pointee.myDoc = nil
      }
      xmlFreeParserCtxt(context)
    }
    parser.pointee.context = context
    input.pointee.context = context
    // UTF-32 reaches libxml2 as UTF-8: the encoding the document declares no longer applies.
    xmlCtxtUseOptions(
      context,
      transcodesUTF32
        ? XMLLibrary.parseOptions | Int32(bitPattern: XML_PARSE_IGNORE_ENC.rawValue) : XMLLibrary.parseOptions)
    let previousHandler = __xmlStructuredError().pointee
    let previousHandlerContext = __xmlStructuredErrorContext().pointee
    xmlSetStructuredErrorFunc(parser, XMLPropertyListParser.contextlessErrorHandler)
    xmlParseDocument(context)
    xmlSetStructuredErrorFunc(previousHandlerContext, previousHandler)
    parser.pointee.context = nil
    input.pointee.context = nil
    parser.pointee.source = nil
    if let failure = parser.pointee.sinkFailure { throw failure }
    if let failure = input.pointee.failure { throw failure }
    if let failure = parser.pointee.failure { throw failure }
    // A control character taken into a string is an error to libxml2, and the only one that
    // does not fail the read.
    guard context.pointee.wellFormed != 0 || parser.pointee.acceptedControlCharacter else {
      throw PropertyListError(.syntax, format: .xml, "the document is not well-formed XML")
    }
    guard parser.pointee.hasRoot else {
      throw PropertyListError(.unexpectedEnd, format: .xml, "no property list value found")
    }
  }
}

/// The process-wide libxml2 setup.
enum XMLLibrary {
  /// No network, and no built-in limits on text size (XML_PARSE_HUGE): the reader's own
  /// limits apply instead. No option that loads the DTD or substitutes entities is set.
  static let parseOptions = Int32(bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue)

  private static let initialized: Bool = {
    xmlInitParser()
    return true
  }()

  /// Initializes libxml2 once, before the first parse (its global tables are not
  /// thread-safe to set up lazily).
  static func initialize() { _ = initialized }
}
