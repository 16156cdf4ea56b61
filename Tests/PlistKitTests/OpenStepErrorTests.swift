import Testing

@testable import PlistKit

@Suite("OpenStep errors")
struct OpenStepErrorTests {
  static func failure(_ bytes: [UInt8], limits: PropertyListLimits = .default) -> PropertyListError? {
    StreamedCheck.expectSameOutcome(bytes, format: .openStep, options: .init(limits: limits))
    do {
      _ = try PropertyList(bytes: bytes, format: .openStep, options: .init(limits: limits))
      return nil
    } catch {
      return error
    }
  }

  static func expect(
    _ text: String, _ kind: PropertyListError.Kind, _ line: Int, _ column: Int, _ message: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      failure(Array(text.utf8))
        == PropertyListError(kind, format: .openStep, at: .text(line: line, column: column), message),
      sourceLocation: sourceLocation)
  }

  @Test("grammar errors say what was expected and what was found, and where")
  func grammar() {
    Self.expect("{\n\ta = b\n}", .syntax, 3, 1, "expected ';' after dictionary entry, found '}'")
    Self.expect("{ a b; }", .syntax, 1, 5, "expected '=' or ';' after dictionary key, found 'b'")
    Self.expect("{ = b; }", .syntax, 1, 3, "expected a key or '}', found '='")
    Self.expect("{ a = ; }", .syntax, 1, 7, "expected a value, found ';'")
    Self.expect("( a b )", .syntax, 1, 5, "expected ',' or ')' after array element, found 'b'")
    Self.expect("( a, , b )", .syntax, 1, 6, "expected a value, found ','")
    Self.expect("(a) b", .syntax, 1, 5, "expected the end of the input after the value, found 'b'")
    Self.expect("a = b; }", .syntax, 1, 8, "expected a key, found '}'")
    Self.expect("( é )", .syntax, 1, 3, "expected a value, found 'é'")
    Self.expect("( # )", .syntax, 1, 3, "expected a value, found '#'")
    // Unquoted strings take exactly CoreFoundation's characters: not GNUstep's '+'.
    Self.expect("{ a = b+c; }", .syntax, 1, 8, "expected ';' after dictionary entry, found '+'")
    Self.expect("( a,\n  b+ )", .syntax, 2, 4, "expected ',' or ')' after array element, found '+'")
    Self.expect("{ +a = b; }", .syntax, 1, 3, "expected a key or '}', found '+'")
    Self.expect("( + )", .syntax, 1, 3, "expected a value, found '+'")
    Self.expect("a+b = c;", .syntax, 1, 2, "expected the end of the input after the value, found '+'")
  }

  @Test("an early end is unexpectedEnd")
  func earlyEnd() {
    Self.expect("{ a = (b, ", .unexpectedEnd, 1, 11, "expected a value, found the end of the input")
    Self.expect("{ a = b;", .unexpectedEnd, 1, 9, "expected a key or '}', found the end of the input")
    Self.expect("( \"abc", .unexpectedEnd, 1, 3, "the string that starts here has no closing quote")
    Self.expect("( 'abc\" )", .unexpectedEnd, 1, 3, "the string that starts here has no closing quote")
    Self.expect("(a) /* note", .unexpectedEnd, 1, 5, "the comment that starts here has no closing '*/'")
    Self.expect("( <0f", .unexpectedEnd, 1, 6, "expected a hex digit or '>' in data, found the end of the input")
  }

  @Test("data, typed values and string escapes")
  func values() {
    Self.expect("( <0fz> )", .syntax, 1, 6, "expected a hex digit or '>' in data, found 'z'")
    Self.expect("( <0f b> )", .syntax, 1, 8, "data ends with half a byte: it needs an even number of hex digits")
    Self.expect(
      "( \"a\\UD83Db\" )", .syntax, 1, 5, "unpaired surrogate \\UD83D in a string: a surrogate must be half of a pair")
    Self.expect(
      "( \"\\UDE00\" )", .syntax, 1, 4, "unpaired surrogate \\UDE00 in a string: a surrogate must be half of a pair")
    Self.expect("( <*Ix> )", .invalidValue, 1, 3, "<*I…> must hold an integer, found 'x'")
    Self.expect("( <*BT> )", .invalidValue, 1, 3, "<*B…> must hold Y or N, found 'T'")
    Self.expect(
      "( <*D2001-13-01 00:00:00 +0000> )", .invalidValue, 1, 3,
      "<*D…> must hold a date like 2001-01-01 00:00:00 +0000, found '2001-13-01 00:00:00 +0000'")
    Self.expect("( <*Q1> )", .syntax, 1, 5, "unknown typed value '<*Q': expected I, R, B or D")
  }

  @Test("invalid UTF-8 and UTF-16 are invalidEncoding, with their place")
  func encodings() {
    #expect(
      Self.failure(Array("(\n \"ab".utf8) + [0xFE] + Array("\")".utf8))
        == PropertyListError(
          .invalidEncoding, format: .openStep, at: .text(line: 2, column: 5), "invalid UTF-8: byte 0xFE"))
    // UTF-16LE "(a," then a lone high surrogate.
    let utf16: [UInt8] = [0xFF, 0xFE, 0x28, 0x00, 0x0A, 0x00, 0x61, 0x00, 0x2C, 0x00, 0x3D, 0xD8, 0x29, 0x00]
    #expect(
      Self.failure(utf16)
        == PropertyListError(
          .invalidEncoding, format: .openStep, at: .text(line: 2, column: 3),
          "invalid UTF-16: unpaired surrogate 0xD83D"))
    #expect(
      Self.failure([0xFE, 0xFF, 0x00, 0x28, 0x00])
        == PropertyListError(
          .invalidEncoding, format: .openStep, at: .text(line: 1, column: 2),
          "invalid UTF-16: the text ends in the middle of a code unit"))
  }

  @Test("the depth limit stops 100,000 nested containers early")
  func depth() {
    for (open, close) in [("(", ")"), ("{a=", ";}")] {
      let text = String(repeating: open, count: 100_000) + "x" + String(repeating: close, count: 100_000)
      #expect(
        Self.failure(Array(text.utf8))
          == PropertyListError(
            .limitExceeded, format: .openStep, at: .text(line: 1, column: 512 * open.count + 1),
            "nesting is deeper than the limit of 512 levels"))
    }
  }

  @Test("the value-count and decoded-size limits")
  func limits() {
    #expect(
      Self.failure(Array("(a, b, c)".utf8), limits: .init(maximumObjectCount: 3))
        == PropertyListError(
          .limitExceeded, format: .openStep, at: .text(line: 1, column: 8),
          "the document has more than 3 values (the limit)"))
    #expect(
      Self.failure(Array("(abc, <0102 0304>)".utf8), limits: .init(maximumDecodedSize: 5))
        == PropertyListError(
          .limitExceeded, format: .openStep, at: .text(line: 1, column: 7),
          "the strings and data decode to more than 5 bytes (the limit)"))
  }
}

@Suite("JSON and OpenStep detection")
struct TextFormatDetectionTests {
  @Test("bare words that look like JSON numbers or literals start .strings entries")
  func stringsEntries() throws {
    for text in ["404.title = \"Not found\";", "1 = one;", "-flag = x;", "true = yes;", "null;", "12\n  = x;"] {
      #expect(PropertyListFormat.detect(Array(text.utf8)) == .openStep, "\(text)")
    }
    for text in ["404", "-1.5e3", "true", "null", "[1]", "{\"a\": 1}", "{}", "\"json\"", #""\u00e9\n""#] {
      #expect(PropertyListFormat.detect(Array(text.utf8)) == .json, "\(text)")
    }
    for text in [#""\U00e9""#, #""\012""#, #""a\'b""#] {
      #expect(PropertyListFormat.detect(Array(text.utf8)) == .openStep, "\(text)")
    }
    #expect(try PropertyList(bytes: Array("404.title = \"Not found\";".utf8)) == ["404.title": "Not found"])
  }

  @Test("what the OpenStep writer writes is detected as OpenStep (or reads the same as JSON)")
  func writerOutput() throws {
    for value: PropertyList in [["a": "b"], ["x"], .data([1]), "bare", "a b", "\u{1}", ["\"q\"": ["k": "v"]], [:]] {
      for pretty in [true, false] {
        let bytes = try value.serialized(as: .openStep, options: .init(prettyPrinted: pretty))
        #expect(try PropertyList(bytes: bytes).isIdentical(to: value))
      }
    }
  }
}
