import PlistKit

/// Dates as PlistBuddy prints and reads them: `Mon Apr 20 20:39:39 UTC 2020`.
///
/// macOS prints a date in the machine's time zone; here it is always printed in UTC (a build
/// machine's usual zone), so the output does not depend on where it runs. Reading takes the
/// forms PlistBuddy takes (`%a %b %d %H:%M:%S %Z %Y`, the same with the zone after the year or
/// left out, and `%m/%d/%y`), with the zone `UTC`, `GMT`, `Z`, `GMT+9`, `+0900` or `-05:00`
/// (no zone is UTC), and also an ISO 8601 date (`2020-04-20T20:39:39Z`).
public enum BuddyDate {
  private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
  private static let secondsPerDay: Int64 = 86_400

  /// `date` in PlistBuddy's `Print` form, in UTC (fractions of a second dropped toward the past).
  public static func format(_ date: PropertyListDate) -> String {
    let seconds = date.secondsSinceReferenceDate
    let whole = seconds.isFinite ? Int64(max(min(seconds, 9e15), -9e15).rounded(.down)) : 0
    var days = whole / secondsPerDay
    var second = whole % secondsPerDay
    if second < 0 {
      second += secondsPerDay
      days -= 1
    }
    days += ISO8601.referenceDayOffset
    let (year, month, day) = ISO8601.civilDate(daysSince1970: days)
    let weekday = Int(((days % 7) + 11) % 7)
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return
      "\(weekdays[weekday]) \(months[Int(month) - 1]) \(two(day)) \(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60)) UTC \(year)"
  }

  /// The date `text` names, or nil when it is in none of the forms PlistBuddy reads.
  public static func parse(_ text: String) -> PropertyListDate? {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    if words.count == 1 {
      if let date = PropertyListDate(iso8601: words[0]) { return date }
      return slashed(words[0])
    }
    var rest = words[...]
    if let first = rest.first, weekdays.contains(where: { $0.lowercased() == first.prefix(3).lowercased() }),
      rest.count >= 4
    {
      rest = rest.dropFirst()
    }
    guard rest.count >= 3, let month = monthNumber(rest[rest.startIndex]),
      let day = number(rest[rest.startIndex + 1], digits: 1...2), (1...31).contains(day),
      let time = clock(rest[rest.startIndex + 2])
    else { return nil }
    var year: Int64?
    var offset: Int64 = 0
    var zoneSeen = false
    for word in rest.dropFirst(3) {
      if year == nil, let value = number(word, digits: 1...9) {
        year = value
      } else if !zoneSeen, let zone = zoneOffset(word) {
        offset = zone
        zoneSeen = true
      } else {
        return nil
      }
    }
    guard let year else { return nil }
    return date(year: year, month: month, day: day, secondOfDay: time, offset: offset)
  }

  /// `%m/%d/%y`: a month, a day and a two-digit year (69–99 are the 1900s), at midnight.
  private static func slashed(_ word: String) -> PropertyListDate? {
    let parts = word.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 3, let month = number(parts[0], digits: 1...2), (1...12).contains(month),
      let day = number(parts[1], digits: 1...2), (1...31).contains(day), let short = number(parts[2], digits: 2...2)
    else { return nil }
    return date(year: short >= 69 ? 1900 + short : 2000 + short, month: month, day: day, secondOfDay: 0, offset: 0)
  }

  private static func date(
    year: Int64, month: Int64, day: Int64, secondOfDay: Int64, offset: Int64
  )
    -> PropertyListDate
  {
    let days = ISO8601.daysSince1970(year: year, month: month, day: day) - ISO8601.referenceDayOffset
    return PropertyListDate(secondsSinceReferenceDate: Double(days * secondsPerDay + secondOfDay - offset))
  }

  private static func monthNumber(_ word: String) -> Int64? {
    guard word.count >= 3 else { return nil }
    let prefix = word.prefix(3).lowercased()
    return months.firstIndex { $0.lowercased() == prefix }.map { Int64($0 + 1) }
  }

  private static func number(_ word: some StringProtocol, digits: ClosedRange<Int>) -> Int64? {
    guard digits.contains(word.utf8.count), word.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    return Int64(word)
  }

  /// `HH:MM:SS` as seconds of the day.
  private static func clock(_ word: String) -> Int64? {
    let parts = word.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 3, let hour = number(parts[0], digits: 1...2), let minute = number(parts[1], digits: 1...2),
      let second = number(parts[2], digits: 1...2), hour < 24, minute < 60, second < 61
    else { return nil }
    return hour * 3600 + minute * 60 + second
  }

  /// Seconds east of UTC for `UTC`, `GMT`, `Z`, `GMT+9`, `UTC-05:30`, `+0900` or `-05:00`.
  private static func zoneOffset(_ word: String) -> Int64? {
    var rest = Substring(word.uppercased())
    for name in ["UTC", "GMT", "Z"] where rest.hasPrefix(name) {
      rest = rest.dropFirst(name.count)
      break
    }
    if rest.isEmpty { return word.isEmpty ? nil : 0 }
    guard let sign = rest.first, sign == "+" || sign == "-" else { return nil }
    let digits = rest.dropFirst().filter { $0 != ":" }
    guard (1...4).contains(digits.count), let value = number(digits, digits: 1...4) else { return nil }
    let hours = digits.count <= 2 ? value : value / 100
    let minutes = digits.count <= 2 ? 0 : value % 100
    guard hours <= 14, minutes < 60 else { return nil }
    return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
  }
}
