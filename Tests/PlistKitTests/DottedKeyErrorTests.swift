import PlistKit
import Testing

/// A key with dots in its name (every key of an entitlements file) read as several components:
/// the error says that the whole name is a key and gives the key path with its dots escaped.
@Suite("Keys with dots")
struct DottedKeyErrorTests {
  let entitlements: PropertyList = [
    "com.apple.security.app-sandbox": true,
    "com.apple.security.temporary-exception.files": ["com.apple.x": "/tmp"],
  ]

  static func hint(at location: String, key: String, intended: String) -> PropertyListError {
    var error = PropertyListError(
      .keyPath, at: .keyPath(location),
      "no such key; '\(key)' is one key, whose dots a key path escapes: '\(intended)'")
    error.intendedKeyPath = intended
    return error
  }

  @Test func everyEditThatWalksThePathNamesTheEscapedPath() {
    let expected = Self.hint(
      at: "com", key: "com.apple.security.app-sandbox", intended: "com\\.apple\\.security\\.app-sandbox")
    var edited = entitlements
    #expect(throws: expected) { try edited.value(at: "com.apple.security.app-sandbox") }
    #expect(throws: expected) { try edited.setValue(false, at: "com.apple.security.app-sandbox") }
    #expect(throws: expected) { try edited.insertValue(false, at: "com.apple.security.app-sandbox") }
    #expect(throws: expected) { try edited.removeValue(at: "com.apple.security.app-sandbox") }
    #expect(throws: expected) { try edited.moveValue(from: "com.apple.security.app-sandbox", to: "x") }
    #expect(throws: expected) { try edited.matches(of: "com.apple.security.app-sandbox") }
    #expect(edited.isIdentical(to: entitlements))
  }

  @Test func theKeyMayBeInsideThePathAndComponentsMayFollowIt() {
    #expect(
      throws: Self.hint(
        at: "com", key: "com.apple.security.temporary-exception.files",
        intended: "com\\.apple\\.security\\.temporary-exception\\.files.com\\.apple\\.x")
    ) {
      try entitlements.value(at: "com.apple.security.temporary-exception.files.com\\.apple\\.x")
    }
    #expect(
      throws: Self.hint(
        at: "com\\.apple\\.security\\.temporary-exception\\.files.com", key: "com.apple.x",
        intended: "com\\.apple\\.security\\.temporary-exception\\.files.com\\.apple\\.x")
    ) {
      try entitlements.value(at: "com\\.apple\\.security\\.temporary-exception\\.files.com.apple.x")
    }
    // A pattern keeps its wildcards.
    #expect(
      throws: Self.hint(
        at: "com", key: "com.apple.security.temporary-exception.files",
        intended: "com\\.apple\\.security\\.temporary-exception\\.files.*")
    ) {
      try entitlements.matches(of: "com.apple.security.temporary-exception.files.*")
    }
  }

  @Test func aPathThatNamesNoKeyWithDotsGetsThePlainError() {
    #expect(throws: PropertyListError(.keyPath, at: .keyPath("com"), "no such key")) {
      try entitlements.value(at: "com.apple.security.nope")
    }
    // The last component alone is missing: nothing is joined.
    #expect(throws: PropertyListError(.keyPath, at: .keyPath("com.apple"), "no such key")) {
      var edited: PropertyList = ["com": ["x": 1]]
      try edited.removeValue(at: "com.apple")
    }
  }
}
