package import CLibXML2

/// A libxml2 document tree parsed under the reader's guards, for callers that need libxml2's
/// own tree (the DTD validator): the same input source, so the same refusal of NUL bytes and
/// of a start tag flooded with attributes while libxml2 reads it (see ``XMLAttributeLimit``),
/// and the same per-tag attribute count, checked before libxml2 builds the element.
package enum XMLDocumentTree {
  /// Parses `bytes` with libxml2's tree builder and `options`. libxml2's own errors go to the
  /// structured error handler the caller has set.
  ///
  /// - Returns: the document, which the caller frees with `xmlFreeDoc`; nil when libxml2 found
  ///   the text not well-formed (its errors say why).
  /// - Throws: ``PropertyListError`` from a guard: an attribute flood (of kind
  ///   ``PropertyListError/Kind/limitExceeded``, with the line and column), or a NUL byte.
  package static func parse(_ bytes: UnsafeRawBufferPointer, options: Int32) throws(PropertyListError) -> xmlDocPtr? {
    XMLLibrary.initialize()
    let input = UnsafeMutablePointer<XMLInputSource>.allocate(capacity: 1)
    input.initialize(to: XMLInputSource(bytes: bytes))
    defer {
      input.deinitialize(count: 1)
      input.deallocate()
    }
    let transcodesUTF32 = input.pointee.startReading()
    // No handler given: libxml2's SAX2 tree builder, whose start-element callback is wrapped below.
    guard
      let context = xmlCreateIOParserCtxt(
        nil, nil, XMLInputSource.read, XMLInputSource.close, input, XML_CHAR_ENCODING_NONE)
    else {
      throw PropertyListError(.io, format: .xml, "libxml2 could not make a parser")
    }
    defer { xmlFreeParserCtxt(context) }
    input.pointee.context = context
    context.pointee._private = UnsafeMutableRawPointer(input)
    context.pointee.sax.pointee.startElementNs = guardedStartElement
    xmlCtxtUseOptions(
      context, transcodesUTF32 ? options | Int32(bitPattern: XML_PARSE_IGNORE_ENC.rawValue) : options)
    xmlParseDocument(context)
    input.pointee.context = nil
    let document = context.pointee.myDoc
    context.pointee.myDoc = nil
    if let failure = input.pointee.failure {
      if let document { xmlFreeDoc(document) }
      throw failure
    }
    guard context.pointee.wellFormed != 0 else {
      if let document { xmlFreeDoc(document) }
      return nil
    }
    return document
  }

  /// libxml2's tree-building start-element callback, behind the attribute limit: a tag over it
  /// stops the parser and leaves the error in the input source (the context's `_private`).
  private static let guardedStartElement: startElementNsSAX2Func = {
    user, localName, prefix, uri, namespaceCount, namespaces, attributeCount, defaulted, attributes in
    guard let user else { return }
    let context = user.assumingMemoryBound(to: xmlParserCtxt.self)
    guard Int(namespaceCount) + Int(attributeCount) <= XMLAttributeLimit.maximumCount else {
      let source = context.pointee._private?.assumingMemoryBound(to: XMLInputSource.self)
      source?.pointee.fail(XMLAttributeLimit.error(at: XMLPropertyListParser.currentPosition(in: context)))
      xmlStopParser(context)
      return
    }
    xmlSAX2StartElementNs(
      user, localName, prefix, uri, namespaceCount, namespaces, attributeCount, defaulted, attributes)
  }
}
