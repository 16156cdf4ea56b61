/// Hand-written ISO 8601 for the hot path of the XML and JSON formats: no Foundation
/// formatters, no allocation beyond the result.
package enum ISO8601 {
  /// The calendar a date's text is in.
  package enum Calendar: Sendable {
    /// The Gregorian calendar at every date, as ISO 8601 has it (JSON, OpenStep).
    case prolepticGregorian
    /// The Julian calendar before 1582-10-15 and the Gregorian one from then on, as
    /// Foundation and CoreFoundation write and read XML property lists: the instant ISO 8601
    /// calls `-0001-12-31T00:00:00Z` is `0000-01-02T00:00:00Z` in their text.
    case julianBeforeReform
  }

  /// 1582-10-15, the first day of the Gregorian calendar, in days since 1970-01-01.
  private static let gregorianReformDay: Int64 = -141_427

  private static let secondsPerDay: Int64 = 86_400
  /// Days from 1970-01-01 to 2001-01-01.
  package static let referenceDayOffset: Int64 = 11_323

  /// Formats seconds since 2001 as `YYYY-MM-DDTHH:MM:SSZ`, dropping any fraction toward the
  /// past. Non-finite values and values outside ``writableRange`` are clamped to it.
  package static func format(_ secondsSinceReferenceDate: Double, calendar: Calendar = .prolepticGregorian) -> String {
    String(decoding: formatBytes(secondsSinceReferenceDate, calendar: calendar), as: UTF8.self)
  }

  /// The dates ``append(_:to:)`` writes exactly and ``parse(_:)`` reads back: years of at most
  /// eight digits (CoreFoundation writes far dates with as many year digits as they need).
  /// Writers must refuse a date outside it rather than let it be clamped.
  package static let writableRange: Range<Double> =
    secondsSinceReferenceDate(atStartOfYear: -99_999_999)..<secondsSinceReferenceDate(atStartOfYear: 100_000_000)

  /// The first and last dates of ``writableRange`` as XML writes them, for messages.
  package static var xmlWritableRangeText: String {
    format(writableRange.lowerBound, calendar: .julianBeforeReform) + " to "
      + format(writableRange.upperBound.nextDown, calendar: .julianBeforeReform)
  }

  /// Seconds from 2001-01-01 to January 1st of `year`.
  private static func secondsSinceReferenceDate(atStartOfYear year: Int64) -> Double {
    Double((daysSince1970(year: year, month: 1, day: 1) - referenceDayOffset) * secondsPerDay)
  }

  /// The same as ``format(_:)`` as UTF-8 bytes.
  package static func formatBytes(
    _ secondsSinceReferenceDate: Double, calendar: Calendar = .prolepticGregorian
  )
    -> [UInt8]
  {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(20)
    append(secondsSinceReferenceDate, to: &bytes, calendar: calendar)
    return bytes
  }

  /// Appends the ISO 8601 form of a date to a byte buffer.
  package static func append(
    _ secondsSinceReferenceDate: Double, to bytes: inout [UInt8], calendar: Calendar = .prolepticGregorian
  ) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: longestForm) { buffer in
      let count = write(secondsSinceReferenceDate, to: buffer.baseAddress!, calendar: calendar)
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
    }
  }

  /// The most bytes ``write(_:to:)`` writes: a sign, eight year digits and the rest.
  package static let longestForm = 25

  /// Writes the ISO 8601 form of a date at `place`, which has room for ``longestForm`` bytes,
  /// and returns how many bytes it wrote: for a writer with a buffer of its own.
  package static func write(
    _ secondsSinceReferenceDate: Double, to place: UnsafeMutablePointer<UInt8>,
    calendar: Calendar = .prolepticGregorian
  ) -> Int {
    let clamped =
      secondsSinceReferenceDate.isNaN
      ? 0 : min(max(secondsSinceReferenceDate, writableRange.lowerBound), writableRange.upperBound.nextDown)
    let total = Int64(clamped.rounded(.down))
    var days = total / secondsPerDay
    var secondOfDay = total % secondsPerDay
    if secondOfDay < 0 {
      secondOfDay += secondsPerDay
      days -= 1
    }
    days += referenceDayOffset
    let (year, month, day) =
      calendar == .julianBeforeReform && days < gregorianReformDay
      ? julianDate(daysSince1970: days) : civilDate(daysSince1970: days)
    var cursor = place
    if year < 0 {
      cursor[0] = UInt8(ascii: "-")
      cursor += 1
    }
    cursor += writeYear(abs(year), to: cursor)
    cursor[0] = UInt8(ascii: "-")
    writeTwoDigits(month, to: cursor + 1)
    cursor[3] = UInt8(ascii: "-")
    writeTwoDigits(day, to: cursor + 4)
    cursor[6] = UInt8(ascii: "T")
    writeTwoDigits(secondOfDay / 3600, to: cursor + 7)
    cursor[9] = UInt8(ascii: ":")
    writeTwoDigits(secondOfDay / 60 % 60, to: cursor + 10)
    cursor[12] = UInt8(ascii: ":")
    writeTwoDigits(secondOfDay % 60, to: cursor + 13)
    cursor[15] = UInt8(ascii: "Z")
    return cursor + 16 - place
  }

  /// Writes a year of at least four digits (at most eight, in the writable range) and returns
  /// how many it wrote.
  private static func writeYear(_ year: Int64, to place: UnsafeMutablePointer<UInt8>) -> Int {
    if year < 10_000 {
      writeTwoDigits(year / 100, to: place)
      writeTwoDigits(year % 100, to: place + 2)
      return 4
    }
    var count = 4
    var rest = year / 10_000
    while rest > 0 {
      count += 1
      rest /= 10
    }
    rest = year
    for index in stride(from: count - 1, through: 0, by: -1) {
      place[index] = UInt8(truncatingIfNeeded: rest % 10) &+ UInt8(ascii: "0")
      rest /= 10
    }
    return count
  }

  /// Writes a number below 100 as two digits.
  @inline(__always)
  private static func writeTwoDigits(_ value: Int64, to place: UnsafeMutablePointer<UInt8>) {
    place[0] = UInt8(truncatingIfNeeded: value / 10) &+ UInt8(ascii: "0")
    place[1] = UInt8(truncatingIfNeeded: value % 10) &+ UInt8(ascii: "0")
  }

  /// Parses `[-]YYYY-MM-DD[THH:MM[:SS[.fraction]]](Z|±HH:MM|±HHMM)` (the time and zone may be
  /// left out together) into seconds since 2001. Returns nil for anything else, including
  /// out-of-range fields and dates outside ``writableRange``.
  package static func parse(_ text: ArraySlice<UInt8>) -> Double? {
    parse(text, requiringSeconds: false)
  }

  /// Parses as ``parse(_:)``, and with `requiringSeconds` reads as CoreFoundation does in XML:
  /// it refuses a date without its time or a time without its seconds, and takes fields out
  /// of range as the arithmetic they stand for (see ``rolledOverDays(year:month:day:)``).
  /// With `calendar` ``Calendar/julianBeforeReform``, a date before 1582-10-15 is read in the
  /// Julian calendar (so `1582-10-05` to `1582-10-14`, which that calendar skips, are the ten
  /// days after it, as Foundation reads them).
  package static func parse(
    _ text: ArraySlice<UInt8>, requiringSeconds: Bool, calendar: Calendar = .prolepticGregorian
  ) -> Double? {
    // Only dates that can be written back are read: an eight-digit Julian year, a zone offset
    // or a rolled-over month can reach past the years the writers write.
    guard let seconds = unboundedParse(text, requiringSeconds: requiringSeconds, calendar: calendar),
      writableRange.contains(seconds)
    else { return nil }
    return seconds
  }

  /// Whether `text` is a well-formed date that ``parse(_:requiringSeconds:calendar:)`` refuses
  /// only because it is outside ``writableRange``: for the reader's error message.
  package static func isOutOfRange(_ text: ArraySlice<UInt8>, requiringSeconds: Bool, calendar: Calendar) -> Bool {
    guard let seconds = unboundedParse(text, requiringSeconds: requiringSeconds, calendar: calendar) else {
      return false
    }
    return !writableRange.contains(seconds)
  }

  @inline(__always)
  private static func unboundedParse(
    _ text: ArraySlice<UInt8>, requiringSeconds: Bool, calendar: Calendar
  ) -> Double? {
    var cursor = text.startIndex
    let end = text.endIndex

    func number(width: Int) -> Int64? {
      guard end - cursor >= width else { return nil }
      var value: Int64 = 0
      for _ in 0..<width {
        let byte = text[cursor]
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + Int64(byte - 0x30)
        cursor += 1
      }
      return value
    }
    func expect(_ ascii: Unicode.Scalar) -> Bool {
      guard cursor < end, text[cursor] == UInt8(ascii: ascii) else { return false }
      cursor += 1
      return true
    }

    let negativeYear = expect("-")
    // A year has at least four digits; more are allowed for far dates. CoreFoundation writes
    // the years -1 to -999 with three (`-001-12-31T00:00:00Z`), and its XML reader takes any
    // number, as the XML reader does here.
    var yearDigits = 0
    while cursor + yearDigits < end, yearDigits < 8, (0x30...0x39).contains(text[cursor + yearDigits]) {
      yearDigits += 1
    }
    guard yearDigits >= (requiringSeconds ? 1 : 4), var year = number(width: yearDigits) else { return nil }
    if negativeYear { year = -year }
    guard expect("-"), let month = number(width: 2), expect("-"), let day = number(width: 2) else { return nil }
    // Older Foundation versions wrote dates out of range (`2024-01-32`, `24:00:00`); Apple's
    // readers roll them over, so the XML reader does too.
    let rollsOver = requiringSeconds
    guard rollsOver || ((1...12).contains(month) && (1...daysInMonth(year: year, month: month)).contains(day)) else {
      return nil
    }

    var hour: Int64 = 0
    var minute: Int64 = 0
    var second: Int64 = 0
    var fraction = 0.0
    var offsetSeconds: Int64 = 0
    if requiringSeconds && cursor == end { return nil }
    if cursor < end {
      guard expect("T"), let parsedHour = number(width: 2), expect(":"), let parsedMinute = number(width: 2)
      else { return nil }
      hour = parsedHour
      minute = parsedMinute
      if requiringSeconds && (cursor == end || text[cursor] != UInt8(ascii: ":")) { return nil }
      if expect(":") {
        guard let parsedSecond = number(width: 2) else { return nil }
        second = parsedSecond
        if expect(".") || expect(",") {
          var scale = 0.1
          var digits = 0
          while cursor < end, (0x30...0x39).contains(text[cursor]) {
            fraction += Double(text[cursor] - 0x30) * scale
            scale /= 10
            digits += 1
            cursor += 1
          }
          guard digits > 0 else { return nil }
        }
      }
      guard rollsOver || (hour < 24 && minute < 60 && second < 61) else { return nil }
      if expect("Z") {
        // UTC
      } else if cursor < end, text[cursor] == UInt8(ascii: "+") || text[cursor] == UInt8(ascii: "-") {
        let sign: Int64 = text[cursor] == UInt8(ascii: "-") ? -1 : 1
        cursor += 1
        guard let offsetHours = number(width: 2) else { return nil }
        _ = expect(":")
        guard let offsetMinutes = number(width: 2), offsetHours < 24, offsetMinutes < 60 else { return nil }
        offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
      } else {
        return nil
      }
    }
    guard cursor == end else { return nil }
    // Days 1 to 28 of months 1 to 12 are in range in every month: those (most dates) take the
    // usual arithmetic, which gives what the rollover would.
    let inRange = (1...12).contains(month) && (1...28).contains(day)
    let julian =
      calendar == .julianBeforeReform && (year < 1582 || (year == 1582 && (month < 10 || (month == 10 && day < 15))))
    let days =
      (rollsOver && !inRange
        ? rolledOverDays(year: year, month: month, day: day, julian: julian)
        : julian
          ? julianDaysSince1970(year: year, month: month, day: day)
          : daysSince1970(year: year, month: month, day: day))
      - referenceDayOffset
    return Double(days * secondsPerDay + hour * 3600 + minute * 60 + second - offsetSeconds) + fraction
  }

  /// Days before the first of each month in a common year; index 13 is the first of the next
  /// year, which CoreFoundation's table has too.
  private static let daysBeforeMonth: [Int64] = [0, 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365]

  /// Days since 1970-01-01 of a date whose month and day may be out of range, counted as
  /// CoreFoundation counts them: January 1st of `year`, plus the days before `month` (months 1
  /// to 13 from the table, a leap day from March on; 0 and months past 13 add nothing, as in
  /// CoreFoundation), plus `day - 1` (so day 32 of January is February 1st and day 0 the last
  /// day of the year before).
  /// With `julian`, January 1st and the leap years are the Julian calendar's.
  static func rolledOverDays(year: Int64, month: Int64, day: Int64, julian: Bool = false) -> Int64 {
    let leap = julian ? year % 4 == 0 : (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    let before = (0...13).contains(month) ? daysBeforeMonth[Int(month)] + (leap && month >= 3 ? 1 : 0) : 0
    let firstOfYear =
      julian ? julianDaysSince1970(year: year, month: 1, day: 1) : daysSince1970(year: year, month: 1, day: 1)
    return firstOfYear + before + day - 1
  }

  private static func daysInMonth(year: Int64, month: Int64) -> Int64 {
    switch month {
    case 2:
      let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      return leap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
  package static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The proleptic Gregorian date of a day count since 1970-01-01.
  package static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// Days since 1970-01-01 of a date in the Julian calendar (four-year cycles of 1,461 days,
  /// counted from March 1st of year 0, which is day -719,470).
  package static func julianDaysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
    let shiftedYear = month <= 2 ? year - 1 : year
    let cycle = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 3) / 4
    let yearOfCycle = shiftedYear - cycle * 4
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    return cycle * 1461 + yearOfCycle * 365 + dayOfYear - 719_470
  }

  /// The Julian calendar's date of a day count since 1970-01-01.
  package static func julianDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let shifted = days + 719_470
    let cycle = (shifted >= 0 ? shifted : shifted - 1460) / 1461
    let dayOfCycle = shifted - cycle * 1461
    let yearOfCycle = (dayOfCycle - dayOfCycle / 1460) / 365
    let dayOfYear = dayOfCycle - 365 * yearOfCycle
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfCycle + cycle * 4 + (month <= 2 ? 1 : 0), month, day)
  }
}
