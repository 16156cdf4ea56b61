import PlistDocument
import PlistKit
import Testing

/// The errors of key paths that lead nowhere: the value's kinds and messages, in plain words.
@Suite("Document errors")
struct DocumentErrorTests {
  @Test("a key path through a scalar names the scalar's kind with its article, as the value does")
  func lookingInsideAScalar() throws {
    let xml = "<plist><dict><key>n</key><integer>1</integer><key>s</key><string>a</string></dict></plist>"
    let document = try PropertyListDocument(bytes: Array(xml.utf8))
    let value = try PropertyList(bytes: Array(xml.utf8))
    for (path, kind) in [("n.x", "an integer"), ("s.x", "a string")] {
      let expected = PropertyListError(
        .keyPath, at: .keyPath(path), "cannot look inside \(kind): not an array or dictionary")
      #expect(throws: expected) { _ = try document.spans(at: PropertyListKeyPath(path)) }
      #expect(throws: expected) { _ = try value.value(at: PropertyListKeyPath(path)) }
    }
  }
}
