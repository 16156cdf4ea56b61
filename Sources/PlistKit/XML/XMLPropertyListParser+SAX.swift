internal import CLibXML2

/// The SAX2 handler table: C callbacks that forward to the parser passed as libxml2's user
/// data. Only what a plist needs is set; everything else stays nil, so libxml2 never
/// builds a tree, never loads the external DTD and never resolves an entity.
extension XMLPropertyListParser {
  static func makeHandler() -> xmlSAXHandler {
    var handler = xmlSAXHandler()
    handler.initialized = UInt32(XML_SAX2_MAGIC)
    handler.startElementNs = { user, localName, prefix, _, namespaceCount, _, attributeCount, _, _ in
      guard let user, let localName else { return }
      XMLPropertyListParser.with(user) { parser in
        guard parser.flags == 0 || parser.proceeds() else { return }
        guard Int(namespaceCount) + Int(attributeCount) <= XMLAttributeLimit.maximumCount else {
          return parser.fail(.limitExceeded, at: parser.tagStartPosition, XMLAttributeLimit.message)
        }
        parser.startElement(name: localName, prefix: prefix)
      }
    }
    handler.endElementNs = { user, _, _, _ in
      guard let user else { return }
      XMLPropertyListParser.with(user) { parser in
        guard parser.flags == 0 || parser.proceeds() else { return }
        parser.endElement()
      }
    }
    handler.characters = textCallback
    handler.ignorableWhitespace = textCallback
    handler.cdataBlock = textCallback
    // Entities: the five predefined ones (and character references) never reach these
    // callbacks. Anything else is refused where it is declared or referenced.
    handler.entityDecl = { user, name, _, _, _, _ in
      guard let user else { return }
      XMLPropertyListParser.with(user) { parser in
        let shown = name.map { String(cString: $0) } ?? ""
        parser.fail(
          .syntax, at: parser.tagStartPosition,
          "entity declarations are not allowed (<!ENTITY \(shown) …>): a property list uses only &lt; &gt; &amp; &apos; &quot;"
        )
      }
    }
    handler.unparsedEntityDecl = { user, name, _, _, _ in
      guard let user else { return }
      XMLPropertyListParser.with(user) { parser in
        let shown = name.map { String(cString: $0) } ?? ""
        parser.fail(.syntax, at: parser.tagStartPosition, "entity declarations are not allowed (<!ENTITY \(shown) …>)")
      }
    }
    handler.getEntity = { user, name in
      guard let user else { return nil }
      XMLPropertyListParser.with(user) { parser in parser.refuseReference(to: name, marker: "&") }
      return nil
    }
    handler.getParameterEntity = { user, name in
      guard let user else { return nil }
      XMLPropertyListParser.with(user) { parser in parser.refuseReference(to: name, marker: "%") }
      return nil
    }
    handler.reference = { user, name in
      guard let user else { return }
      XMLPropertyListParser.with(user) { parser in parser.refuseReference(to: name, marker: "&") }
    }
    // The DOCTYPE: a plist names Apple's DTD at most; an internal subset (`<!DOCTYPE plist [ … ]>`)
    // is refused, as CoreFoundation refuses it, before libxml2 reads its declarations.
    handler.internalSubset = { user, _, _, _ in
      guard let user else { return }
      XMLPropertyListParser.with(user) { parser in
        guard !parser.hasFailed, let input = parser.context?.pointee.input, let current = input.pointee.cur,
          current.pointee == UInt8(ascii: "[")
        else { return }
        parser.fail(
          .syntax, at: parser.currentPosition,
          "an internal DTD subset ('<!DOCTYPE plist [') is not allowed: a property list's DOCTYPE only names the DTD")
      }
    }
    handler.serror = { user, error in
      guard let user, let error else { return }
      XMLPropertyListParser.with(user) { parser in parser.libxml2Error(error.pointee) }
    }
    return handler
  }

  /// Receives the errors libxml2 meets outside the parser context, while converting the input
  /// from the encoding it declares: without it they reach the thread's default handler, which
  /// prints them on standard error. The reader installs it for the length of one parse, with
  /// the parser as its user data.
  static let contextlessErrorHandler: xmlStructuredErrorFunc = { user, error in
    guard let user, let error else { return }
    XMLPropertyListParser.with(user) { parser in parser.contextlessError(error.pointee) }
  }

  private static let textCallback: charactersSAXFunc = { user, bytes, count in
    guard let user, let bytes, count > 0 else { return }
    XMLPropertyListParser.with(user) { parser in
      guard parser.flags == 0 || parser.proceeds() else { return }
      parser.characters(UnsafeBufferPointer(start: bytes, count: Int(count)))
    }
  }

  /// Runs `body` on the parser behind libxml2's user data pointer (the reader owns it for
  /// the whole parse). Always inlined, so that each callback is one call into the parser.
  @inline(__always)
  fileprivate static func with(_ user: UnsafeMutableRawPointer, _ body: (inout XMLPropertyListParser) -> Void) {
    body(&user.assumingMemoryBound(to: XMLPropertyListParser.self).pointee)
  }

  fileprivate mutating func refuseReference(to name: UnsafePointer<UInt8>?, marker: String) {
    let shown = name.map { String(cString: $0) } ?? ""
    fail(
      .syntax, at: startPosition(of: marker == "&" ? "&" : "%"),
      "entity references are not allowed (\(marker)\(shown);): a property list uses only &lt; &gt; &amp; &apos; &quot;")
  }

  /// An error libxml2 met outside the parser context. Only bytes that do not decode in the
  /// declared encoding are the document's error; the others (the I/O failure that follows such
  /// bytes) end the parse, which the parser context then reports.
  fileprivate mutating func contextlessError(_ error: xmlError) {
    guard error.domain == Int32(bitPattern: XML_FROM_I18N.rawValue) else { return }
    // libxml2 says which bytes, not where: it converts the input in blocks, ahead of the parse.
    let line = (error.message.map { String(cString: $0) } ?? "").split(separator: "\n").first ?? ""
    let bytes = line.firstRange(of: "bytes ").map { String(line[$0.upperBound...]) }
    fail(
      .invalidEncoding, at: nil,
      "the input does not decode in its declared encoding" + (bytes.map { " (bytes \($0))" } ?? ""),
      stopping: false)
  }

  /// A well-formedness or encoding error from libxml2 itself, in the reader's words where
  /// libxml2's are unclear.
  fileprivate mutating func libxml2Error(_ error: xmlError) {
    if isPassingControlCharacter { endControlCharacter() }
    guard error.level.rawValue >= XML_ERR_ERROR.rawValue, !hasFailed else { return }
    if acceptControlCharacter(error) { return }
    var position = error.line > 0 ? XMLPosition(line: Int(error.line), column: max(Int(error.int2), 1)) : nil
    let text = error.message.map { String(cString: $0) } ?? "malformed XML"
    let lines = text.split(separator: "\n")
    var message = lines.first.map(String.init) ?? "malformed XML"
    let kind: PropertyListError.Kind
    switch xmlParserErrors(UInt32(bitPattern: error.code)) {
    case XML_ERR_INVALID_CHAR where message.hasPrefix("Input is not proper"):
      kind = .invalidEncoding
      let bytes = lines.dropFirst().first.map { $0.replacingPrefix("Bytes: ") } ?? ""
      message = "the input is not valid UTF-8" + (bytes.isEmpty ? "" : " (bytes \(bytes))")
    case XML_ERR_INVALID_CHAR:
      kind = .syntax
      message = "character \(Self.codePoint(error.int1)) is not allowed in XML 1.0"
    case XML_ERR_INVALID_ENCODING, XML_ERR_UNSUPPORTED_ENCODING, XML_ERR_UNKNOWN_ENCODING:
      kind = .invalidEncoding
    case XML_ERR_TAG_NAME_MISMATCH:
      kind = .syntax
      let open = error.str1.map { String(cString: $0) } ?? "?"
      let found = error.str2.map { String(cString: $0) } ?? "?"
      message = "expected '</\(open)>' (opened at line \(error.int1)), found '</\(found)>'"
      position = tagStartPosition ?? position
    case XML_ERR_TAG_NOT_FINISHED:
      kind = .unexpectedEnd
      if let open = openElementName { message = "expected '</\(open)>', found the end of the input" }
    case XML_ERR_DOCUMENT_EMPTY where source?.pointee.isBlank() ?? false:
      kind = .unexpectedEnd
      message = "no XML element found"
    case XML_ERR_DOCUMENT_EMPTY:
      kind = .syntax
      message = "expected an element, found text"
    case XML_ERR_DOCUMENT_END:
      kind = .syntax
      message = "extra content after the root element"
    default:
      kind = .syntax
    }
    fail(kind, at: position, message)
  }

  /// Takes a control character (U+0001…U+001F) in the text of a `<string>` or `<key>` into
  /// the text, as CoreFoundation does: Apple's XML writer leaves them raw (it escapes only `<`,
  /// `>` and `&`), so files that Apple's tools write and read hold them. libxml2 reports each
  /// as an error and skips it; it goes on parsing when its recovery flag is set for that one
  /// error, which ``endControlCharacter()`` clears at the next callback. Elsewhere (other
  /// elements, between elements, CDATA sections, attributes, names) they stay an error.
  private mutating func acceptControlCharacter(_ error: xmlError) -> Bool {
    guard xmlParserErrors(UInt32(bitPattern: error.code)) == XML_ERR_INVALID_CHAR, (1..<0x20).contains(error.int1),
      let context, context.pointee.instate == XML_PARSER_CONTENT,
      let element = openScalar?.element, element == .string || element == .key,
      let message = error.message, String(cString: message).hasPrefix("PCDATA invalid Char value")
    else { return false }
    withUnsafePointer(to: UInt8(error.int1)) { characters(UnsafeBufferPointer(start: $0, count: 1)) }
    context.pointee.recovery = 1
    isPassingControlCharacter = true
    acceptedControlCharacter = true
    return true
  }

  /// Clears libxml2's recovery flag set by ``acceptControlCharacter(_:)``.
  mutating func endControlCharacter() {
    context?.pointee.recovery = 0
    isPassingControlCharacter = false
  }

  private static func codePoint(_ value: Int32) -> String {
    let hex = String(UInt32(bitPattern: value), radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// The innermost element libxml2 has open.
  private var openElementName: String? {
    guard let name = context?.pointee.name else { return nil }
    return String(cString: name)
  }
}

extension Substring {
  fileprivate func replacingPrefix(_ prefix: String) -> String {
    hasPrefix(prefix) ? String(dropFirst(prefix.count)) : String(self)
  }
}
