internal import CLibXML2

/// Reads Apple's XML property-list form with libxml2's SAX2 interface, building values as
/// the elements go by (no DOM).
///
/// It reads everything Apple's tools write: `<dict>`, `<array>`, `<string>`, `<key>`,
/// `<integer>` (decimal or `0x` hexadecimal, the whole `Int64` and `UInt64` range), `<real>`
/// (including `nan`, `inf`, `+infinity`, `-infinity`), `<true/>`, `<false/>`, `<date>`
/// (ISO 8601), `<data>` (base64, white space and line breaks anywhere), empty elements,
/// comments, CDATA sections, and UTF-8 or UTF-16 (with a byte-order mark) documents. A
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
    guard bytes.count <= options.limits.maximumInputSize else {
      throw PropertyListError(
        .limitExceeded, format: .xml,
        "the input is \(bytes.count) bytes, over the limit of \(options.limits.maximumInputSize)")
    }
    XMLLibrary.initialize()
    let parser = UnsafeMutablePointer<XMLPropertyListParser>.allocate(capacity: 1)
    parser.initialize(to: XMLPropertyListParser(limits: options.limits))
    defer {
      parser.deinitialize(count: 1)
      parser.deallocate()
    }
    parser.pointee.inputIsBlank = bytes.allSatisfy {
      [0x20, 0x09, 0x0A, 0x0D, 0x00, 0xFE, 0xFF, 0xEF, 0xBB, 0xBF].contains($0)
    }
    var handler = XMLPropertyListParser.makeHandler()
    let source = UnsafeMutablePointer<XMLInputSource>.allocate(capacity: 1)
    source.initialize(to: XMLInputSource(bytes: bytes))
    defer { source.deallocate() }

    guard
      let context = xmlCreateIOParserCtxt(
        &handler, parser, XMLInputSource.read, XMLInputSource.close, source, XML_CHAR_ENCODING_NONE)
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
    xmlCtxtUseOptions(context, XMLLibrary.parseOptions)
    xmlParseDocument(context)
    parser.pointee.context = nil
    if let failure = parser.pointee.failure { throw failure }
    guard context.pointee.wellFormed != 0 else {
      throw PropertyListError(.syntax, format: .xml, "the document is not well-formed XML")
    }
    guard let root = parser.pointee.root else {
      throw PropertyListError(.unexpectedEnd, format: .xml, "no property list value found")
    }
    return root
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

/// Hands the input to libxml2 in the chunks it asks for, without copying it whole first.
struct XMLInputSource {
  let bytes: UnsafeRawBufferPointer
  var offset = 0

  init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  static let read: xmlInputReadCallback = { context, buffer, length in
    guard let context, let buffer, length > 0 else { return 0 }
    let source = context.assumingMemoryBound(to: XMLInputSource.self)
    let count = min(Int(length), source.pointee.bytes.count - source.pointee.offset)
    guard count > 0, let base = source.pointee.bytes.baseAddress else { return 0 }
    UnsafeMutableRawPointer(buffer).copyMemory(from: base + source.pointee.offset, byteCount: count)
    source.pointee.offset += count
    return Int32(count)
  }

  static let close: xmlInputCloseCallback = { _ in 0 }
}
