import PlistDocument
import PlistKit
import Testing

@Suite struct SmokeTests {
  @Test func openStepSet() throws {
    var document = try PropertyListDocument(bytes: Array("{\n\ta = b; // note\n\tc = (x, y);\n}\n".utf8))
    try document.setValue("new value", at: "a")
    #expect(String(decoding: document.bytes, as: UTF8.self) == "{\n\ta = \"new value\"; // note\n\tc = (x, y);\n}\n")
  }
}
