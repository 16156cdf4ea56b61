import Testing

@testable import PlistKit

/// Far dates in XML: written with as many year digits as they need (as CoreFoundation does),
/// read back exactly, and refused rather than clamped beyond what the reader reads.
@Suite("XML far dates")
struct XMLDateRangeTests {
  @Test("a date 10^15 seconds away is written with the year digits it needs (Julian before 1582) and reads back")
  func farDate() throws {
    for (seconds, text) in [(1e15, "31690739-07-06T01:46:40Z"), (-1e15, "-31686087-02-24T22:13:20Z")] {
      let value: PropertyList = .date(PropertyListDate(secondsSinceReferenceDate: seconds))
      #expect(try XML.text(value) == XML.document("<date>\(text)</date>\n"))
      #expect(try XML.read(bytes: try XML.write(value)) == value)
    }
  }

  @Test("the last writable second of year 99,999,999 and the first of (Gregorian) year -99,999,999 read back")
  func bounds() throws {
    let last = ISO8601.writableRange.upperBound - 1
    let first = ISO8601.writableRange.lowerBound
    #expect(
      try XML.text(.date(.init(secondsSinceReferenceDate: last))).contains("<date>99999999-12-31T23:59:59Z</date>"))
    #expect(
      try XML.text(.date(.init(secondsSinceReferenceDate: first))).contains("<date>-99997946-05-25T00:00:00Z</date>"))
    for seconds in [last, first] {
      let value: PropertyList = ["d": .date(.init(secondsSinceReferenceDate: seconds))]
      #expect(try XML.read(bytes: try XML.write(value)) == value)
    }
  }

  @Test("a date beyond year 99,999,999 is refused with its key path, not clamped")
  func beyond() {
    for seconds in [ISO8601.writableRange.upperBound, ISO8601.writableRange.lowerBound - 1, 1e18] {
      do {
        _ = try XML.write(["when": [.date(.init(secondsSinceReferenceDate: seconds))]])
        Issue.record("expected an error for \(seconds)")
      } catch {
        #expect(
          error.summary
            == "notRepresentable when.0: a date of \(seconds) seconds cannot be written in XML (only dates from -99997946-05-25T00:00:00Z to 99999999-12-31T23:59:59Z can)"
        )
      }
    }
  }
}
