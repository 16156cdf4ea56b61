import PlistKit

/// The view of a class whose archive is a handful of named fields: each archive field shown
/// under a plain name, checked for its kind, in a fixed order.
struct FieldMapping {
  /// What one field must hold, and how it is shown.
  enum Kind {
    /// A string, or a reference to one.
    case text
    /// An integer or a real, or a reference to one.
    case number
    /// A boolean (or 0 or 1).
    case flag
    /// Seconds since 2001-01-01, shown as a date.
    case date
    /// Any object, shown as the plain view shows it where it stands.
    case object
  }

  /// One field: its key in the archive, its plain name, its kind, and whether the view needs it.
  struct Field {
    var key: String
    var name: String
    var kind: Kind
    var isRequired = false
  }

  var fields: [Field]

  /// The plain shape of `fields`; nil when a required field is missing or any field has the
  /// wrong kind (the object is then shown as a generic object). `$null` counts as missing.
  func shape<Objects: ArchiveObjectSource>(
    _ archived: ClassFields<Objects>, in objects: inout Objects
  ) throws(KeyedArchiveError)
    -> PlainShape?
  {
    var entries: [(String, PlainShape)] = []
    for field in fields {
      guard archived.has(field.key), let value = archived.fields[field.key] else {
        if field.isRequired { return nil }
        continue
      }
      switch field.kind {
      case .object: entries.append((field.name, .rendered(value, key: field.key)))
      case .text:
        guard let text = try archived.string(field.key, in: &objects) else { return nil }
        entries.append((field.name, .value(.string(text))))
      case .number:
        guard let number = try archived.scalar(field.key, in: &objects), number.doubleValue != nil else { return nil }
        entries.append((field.name, .value(number)))
      case .flag:
        guard let flag = try archived.bool(field.key, in: &objects) else { return nil }
        entries.append((field.name, .value(.boolean(flag))))
      case .date:
        guard let seconds = try archived.double(field.key, in: &objects) else { return nil }
        entries.append((field.name, .value(.date(PropertyListDate(secondsSinceReferenceDate: seconds)))))
      }
    }
    return .dictionary(entries)
  }
}

extension FieldMapping {
  /// `NSFont` and `UIFont`: `{"name": …, "size": …}`.
  static let font = FieldMapping(fields: [
    Field(key: "NSName", name: "name", kind: .text), Field(key: "UIFontName", name: "name", kind: .text),
    Field(key: "NSSize", name: "size", kind: .number), Field(key: "UIFontPointSize", name: "size", kind: .number),
  ])

  /// `NSTimeZone`: its name and its TZif data.
  static let timeZone = FieldMapping(fields: [
    Field(key: "NS.name", name: "name", kind: .text, isRequired: true),
    Field(key: "NS.data", name: "data", kind: .object),
  ])

  /// `NSLocale`: its identifier.
  static let locale = FieldMapping(fields: [
    Field(key: "NS.identifier", name: "identifier", kind: .text, isRequired: true)
  ])

  /// `NSError`: domain, code and user info.
  static let error = FieldMapping(fields: [
    Field(key: "NSDomain", name: "domain", kind: .text, isRequired: true),
    Field(key: "NSCode", name: "code", kind: .number, isRequired: true),
    Field(key: "NSUserInfo", name: "userInfo", kind: .object),
  ])

  /// `NSPersonNameComponents`: the parts of a name that are there.
  static let personName = FieldMapping(
    fields: ["namePrefix", "givenName", "middleName", "familyName", "nameSuffix", "nickname"].map {
      Field(key: "NS.\($0)", name: $0, kind: .text)
    } + [Field(key: "NS.phoneticRepresentation", name: "phoneticRepresentation", kind: .object)])

  /// `NSSortDescriptor`: key, direction, comparison selector, and where nil values sort
  /// (`NSReverseNullOrder`, written since macOS 10.15 and iOS 13).
  static let sortDescriptor = FieldMapping(fields: [
    Field(key: "NSKey", name: "key", kind: .text),
    Field(key: "NSAscending", name: "ascending", kind: .flag, isRequired: true),
    Field(key: "NSSelector", name: "selector", kind: .text),
    Field(key: "NSReverseNullOrder", name: "reverseNullOrder", kind: .flag),
  ])

  /// `CLLocation`: coordinates, altitude, accuracies, speed, course and time (Core Location's
  /// `kCLLocationCodingKey…` fields; others, such as the floor, are left out).
  static let location = FieldMapping(fields: [
    Field(key: "kCLLocationCodingKeyCoordinateLatitude", name: "latitude", kind: .number, isRequired: true),
    Field(key: "kCLLocationCodingKeyCoordinateLongitude", name: "longitude", kind: .number, isRequired: true),
    Field(key: "kCLLocationCodingKeyAltitude", name: "altitude", kind: .number),
    Field(key: "kCLLocationCodingKeyHorizontalAccuracy", name: "horizontalAccuracy", kind: .number),
    Field(key: "kCLLocationCodingKeyVerticalAccuracy", name: "verticalAccuracy", kind: .number),
    Field(key: "kCLLocationCodingKeySpeed", name: "speed", kind: .number),
    Field(key: "kCLLocationCodingKeySpeedAccuracy", name: "speedAccuracy", kind: .number),
    Field(key: "kCLLocationCodingKeyCourse", name: "course", kind: .number),
    Field(key: "kCLLocationCodingKeyCourseAccuracy", name: "courseAccuracy", kind: .number),
    Field(key: "kCLLocationCodingKeyTimestamp", name: "timestamp", kind: .date),
  ])

  /// `NSPredicate` where the archive carries its format string.
  static let predicate = FieldMapping(fields: [
    Field(key: "NSPredicateFormat", name: "format", kind: .text, isRequired: true)
  ])
}
