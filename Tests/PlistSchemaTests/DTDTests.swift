import PlistKit
import Testing

@testable import PlistSchema

/// Apple's plist DTD (`Schemas/PropertyList-1.0.dtd`) through libxml2's validator.
@Suite struct DTDTests {
  static let dtdPath = BookSchemaTests.repository + "/Schemas/PropertyList-1.0.dtd"

  private func validate(_ path: String) throws -> [String] {
    let dtd = try PropertyListDTD(contentsOfFile: Self.dtdPath)
    return dtd.validate(xml: try PropertyListFile.read(path: BookSchemaTests.repository + "/" + path)).map(
      \.description)
  }

  @Test func theBookXMLFilesAreValid() throws {
    #expect(try validate("Samples/computers.plist") == [])
    #expect(try validate("Samples/sortednames.plist") == [])
  }

  @Test func aWrongFileIsRejectedWithLines() throws {
    #expect(
      try validate("Tests/PlistSchemaTests/Fixtures/Invalid/not-the-dtd.plist") == [
        "4: Element dict content does not follow the DTD, expecting (key , (array | data | date | dict | real | integer | string | true | false))*, got (string key int )",
        "7: No declaration for element int",
      ])
  }

  @Test func brokenXMLGivesParseErrors() throws {
    let dtd = try PropertyListDTD(contentsOfFile: Self.dtdPath)
    #expect(
      dtd.validate(xml: Array("<plist>\n<array>\n</plist>".utf8)).map(\.description) == [
        "3: Opening and ending tag mismatch: array line 2 and plist",
        "3: Premature end of data in tag plist line 1",
      ])
  }

  @Test func externalEntitiesAreNotLoaded() throws {
    // The entity names a file that is not well-formed: loading it would be an error.
    let entity = BookSchemaTests.repository + "/Tests/PlistSchemaTests/Fixtures/Invalid/broken-entity.txt"
    let dtd = try PropertyListDTD(contentsOfFile: Self.dtdPath)
    let xml = """
      <?xml version="1.0"?>
      <!DOCTYPE plist SYSTEM "http://example.invalid/evil.dtd" [<!ENTITY e SYSTEM "file://\(entity)">]>
      <plist version="1.0"><string>&e;</string></plist>
      """
    #expect(dtd.validate(xml: Array(xml.utf8)) == [])
  }

  @Test func aBrokenDTDIsUnusable() {
    #expect(throws: SchemaError.self) {
      try PropertyListDTD(bytes: Array("<!ELEMENT plist (".utf8), name: "broken.dtd")
    }
  }
}

extension DTDTests {
  @Test func theBuiltInDTDIsTheOneInSchemas() throws {
    #expect(PropertyListDTD.apple.bytes == (try PropertyListFile.read(path: Self.dtdPath)))
    #expect(
      PropertyListDTD.apple.validate(
        xml: try PropertyListFile.read(path: BookSchemaTests.repository + "/Samples/koreanmenu.plist")) == [])
  }
}

/// The DTD validator reads the document under the XML reader's attribute guard: one start tag
/// with 200,000 attributes cost libxml2 quadratic time before the guard covered this route.
extension DTDTests {
  static let attributeLimitMessage =
    "a start tag has more than 256 attributes (the limit; a property list element has one at most)"

  static func tag(_ count: Int, prefix: String = "a") -> String {
    "<plist " + (0..<count).map { "\(prefix)\($0)=\"x\"" }.joined(separator: " ") + "><true/></plist>"
  }

  @Test("A flood of attributes or namespaces is stopped by the reader's guard, as one error")
  func attributeFlood() {
    for prefix in ["a", "xmlns:a"] {
      let errors = PropertyListDTD.apple.validate(xml: Array(Self.tag(200_000, prefix: prefix).utf8))
      #expect(errors == [DTDValidationError(line: 1, message: Self.attributeLimitMessage)], "\(prefix)")
    }
  }

  @Test("256 attributes reach the validator; 257 are refused by the guard on the tag's line")
  func attributeBoundary() {
    let allowed = PropertyListDTD.apple.validate(xml: Array(("<?xml version=\"1.0\"?>\n" + Self.tag(256)).utf8))
    #expect(allowed.count == 256)
    #expect(allowed.first == DTDValidationError(line: 2, message: "No declaration for attribute a0 of element plist"))
    let refused = PropertyListDTD.apple.validate(xml: Array(("<?xml version=\"1.0\"?>\n" + Self.tag(257)).utf8))
    #expect(refused == [DTDValidationError(line: 2, message: Self.attributeLimitMessage)])
  }
}
