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
public struct XMLPropertyListReader: Sendable {
  /// The options in force.
  public var options: PropertyListReadingOptions

  /// Makes a reader.
  public init(options: PropertyListReadingOptions = .default) { self.options = options }

  /// Reads one property list.
  ///
  /// - Throws: ``PropertyListError`` with the line and column of the problem.
  public func read(_ bytes: UnsafeRawBufferPointer) throws(PropertyListError) -> PropertyList {
    try options.limits.checkInputSize(bytes.count, format: .xml)
    let builder = try Self.parse(XMLInputSource(bytes: bytes), limits: options.limits, into: XMLValueTreeBuilder())
    guard let root = builder.root else {
      throw PropertyListError(.unexpectedEnd, format: .xml, "no property list value found")
    }
    return root
  }

  /// Parses a whole document from `source`, reporting it to `consumer`, and returns the
  /// consumer once the document has proved to be a well-formed property list, or as soon as
  /// the consumer has asked to stop (it then knows it holds part of the document).
  static func parse<Consumer: PropertyListEventConsumer>(
    _ source: XMLInputSource, limits: PropertyListLimits, into consumer: Consumer
  ) throws(PropertyListError) -> Consumer {
    XMLLibrary.initialize()
    let consumerPointer = UnsafeMutablePointer<Consumer>.allocate(capacity: 1)
    consumerPointer.initialize(to: consumer)
    defer {
      consumerPointer.deinitialize(count: 1)
      consumerPointer.deallocate()
    }
    let reference = XMLPropertyListConsumerReference(
      pointer: UnsafeMutableRawPointer(consumerPointer), calls: XMLPropertyListConsumerCalls<Consumer>.self)
    let parser = UnsafeMutablePointer<XMLPropertyListParser>.allocate(capacity: 1)
    parser.initialize(to: XMLPropertyListParser(limits: limits, consumer: reference))
    defer {
      parser.deinitialize(count: 1)
      parser.deallocate()
    }
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
    parser.pointee.source = nil
    if parser.pointee.stoppedForConsumer { return consumerPointer.pointee }
    if let failure = input.pointee.failure { throw failure }
    if let failure = parser.pointee.failure { throw failure }
    guard context.pointee.wellFormed != 0 else {
      throw PropertyListError(.syntax, format: .xml, "the document is not well-formed XML")
    }
    guard parser.pointee.hasRoot else {
      throw PropertyListError(.unexpectedEnd, format: .xml, "no property list value found")
    }
    return consumerPointer.pointee
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
