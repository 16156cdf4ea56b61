import Testing

@testable import PlistKit

/// Hostile XML: entity expansion, external entities, the network, and resource limits.
@Suite("XML reader security")
struct XMLSecurityTests {
  /// An internal DTD subset is refused where it starts, before any declaration in it is read.
  static func internalSubsetRefused(at location: String) -> String {
    "syntax \(location): an internal DTD subset ('<!DOCTYPE plist [') is not allowed: a property list's DOCTYPE only names the DTD"
  }

  @Test("billion laughs fails at the internal DTD subset, before any declaration, expanding nothing")
  func billionLaughs() {
    var document = "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [\n  <!ENTITY lol \"lol\">\n"
    for level in 1...9 {
      document +=
        "  <!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10)
        + "\">\n"
    }
    document += "]>\n<plist><string>&lol9;</string></plist>\n"
    #expect(XML.error(document)?.summary == Self.internalSubsetRefused(at: "2:17"))
  }

  @Test("quadratic blowup fails at the internal DTD subset")
  func quadraticBlowup() {
    let document =
      "<!DOCTYPE plist [<!ENTITY a \"" + String(repeating: "a", count: 100_000) + "\">]><plist><string>"
      + String(repeating: "&a;", count: 20_000) + "</string></plist>"
    #expect(XML.error(document)?.summary == Self.internalSubsetRefused(at: "1:17"))
  }

  @Test("an external entity naming a local file is refused and nothing of the file is read")
  func externalFileEntity() {
    let document = """
      <?xml version="1.0"?>
      <!DOCTYPE plist [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
      <plist><string>&xxe;</string></plist>
      """
    let error = XML.error(document)
    #expect(error?.summary == Self.internalSubsetRefused(at: "2:17"))
    #expect(error?.message.contains("root:") == false)
  }

  @Test("the listener sees a client that connects, so the tests below can fail")
  func listenerSeesClients() throws {
    let listener = try LocalListener()
    #expect(!listener.wasContacted)
    try listener.connectOnce()
    #expect(listener.wasContacted)
  }

  @Test("an external entity naming a URL is refused and never fetched")
  func externalURLEntity() throws {
    let listener = try LocalListener()
    let document = """
      <!DOCTYPE plist [<!ENTITY xxe SYSTEM "\(listener.url("secret"))">]>
      <plist><string>&xxe;</string></plist>
      """
    #expect(XML.error(document)?.summary == Self.internalSubsetRefused(at: "1:17"))
    #expect(!listener.wasContacted)
  }

  @Test("an external parameter entity is refused before it is used, and never fetched")
  func externalParameterEntity() throws {
    let listener = try LocalListener()
    let document = """
      <!DOCTYPE plist [
      <!ENTITY % remote SYSTEM "\(listener.url("evil.dtd"))">
      %remote;
      ]>
      <plist><true/></plist>
      """
    #expect(XML.error(document)?.summary == Self.internalSubsetRefused(at: "1:17"))
    #expect(!listener.wasContacted)
  }

  @Test("an external DTD is never loaded, from Apple or anywhere else")
  func externalDTD() throws {
    let listener = try LocalListener()
    let document = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist SYSTEM "\(listener.url("PropertyList-1.0.dtd"))">
      <plist version="1.0"><string>safe</string></plist>
      """
    #expect(try XML.read(document) == "safe")
    #expect(!listener.wasContacted)
  }

  @Test("a reference to an undeclared entity is refused, with or without Apple's DOCTYPE")
  func undeclaredReference() {
    #expect(
      XML.error("<plist><string>a&xxe;</string></plist>")?.summary
        == "syntax 1:17: entity references are not allowed (&xxe;): a property list uses only &lt; &gt; &amp; &apos; &quot;"
    )
    let apple = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0"><dict><key>&nbsp;</key><true/></dict></plist>
      """
    #expect(
      XML.error(apple)?.summary
        == "syntax 3:33: entity references are not allowed (&nbsp;): a property list uses only &lt; &gt; &amp; &apos; &quot;"
    )
    #expect(XML.error("<plist version=\"&v;\"><true/></plist>")?.kind == .syntax)
  }

  @Test("100,000 nested arrays stop at the depth limit")
  func deepNesting() {
    let depth = 100_000
    let document =
      "<plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
      + "</plist>"
    #expect(
      XML.error(document)?.summary
        == "limitExceeded 1:3592: arrays and dictionaries nested deeper than 512 (the depth limit)")
  }

  @Test("the depth limit counts arrays and dictionaries, and can be lowered")
  func depthLimit() throws {
    let limits = PropertyListLimits(maximumDepth: 3)
    #expect(try XML.read(plist: "<array><dict><key>k</key><array/></dict></array>") == [["k": []]])
    #expect(
      XML.error("<plist><array><dict><key>k</key><array><dict/></array></dict></array></plist>", limits: limits)?
        .summary == "limitExceeded 1:40: arrays and dictionaries nested deeper than 3 (the depth limit)")
  }

  @Test("the object count limit counts every value, containers included")
  func objectCountLimit() {
    let limits = PropertyListLimits(maximumObjectCount: 3)
    #expect(
      XML.error("<plist><array><true/><false/><true/></array></plist>", limits: limits)?.summary
        == "limitExceeded 1:30: more than 3 values (the object count limit)")
  }

  @Test("the decoded size limit counts strings, keys and data")
  func decodedSizeLimit() throws {
    let limits = PropertyListLimits(maximumDecodedSize: 10)
    #expect(try XML.read("<plist><string>0123456789</string></plist>", limits: limits) == "0123456789")
    let message = "strings and data decode to more than 10 bytes (the decoded size limit)"
    #expect(
      XML.error("<plist><string>0123456789a</string></plist>", limits: limits)?.summary
        == "limitExceeded 1:8: \(message)")
    #expect(
      XML.error("<plist><dict><key>01234</key><string>56789a</string></dict></plist>", limits: limits)?.summary
        == "limitExceeded 1:30: \(message)")
    #expect(
      XML.error("<plist><data>AAECAwQFBgcICQoL</data></plist>", limits: limits)?.summary
        == "limitExceeded 1:8: \(message)")
  }

  @Test("the input size limit is checked before parsing")
  func inputSizeLimit() {
    #expect(
      XML.error("<plist><true/></plist>", limits: PropertyListLimits(maximumInputSize: 10))?.summary
        == "limitExceeded the input is 22 bytes, over the limit of 10")
  }

  @Test("a text node over libxml2's 10 MB default limit reads whole")
  func hugeTextNode() throws {
    // Built as bytes, not strings, to keep the test's memory small.
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz".utf8)
    let repeats = 10_500_000 / alphabet.count
    var document = Array("<plist><string>".utf8)
    document.reserveCapacity(repeats * alphabet.count + 64)
    for _ in 0..<repeats { document.append(contentsOf: alphabet) }
    document += Array("</string></plist>".utf8)
    var text = try #require(try XML.read(bytes: document).stringValue)
    #expect(text.utf8.count == repeats * alphabet.count)
    let readDigest = text.withUTF8 { Self.digest(UnsafeRawBufferPointer($0)) }
    let expectedDigest = document.withUnsafeBytes {
      Self.digest(UnsafeRawBufferPointer(rebasing: $0[15..<(document.count - 17)]))
    }
    #expect(readDigest == expectedDigest)
  }

  private static func digest(_ bytes: UnsafeRawBufferPointer) -> Int {
    var hasher = Hasher()
    hasher.combine(bytes: bytes)
    return hasher.finalize()
  }
}
