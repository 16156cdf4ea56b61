import Testing

@testable import PlistKit

@Suite("JSON errors")
struct JSONErrorTests {
  static func failure(
    _ bytes: [UInt8], _ style: JSONStyle = .plain, limits: PropertyListLimits = .default
  ) -> PropertyListError? {
    StreamedCheck.expectSameOutcome(bytes, format: .json, options: .init(limits: limits, jsonStyle: style))
    do {
      _ = try PropertyList(bytes: bytes, format: .json, options: .init(limits: limits, jsonStyle: style))
      return nil
    } catch {
      return error
    }
  }

  static func failure(_ text: String, _ style: JSONStyle = .plain) -> PropertyListError? {
    failure(Array(text.utf8), style)
  }

  static func expect(
    _ text: String, _ style: JSONStyle = .plain, _ kind: PropertyListError.Kind, _ line: Int, _ column: Int,
    _ message: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let error = failure(text, style)
    #expect(
      error == PropertyListError(kind, format: .json, at: .text(line: line, column: column), message),
      sourceLocation: sourceLocation)
  }

  @Test("grammar errors say what was expected and what was found, and where")
  func grammar() {
    Self.expect(#"{"a": 1 "b": 2}"#, .plain, .syntax, 1, 9, "expected ',' or '}' after object member, found '\"'")
    Self.expect("[1 2]", .plain, .syntax, 1, 4, "expected ',' or ']' after array element, found '2'")
    Self.expect("{\n  a: 1}", .plain, .syntax, 2, 3, "expected a string key, found 'a'")
    Self.expect(#"{"a" 1}"#, .plain, .syntax, 1, 6, "expected ':' after object key, found '1'")
    Self.expect("[1,]", .plain, .syntax, 1, 4, "expected a value, found ']'")
    Self.expect(#"{"a": 1,}"#, .plain, .syntax, 1, 9, "expected a string key, found '}'")
    Self.expect("[1] x", .plain, .syntax, 1, 5, "expected the end of the input after the value, found 'x'")
    Self.expect("[nul]", .plain, .syntax, 1, 2, "expected a value, found 'nul'")
    Self.expect("['a']", .plain, .syntax, 1, 2, "expected a value, found '''")
    Self.expect("[é]", .plain, .syntax, 1, 2, "expected a value, found 'é'")
  }

  @Test("an early end is unexpectedEnd, at the end")
  func earlyEnd() {
    Self.expect("", .plain, .unexpectedEnd, 1, 1, "expected a value, found the end of the input")
    Self.expect("{\"a\": [1,\n", .plain, .unexpectedEnd, 2, 1, "expected a value, found the end of the input")
    Self.expect(
      "[1", .plain, .unexpectedEnd, 1, 3, "expected ',' or ']' after array element, found the end of the input")
    Self.expect("[\"abc", .plain, .unexpectedEnd, 1, 2, "the string that starts here has no closing '\"'")
    Self.expect("[-", .plain, .unexpectedEnd, 1, 3, "expected a digit after '-', found the end of the input")
  }

  @Test("null has no property-list equivalent")
  func null() {
    Self.expect("{\n\t\"a\": null}", .plain, .invalidValue, 2, 7, "null has no property-list equivalent")
  }

  @Test("numbers: grammar and range")
  func numbers() {
    Self.expect("[01]", .plain, .syntax, 1, 2, "a number must not have a leading zero")
    Self.expect("[1.]", .plain, .syntax, 1, 4, "expected a digit after '.', found ']'")
    Self.expect("[1e+]", .plain, .syntax, 1, 5, "expected a digit in the exponent, found ']'")
    Self.expect("[-x]", .plain, .syntax, 1, 3, "expected a digit after '-', found 'x'")
    Self.expect("[+1]", .plain, .syntax, 1, 2, "expected a value, found '+'")
    Self.expect(
      "[18446744073709551616]", .plain, .invalidValue, 1, 2,
      "the integer 18446744073709551616 is out of range (-9223372036854775808 … 18446744073709551615); "
        + "write it with '.0' to read it as a real")
    Self.expect(
      "[-9223372036854775809]", .plain, .invalidValue, 1, 2,
      "the integer -9223372036854775809 is out of range (-9223372036854775808 … 18446744073709551615); "
        + "write it with '.0' to read it as a real")
    Self.expect("[1e400]", .plain, .invalidValue, 1, 2, "the number 1e400 is too large for a real")
  }

  @Test("strings: escapes, surrogates, control characters")
  func strings() {
    Self.expect(#"["a\qb"]"#, .plain, .syntax, 1, 4, "invalid escape '\\q' in a string")
    Self.expect(#"["\u12G4"]"#, .plain, .syntax, 1, 7, "expected 4 hex digits after '\\u', found 'G'")
    Self.expect(
      #"["x\ud83d"]"#, .plain, .syntax, 1, 4,
      "unpaired surrogate \\uD83D in a string: a surrogate must be half of a pair")
    Self.expect(
      #"["\ud83d\u0041"]"#, .plain, .syntax, 1, 3,
      "unpaired surrogate \\uD83D in a string: a surrogate must be half of a pair")
    Self.expect(
      #"["\ude00"]"#, .plain, .syntax, 1, 3,
      "unpaired surrogate \\uDE00 in a string: a surrogate must be half of a pair")
    Self.expect("[\"a\tb\"]", .plain, .syntax, 1, 4, "control character U+0009 must be escaped in a string")
  }

  @Test("invalid UTF-8 is invalidEncoding, with its place")
  func encoding() {
    let cases: [([UInt8], Int, String)] = [
      (Array("[\"ab".utf8) + [0xFF] + Array("\"]".utf8), 5, "invalid UTF-8: byte 0xFF"),
      (Array("[\"é".utf8) + [0xC3] + Array("\"]".utf8), 4, "invalid UTF-8: byte 0xC3"),  // cut off
      (Array("[\"".utf8) + [0xC0, 0xAF] + Array("\"]".utf8), 3, "invalid UTF-8: byte 0xC0"),  // overlong
      (Array("[\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8), 3, "invalid UTF-8: byte 0xED"),  // surrogate
      (Array("[\"".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("\"]".utf8), 3, "invalid UTF-8: byte 0xF4"),  // > U+10FFFF
      (Array("[\"\\n".utf8) + [0x80] + Array("\"]".utf8), 5, "invalid UTF-8: byte 0x80"),  // on the escape path
    ]
    for (bytes, column, message) in cases {
      #expect(
        Self.failure(bytes)
          == PropertyListError(.invalidEncoding, format: .json, at: .text(line: 1, column: column), message))
    }
  }

  @Test("typed tags with a bad payload point at the payload")
  func typedPayloads() {
    Self.expect(#"{"a": {"$data": "!!"}}"#, .typed, .invalidValue, 1, 17, "$data is not valid base64")
    Self.expect(#"[{"$data": 1}]"#, .typed, .invalidValue, 1, 12, "$data must be a base64 string, found a number")
    Self.expect(
      #"[{"$date": "yesterday"}]"#, .typed, .invalidValue, 1, 12, "$date is not an ISO 8601 date: \"yesterday\"")
    Self.expect(
      #"[{"$date": true}]"#, .typed, .invalidValue, 1, 12,
      "$date must be an ISO 8601 string or seconds since 2001, found a boolean")
    Self.expect(
      #"[{"$real": "nan"}]"#, .typed, .invalidValue, 1, 12,
      "$real must be \"NaN\", \"Infinity\" or \"-Infinity\", found \"nan\"")
    Self.expect(#"[{"$real": []}]"#, .typed, .invalidValue, 1, 12, "$real must be a string or a number, found an array")
    Self.expect(#"[{"$uid": -1}]"#, .typed, .invalidValue, 1, 11, "$uid must not be negative, found -1")
    Self.expect(#"[{"$uid": 1.0}]"#, .typed, .invalidValue, 1, 11, "$uid must be an integer, found a number")
    Self.expect(#"[{"$dict": 1}]"#, .typed, .invalidValue, 1, 12, "$dict must be an object, found a number")
    // The inner tag is a value here, because the object has a second member.
    Self.expect(#"{"$dict": {"$data": "!!"}, "b": 1}"#, .typed, .invalidValue, 1, 21, "$data is not valid base64")
    // …and here, because the wrapper unwraps only one level.
    Self.expect(#"{"$dict": {"$dict": {"$data": "!!"}}}"#, .typed, .invalidValue, 1, 31, "$data is not valid base64")
  }

  @Test("the depth limit stops 100,000 nested arrays and objects early")
  func depthLimit() {
    for (open, close) in [("[", "]"), (#"{"a":"#, "}")] {
      let text = String(repeating: open, count: 100_000) + "1" + String(repeating: close, count: 100_000)
      let error = Self.failure(text)
      #expect(error?.kind == .limitExceeded)
      #expect(error?.location == .text(line: 1, column: 512 * open.count + 1))
      #expect(error?.message == "nesting is deeper than the limit of 512 levels")
    }
  }

  @Test("the value-count and decoded-size limits")
  func otherLimits() {
    let count = Self.failure(Array("[1, 2, 3]".utf8), limits: .init(maximumObjectCount: 3))
    #expect(
      count
        == PropertyListError(
          .limitExceeded, format: .json, at: .text(line: 1, column: 8),
          "the document has more than 3 values (the limit)"))
    let size = Self.failure(Array(#"["abc", "def"]"#.utf8), limits: .init(maximumDecodedSize: 5))
    #expect(
      size
        == PropertyListError(
          .limitExceeded, format: .json, at: .text(line: 1, column: 10),
          "the strings and data decode to more than 5 bytes (the limit)"))
  }

  @Test("columns count characters, lines count \\n, \\r\\n and \\r")
  func positions() {
    Self.expect("[\"é😀\", x]", .plain, .syntax, 1, 8, "expected a value, found 'x'")
    Self.expect("[\r\n1,\r2,\n x]", .plain, .syntax, 4, 2, "expected a value, found 'x'")
    #expect(
      Self.failure([0xEF, 0xBB, 0xBF] + Array("[x]".utf8))?.location == .text(line: 1, column: 2))
  }
}
