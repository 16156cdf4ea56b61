import PlistKit

/// What each format and each peer can carry, as functions that restrict or normalize a value
/// before it is sent one way: a value outside a limit is changed to what the format or the
/// peer really holds (or left out, `nil`), never compared loosely afterwards. Every rule is a
/// documented limit of the format or of the peer, not of PlistKit: PlistKit's own round trips
/// keep all of it (see the binary and XML round-trip tests).
enum DifferentialLimits {
  // MARK: - Formats

  /// The XML form's limits, for every XML direction:
  /// - XML 1.0 has no way to write U+0000–U+0008, U+000B, U+000C, U+000E–U+001F, U+FFFE and
  ///   U+FFFF, even as character references: they are removed from strings and keys (PlistKit's
  ///   writer refuses them, plistlib's raises `ValueError`);
  /// - a date is text in whole seconds (`2001-01-01T00:00:00Z`, as Apple writes it): the
  ///   fraction goes toward the past, `-0.0` becomes `0.0`, and a date that is not finite has
  ///   no text at all (left out);
  /// - a real is text: every NaN is written `nan` and reads back as the one default NaN;
  /// - a UID is written as `<dict><key>CF$UID</key><integer>N</integer></dict>`, so such a
  ///   dictionary (only that key, a non-negative integer) is read back as a UID.
  static func xmlForm(_ value: PropertyList) -> PropertyList? {
    switch value {
    case .string(let string): return .string(xmlText(string))
    case .real(let real) where real.isNaN: return .real(.nan)
    case .date(let date):
      guard date.secondsSinceReferenceDate.isFinite else { return nil }
      return .date(PropertyListDate(secondsSinceReferenceDate: date.secondsSinceReferenceDate.rounded(.down) + 0))
    case .array(let elements): return .array(elements.compactMap(xmlForm))
    case .dictionary(let dictionary):
      var result = PropertyListDictionary()
      for (key, element) in dictionary {
        if let element = xmlForm(element) { result[xmlText(key)] = element }
      }
      if result.count == 1, result.keys[0] == "CF$UID", let uid = result.values[0].integerValue?.uint64Value {
        return .uid(uid)
      }
      return .dictionary(result)
    default: return value
    }
  }

  /// `text` without the characters XML 1.0 cannot hold.
  static func xmlText(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x9, 0xA, 0xD, 0x20...0xFFFD, 0x10000...: scalars.append(scalar)
      default: continue
      }
    }
    return String(scalars)
  }

  /// `value` with `rule` applied to every value in it, bottom up; a `nil` from `rule` leaves
  /// the value out of its array or dictionary.
  static func transform(_ value: PropertyList, _ rule: (PropertyList) -> PropertyList?) -> PropertyList? {
    switch value {
    case .array(let elements): return rule(.array(elements.compactMap { transform($0, rule) }))
    case .dictionary(let dictionary):
      var result = PropertyListDictionary()
      for (key, element) in dictionary {
        if let element = transform(element, rule) { result[key] = element }
      }
      return rule(.dictionary(result))
    default: return rule(value)
    }
  }

  /// `value` with every NaN real replaced by `Double.nan`: Foundation keeps neither a NaN's
  /// sign nor its payload (CFNumber stores every NaN as the one canonical NaN).
  static func canonicalNaNs(_ value: PropertyList) -> PropertyList {
    transform(value) { element in
      if case .real(let real) = element, real.isNaN { return .real(.nan) }
      return element
    }!
  }

  // MARK: - Foundation

  /// What Foundation's `PropertyListSerialization` reads and writes of `value`:
  /// - Foundation hands dictionaries out as `[String: Any]`, and Swift `String` keys are
  ///   equal when canonically equivalent, so of two keys such as `"é"` and `"e\u{301}"` it
  ///   keeps one (DESIGN.md, "Known traps"): only the first of such keys is sent;
  /// - it has no public API to make a UID, so when Foundation writes, UIDs are left out; when
  ///   it reads, a UID is its `CFKeyedArchiverUID`, which holds 32 bits: larger ones are left
  ///   out;
  /// - in XML, Foundation writes `\r` raw, and XML 1.0 (§2.11) has every reader turn a raw
  ///   `\r\n` or `\r` into `\n` (libxml2 and expat do; CoreFoundation's own parser does not):
  ///   what Foundation writes gets line feeds instead (PlistKit's writer writes `&#13;`);
  /// - in XML, Foundation writes `-0.0` as `0.0` (it reads `-0.0` right);
  /// - in XML, Foundation's reader drops a U+FEFF at the start of a string or key, as if it
  ///   were a byte order mark (it writes one right): strings sent to it do not start with one;
  /// - in XML, Foundation's reader takes a dictionary whose only key is `CF$UID` for a UID
  ///   whatever number it holds, a real too (truncated); PlistKit's reader, as the XML form
  ///   writes UIDs, only when it holds an integer: such dictionaries with a real are left out;
  /// - in XML, a date before 1582-10-15 (``gregorianReform``): PlistKit writes and reads it in
  ///   the Julian calendar, as Apple's Foundation and CoreFoundation and swift-foundation's
  ///   coders do; swift-corelibs-foundation's `PropertyListSerialization` uses the proleptic
  ///   Gregorian calendar, so the instant read back is another one. Such dates are left out
  ///   (the Julian tests in `AppleCompatibilityTests` compare them with Foundation's coders);
  /// - a dictionary of Foundation is unordered: the comparison ignores key order (`==`).
  static func throughFoundation(
    _ value: PropertyList, format: PropertyListFormat, foundationWrites: Bool
  )
    -> PropertyList?
  {
    var formed = format == .xml ? xmlForm(value) : value
    if format == .xml, foundationWrites { formed = formed.map(lineFeedsForReturns) }
    return formed.flatMap { formed in
      transform(formed) { element in
        switch element {
        case .uid(let uid): return foundationWrites || uid > UInt64(UInt32.max) ? nil : element
        case .date(let date) where format == .xml && date.secondsSinceReferenceDate < gregorianReform: return nil
        case .real(let real) where format == .xml && foundationWrites && real == 0: return .real(0)
        case .string(let string) where format == .xml && !foundationWrites:
          return .string(withoutLeadingByteOrderMark(string))
        case .dictionary(let dictionary)
        where format == .xml && !foundationWrites && dictionary.count == 1
          && dictionary.keys[0] == "CF$UID" && dictionary.values[0].kind == .real:
          return nil
        case .dictionary(let dictionary):
          var seen = Set<String>()
          var result = PropertyListDictionary()
          for (key, element) in dictionary {
            let key = format == .xml && !foundationWrites ? withoutLeadingByteOrderMark(key) : key
            if seen.insert(key).inserted { result[key] = element }
          }
          return .dictionary(result)
        default: return element
        }
      }
    }
  }

  /// `text` without U+FEFF at its start.
  static func withoutLeadingByteOrderMark(_ text: String) -> String {
    var scalars = Substring(text).unicodeScalars
    while scalars.first == "\u{FEFF}" { scalars.removeFirst() }
    return String(scalars)
  }

  // MARK: - plistlib

  /// 1582-10-15T00:00:00Z, the first day of the Gregorian calendar, in seconds since 2001.
  static let gregorianReform = -13_197_600_000.0

  /// The first and last second `datetime` can hold (years 1 and 9999), in seconds since 2001.
  static let plistlibDates: Range<Double> = -63_113_904_000..<252_423_993_600

  /// What Python's `plistlib` reads and writes of `value`:
  /// - dates are `datetime.datetime`: years 1–9999, whole microseconds, no NaN or infinity,
  ///   no `-0.0` (it comes back as `0.0`): other dates are left out;
  /// - in XML, plistlib writes `\r` and `\r\n` as `\n` (its `_escape` does it on purpose);
  /// - plus the XML form's limits (``xmlForm(_:)``).
  static func throughPlistlib(_ value: PropertyList, format: PropertyListFormat) -> PropertyList? {
    transform(value) { element in
      guard case .date(let date) = element else { return element }
      let seconds = date.secondsSinceReferenceDate
      guard plistlibDates.contains(seconds), !(seconds == 0 && seconds.sign == .minus) else { return nil }
      // `datetime` is proleptic Gregorian; XML before the reform is Julian (see
      // ``throughFoundation(_:format:foundationWrites:)``).
      guard format != .xml || seconds >= gregorianReform else { return nil }
      let microseconds = (seconds * 1e6).rounded()
      return microseconds / 1e6 == seconds ? element : nil
    }
    .flatMap { format == .xml ? xmlForm($0) : $0 }
  }

  /// `value` as plistlib's objects: in XML, plistlib has no UIDs (its XML reader leaves a
  /// `CF$UID` dictionary a dictionary, its XML writer refuses `plistlib.UID`), so a UID is the
  /// `CF$UID` dictionary that the XML form writes for it.
  static func asPlistlibObjects(_ value: PropertyList, format: PropertyListFormat) -> PropertyList {
    guard format == .xml else { return value }
    return transform(value) { element in
      if case .uid(let uid) = element { return ["CF$UID": .integer(uid)] }
      return element
    }!
  }

  /// What PlistKit reads from what plistlib wrote: in XML, plistlib writes every carriage
  /// return as a line feed.
  static func afterPlistlibWrite(_ value: PropertyList, format: PropertyListFormat) -> PropertyList {
    format == .xml ? lineFeedsForReturns(value) : value
  }

  /// `value` with `\r\n` and `\r` in strings and keys turned into `\n`: what a conforming XML
  /// reader (libxml2, expat) makes of carriage returns written raw, as XML 1.0 §2.11 requires.
  static func lineFeedsForReturns(_ value: PropertyList) -> PropertyList {
    func lineFeeds(_ text: String) -> String {
      text.replacingOccurrencesOfCarriageReturns()
    }
    return transform(value) { element in
      switch element {
      case .string(let string): return .string(lineFeeds(string))
      case .dictionary(let dictionary):
        var result = PropertyListDictionary()
        for (key, element) in dictionary { result[lineFeeds(key)] = element }
        return .dictionary(result)
      default: return element
      }
    }!
  }
}

extension String {
  /// `\r\n` and then `\r` replaced by `\n`, scalar by scalar (`Character` would see `\r\n` as
  /// one character).
  fileprivate func replacingOccurrencesOfCarriageReturns() -> String {
    var scalars = String.UnicodeScalarView()
    var previousWasReturn = false
    for scalar in unicodeScalars {
      if scalar == "\r" {
        scalars.append("\n")
        previousWasReturn = true
        continue
      }
      if !(scalar == "\n" && previousWasReturn) { scalars.append(scalar) }
      previousWasReturn = false
    }
    return String(scalars)
  }
}
