import CLibXML2
import PlistKit

/// A DTD, such as Apple's `PropertyList-1.0.dtd` (shipped in `Schemas/`), for strict checks of
/// XML property lists with libxml2's validator.
///
/// The DTD is always the one given here, read from disk or memory: the document's own
/// `<!DOCTYPE>` is not followed, nothing is fetched from the network, and entities are not
/// substituted.
public struct PropertyListDTD: Sendable {
  /// The DTD text.
  public let bytes: [UInt8]
  /// A name for errors (the DTD's path).
  public let name: String

  /// Reads a DTD file and checks that libxml2 can parse it.
  public init(contentsOfFile path: String) throws(SchemaError) {
    let bytes: [UInt8]
    do {
      bytes = try PropertyListFile.read(path: path)
    } catch {
      throw SchemaError(at: path, error.message)
    }
    try self.init(bytes: bytes, name: path)
  }

  /// Takes a DTD from memory and checks that libxml2 can parse it.
  public init(bytes: [UInt8], name: String) throws(SchemaError) {
    self.bytes = bytes
    self.name = name
    let collector = LibXMLErrors()
    let dtd = collector.collecting { parseDTD() }
    guard let dtd else {
      let reason = collector.errors.first.map { "line \($0.line): \($0.message)" } ?? "libxml2 cannot parse it"
      throw SchemaError(at: name, "not a usable DTD: \(reason)")
    }
    xmlFreeDtd(dtd)
  }

  /// Every way `xml` breaks the DTD, in document order; a document that is not well-formed
  /// XML gives its parse errors instead. Empty when the document is valid.
  public func validate(xml: [UInt8]) -> [DTDValidationError] {
    let collector = LibXMLErrors()
    collector.collecting {
      guard let dtd = parseDTD() else { return }
      defer { xmlFreeDtd(dtd) }
      // NONET: never fetch; no DTDLOAD, NOENT or DTDVALID: the document's DOCTYPE is ignored
      // and entities stay unexpanded.
      // The document is read under the XML reader's guards (a start tag flooded with
      // attributes costs libxml2 quadratic time). One that trips a guard gives that error
      // alone, not what libxml2 made of the input cut short.
      let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOWARNING.rawValue)
      let parsed = xml.withUnsafeBytes { bytes in
        Result { () throws(PropertyListError) in try XMLDocumentTree.parse(bytes, options: options) }
      }
      let document: xmlDocPtr
      switch parsed {
      case .success(let parsed?): document = parsed
      case .success(nil): return
      case .failure(let error):
        var line = 0
        if case .text(let errorLine, _) = error.location { line = errorLine }
        collector.errors = [DTDValidationError(line: line, message: error.message)]
        return
      }
      defer { xmlFreeDoc(document) }
      guard let context = xmlNewValidCtxt() else { return }
      defer { xmlFreeValidCtxt(context) }
      // Errors go to the structured handler, not to these printf-style callbacks.
      context.pointee.error = nil
      context.pointee.warning = nil
      _ = xmlValidateDtd(context, document, dtd)
    }
    return collector.errors
  }

  private func parseDTD() -> xmlDtdPtr? {
    bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { characters -> xmlDtdPtr? in
        guard
          let input = xmlParserInputBufferCreateMem(
            characters.baseAddress, Int32(clamping: characters.count), XML_CHAR_ENCODING_NONE)
        else { return nil }
        // Takes ownership of `input`.
        return xmlIOParseDTD(nil, input, XML_CHAR_ENCODING_NONE)
      }
    }
  }
}

/// Collects libxml2's structured errors while a body runs on this thread.
private final class LibXMLErrors {
  var errors: [DTDValidationError] = []

  @discardableResult
  func collecting<Result>(_ body: () -> Result) -> Result {
    xmlInitParser()
    let context = Unmanaged.passUnretained(self).toOpaque()
    // libxml2 keeps the handler per thread.
    xmlSetStructuredErrorFunc(context) { context, error in
      guard let context, let error else { return }
      let collector = Unmanaged<LibXMLErrors>.fromOpaque(context).takeUnretainedValue()
      var message = error.pointee.message.map { String(cString: $0) } ?? "unknown libxml2 error"
      while message.last == "\n" || message.last == " " { message.removeLast() }
      collector.errors.append(DTDValidationError(line: Int(error.pointee.line), message: message))
    }
    defer { xmlSetStructuredErrorFunc(nil, nil) }
    return withExtendedLifetime(self) { body() }
  }
}
