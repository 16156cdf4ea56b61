import PlistKit

/// The view of a class whose fields all carry meaning under their own names, once the archive's
/// prefix is dropped: `NS.year` → `year` (`NSDateComponents`), `NSLineSpacing` → `lineSpacing`
/// (`NSParagraphStyle`). Each value is shown as the plain view shows it where it stands.
enum RenamedFields {
  /// The plain name of an archive key: `NS.` or `NS` before a capital dropped and the next
  /// letter lowered; other keys as they are.
  static func plainName(_ key: String) -> String {
    var rest = Substring(key)
    if rest.hasPrefix("NS.") {
      rest = rest.dropFirst(3)
    } else if rest.hasPrefix("NS"), let next = rest.dropFirst(2).first, next.isUppercase {
      rest = rest.dropFirst(2)
    } else {
      return key
    }
    guard let first = rest.first else { return key }
    return first.lowercased() + rest.dropFirst()
  }

  /// `NSDateComponents`: the components that are set (Foundation writes `NSIntegerMax` for
  /// the others), `isLeapMonth` only when true, calendar and time zone when there.
  static func dateComponents(_ fields: PropertyListDictionary) -> PlainShape? {
    var entries: [(String, PlainShape)] = []
    for (key, value) in fields {
      switch value {
      case .integer(let number) where number == PropertyListInteger(Int64.max): continue
      case .boolean(false) where key == "NS.isLeapMonth": continue
      case .uid(0): continue
      case .integer, .boolean, .uid: entries.append((plainName(key), .rendered(value, key: key)))
      default: return nil
      }
    }
    return .dictionary(entries)
  }

  /// `NSParagraphStyle` and `NSTextTab`: every field by its plain name (`alignment`,
  /// `lineSpacing`, `headIndent`, `tabStops`, …; a tab's `location` and `type`); `$null`
  /// references left out.
  static func allFields(_ fields: PropertyListDictionary) -> PlainShape? {
    .dictionary(
      fields.compactMap { key, value in value == .uid(0) ? nil : (plainName(key), .rendered(value, key: key)) })
  }
}
