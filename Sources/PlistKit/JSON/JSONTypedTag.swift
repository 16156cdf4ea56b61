/// The tags of the typed JSON form: a JSON object with exactly one member whose key is one of
/// these stands for a value that JSON has no type for.
///
/// - `{"$real": "NaN"}`, `"Infinity"`, `"-Infinity"`: a real JSON numbers cannot write
///   (another NaN bit pattern is `"NaN:0x7ff4000000000000"`, so every real survives);
/// - `{"$date": "2001-01-01T00:00:00Z"}` or `{"$date": 12.5}` (seconds since 2001);
/// - `{"$data": "base64"}`;
/// - `{"$uid": 7}`;
/// - `{"$dict": {…}}`: a dictionary that would otherwise read as a tag (one key, a tag name).
enum JSONTypedTag: String, CaseIterable {
  case real = "$real"
  case date = "$date"
  case data = "$data"
  case uid = "$uid"
  case dict = "$dict"

  /// The tag a dictionary key names, if any. Tag names are ASCII, so byte equality is the
  /// same as the exact comparison plist keys use.
  static func named(_ key: String) -> JSONTypedTag? {
    guard key.utf8.count <= 5, key.utf8.first == UInt8(ascii: "$") else { return nil }
    return JSONTypedTag(rawValue: key)
  }

  /// True when the UTF-8 key `utf8` is a tag's name.
  @inline(__always)
  static func isTagName(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    guard utf8.count <= 5, utf8.first == UInt8(ascii: "$") else { return false }
    return named(String(decoding: utf8, as: UTF8.self)) != nil
  }

  /// True when `value`, read as plain JSON, holds an object that the typed form reads as a
  /// tag: one member, a tag's key, a payload the tag takes (`{"$uid": 7}`, `{"$dict": {}}`).
  /// A document that does was written as typed JSON. The walk keeps its own stack.
  static func isHeld(in value: PropertyList) -> Bool {
    var pending = [value]
    while let next = pending.popLast() {
      switch next {
      case .array(let elements): pending.append(contentsOf: elements)
      case .dictionary(let dictionary):
        if dictionary.count == 1, let tag = named(dictionary.keys[0]) {
          let payload = dictionary.values[0]
          if tag == .dict, case .dictionary = payload { return true }
          if tag != .dict, case .success = JSONObjectBuilder.decode(tag, payload) { return true }
        }
        pending.append(contentsOf: dictionary.values)
      default: continue
      }
    }
    return false
  }

  /// True when a dictionary must be wrapped in `{"$dict": …}` to be read back as itself.
  static func looksLikeTag(_ dictionary: PropertyListDictionary) -> Bool {
    dictionary.count == 1 && named(dictionary.keys[0]) != nil
  }
}

/// The words for reals that JSON numbers cannot hold, shared by the `$real` and `$date` tags
/// (and by the plain form, which writes them as strings).
enum JSONNonFiniteReal {
  /// The bits of the NaN that Swift's `Double.nan` has; it is written as plain `"NaN"`.
  static let canonicalNaNBits = Double.nan.bitPattern

  /// `"NaN"`, `"Infinity"`, `"-Infinity"`, or `"NaN:0x…"` for a NaN with other bits; nil for a
  /// finite value. With `keepBits` false every NaN is `"NaN"`.
  static func word(for value: Double, keepBits: Bool) -> String? {
    if value.isFinite { return nil }
    if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
    guard keepBits, value.bitPattern != canonicalNaNBits else { return "NaN" }
    let digits = String(value.bitPattern, radix: 16)
    return "NaN:0x" + String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// The real a word stands for, or nil when it is not one of them.
  static func value(of word: String) -> Double? {
    switch word {
    case "NaN": return .nan
    case "Infinity": return .infinity
    case "-Infinity": return -.infinity
    default:
      guard word.hasPrefix("NaN:0x"), word.utf8.count == 22,
        let bits = UInt64(word.dropFirst(6), radix: 16)
      else { return nil }
      let value = Double(bitPattern: bits)
      return value.isNaN ? value : nil
    }
  }
}

/// Which dates the typed form writes as ISO 8601 text: whole seconds, not `-0`, in the years
/// 0001 … 9999 (the text form has no fractions and four-digit years). Others are seconds.
enum JSONTypedDate {
  /// 0001-01-01T00:00:00Z.
  static let earliestTextual = ISO8601.parse(Array("0001-01-01T00:00:00Z".utf8)[...])!
  /// 9999-12-31T23:59:59Z.
  static let latestTextual = ISO8601.parse(Array("9999-12-31T23:59:59Z".utf8)[...])!

  /// True when `seconds` survives the trip through ISO 8601 text exactly.
  static func isTextual(_ seconds: Double) -> Bool {
    seconds >= earliestTextual && seconds <= latestTextual && seconds.rounded(.down) == seconds
      && !(seconds == 0 && seconds.sign == .minus)
  }
}
