import PlistBuddy
import PlistKit
import Testing

@Suite("Types, values and dates")
struct ValueTests {
  @Test("type names in any case; the eight types of PlistBuddy only")
  func typeNames() {
    #expect(BuddyType(named: "String") == .string)
    #expect(BuddyType(named: "INTEGER") == .integer)
    #expect(BuddyType(named: "dict") == .dict)
    #expect(BuddyType(named: "dictionary") == nil)
    #expect(BuddyType(named: "float") == nil)
    #expect(
      BuddyType.allCases.map(\.rawValue) == ["string", "array", "dict", "bool", "real", "integer", "date", "data"])
  }

  @Test("values from text, as PlistBuddy reads them")
  func values() throws {
    #expect(try BuddyType.string.value(from: "a b") == "a b")
    #expect(try BuddyType.data.value(from: "AQID") == .data(Array("AQID".utf8)))
    #expect(try BuddyType.bool.value(from: "YES") == true)
    #expect(try BuddyType.bool.value(from: "True") == true)
    #expect(try BuddyType.bool.value(from: "1") == true)
    #expect(try BuddyType.bool.value(from: "no") == false)
    #expect(try BuddyType.bool.value(from: "2") == false)
    #expect(try BuddyType.integer.value(from: "42") == 42)
    #expect(try BuddyType.integer.value(from: " -7x") == -7)
    #expect(try BuddyType.integer.value(from: "0x1F") == 31)
    #expect(try BuddyType.integer.value(from: "99999999999999999999") == .integer(Int64.max))
    #expect(try BuddyType.integer.value(from: "-9223372036854775808") == .integer(Int64.min))
    #expect(try BuddyType.real.value(from: "3.14") == 3.14)
    #expect(try BuddyType.real.value(from: "1e3x") == 1000.0)
    #expect(try BuddyType.real.value(from: ".5") == 0.5)
    #expect(try BuddyType.real.value(from: "-2") == -2.0)
    #expect(try BuddyType.real.value(from: "7e") == 7.0)
    #expect(try BuddyType.array.value(from: "ignored") == [])
    #expect(try BuddyType.dict.value(from: "") == .dictionary(PropertyListDictionary()))
    #expect(throws: BuddyType.FormatError.integer) { try BuddyType.integer.value(from: "abc") }
    #expect(throws: BuddyType.FormatError.integer) { try BuddyType.integer.value(from: "") }
    #expect(throws: BuddyType.FormatError.real) { try BuddyType.real.value(from: "x1") }
    #expect(throws: BuddyType.FormatError.date) { try BuddyType.date.value(from: "") }
    #expect(BuddyType.FormatError.integer.message == "Unrecognized Integer Format")
    #expect(BuddyType.FormatError.real.message == "Unrecognized Real Format")
    #expect(BuddyType.FormatError.date.message == "Unrecognized Date Format")
  }

  @Test("dates print in UTC as PlistBuddy's layout and read back in its forms")
  func dates() throws {
    let date = try #require(PropertyListDate(iso8601: "2020-04-05T20:39:09Z"))
    #expect(BuddyDate.format(date) == "Sun Apr 05 20:39:09 UTC 2020")
    #expect(BuddyDate.format(PropertyListDate(secondsSinceReferenceDate: 0)) == "Mon Jan 01 00:00:00 UTC 2001")
    #expect(BuddyDate.format(PropertyListDate(secondsSinceReferenceDate: -0.5)) == "Sun Dec 31 23:59:59 UTC 2000")
    #expect(BuddyDate.parse("Sun Apr 05 20:39:09 UTC 2020") == date)
    #expect(BuddyDate.parse("Sun Apr 05 20:39:09 GMT 2020") == date)
    #expect(BuddyDate.parse("Sun Apr 5 20:39:09 2020") == date)
    #expect(BuddyDate.parse("Apr 05 20:39:09 2020") == date)
    #expect(BuddyDate.parse("Mon Apr 06 05:39:09 2020 GMT+9") == date)
    #expect(BuddyDate.parse("Mon Apr 06 05:39:09 +0900 2020") == date)
    #expect(BuddyDate.parse("Sun Apr 05 15:39:09 -05:00 2020") == date)
    #expect(BuddyDate.parse("2020-04-05T20:39:09Z") == date)
    #expect(BuddyDate.parse("04/05/20") == PropertyListDate(iso8601: "2020-04-05T00:00:00Z"))
    #expect(BuddyDate.parse("12/31/99") == PropertyListDate(iso8601: "1999-12-31T00:00:00Z"))
    #expect(BuddyDate.parse("Mon Apr 20 20:39:39 2020 JST") == nil)
    #expect(BuddyDate.parse("Sun Foo 05 20:39:09 UTC 2020") == nil)
    #expect(BuddyDate.parse("Sun Apr 05 25:39:09 UTC 2020") == nil)
    #expect(BuddyDate.parse("tomorrow") == nil)
  }

  @Test("printing and reading a date give it back, for random whole seconds")
  func dateRoundTrip() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let seconds = Double(Int64.random(in: -60_000_000_000...60_000_000_000, using: &generator))
      let date = PropertyListDate(secondsSinceReferenceDate: seconds)
      let text = BuddyDate.format(date)
      #expect(BuddyDate.parse(text) == date, "\(seconds) → \(text)")
      let year = date.iso8601.split(separator: "-").first.flatMap { Int($0) }
      #expect(year != nil && Int(text.split(separator: " ").last ?? "") == year, "\(text) against \(date.iso8601)")
      #expect(String(text.split(separator: " ")[3]) == String(date.iso8601.split(separator: "T")[1].dropLast()))
    }
  }
}

@Suite("The Print layout")
struct PrinterTests {
  func printed(_ value: PropertyList) -> String { String(decoding: BuddyPrinter.render(value), as: UTF8.self) }

  @Test("scalars")
  func scalars() {
    #expect(printed("Test App") == "Test App\n")
    #expect(printed("line1\nline2") == "line1\nline2\n")
    #expect(printed(42) == "42\n")
    #expect(printed(.integer(Int64.min)) == "-9223372036854775808\n")
    #expect(printed(.integer(UInt64.max)) == "18446744073709551615\n")
    #expect(printed(3.14) == "3.140000\n")
    #expect(printed(-0.0000004) == "-0.000000\n")
    #expect(printed(0.0000006) == "0.000001\n")
    #expect(printed(2.5) == "2.500000\n")
    #expect(printed(1e20) == "100000000000000000000.000000\n")
    #expect(printed(.real(.infinity)) == "inf\n")
    #expect(printed(true) == "true\n")
    #expect(printed(false) == "false\n")
    #expect(BuddyPrinter.render(.data([0, 1, 0xFF])) == [0, 1, 0xFF, 0x0A])
    #expect(printed(.date(PropertyListDate(secondsSinceReferenceDate: 0))) == "Mon Jan 01 00:00:00 UTC 2001\n")
  }

  @Test("containers indent four spaces a level, in the file's order")
  func containers() {
    let value: PropertyList = [
      "a": ["b": ["c": ["d": "deep"]]],
      "list": ["x", ["y"], [:], []],
      "uid": .uid(5),
    ]
    #expect(
      printed(value) == """
        Dict {
            a = Dict {
                b = Dict {
                    c = Dict {
                        d = deep
                    }
                }
            }
            list = Array {
                x
                Array {
                    y
                }
                Dict {
                }
                Array {
                }
            }
            uid = Dict {
                CF$UID = 5
            }
        }

        """)
    #expect(printed([:]) == "Dict {\n}\n")
    #expect(printed([]) == "Array {\n}\n")
  }
}
