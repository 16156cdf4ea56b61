import PlistKit

/// The Foundation, AppKit, UIKit and Core Location classes the plain view shows as an analyst
/// reads them, beyond the containers and scalars of ``FoundationClass``: one place that names
/// each class and the view it gets. (Only the views read these classes; the unarchiver and the
/// validator leave them to their generic forms.)
enum ClassViews {
  /// The class names with a view (a subclass is found through its `$classes` chain).
  static let names: Set<String> = [
    "NSAttributedString", "NSMutableAttributedString", "NSColor", "UIColor", "NSValue", "NSDecimalNumber",
    "NSDecimalNumberPlaceholder", "NSIndexSet", "NSMutableIndexSet", "NSDateComponents", "NSTimeZone", "NSLocale",
    "NSError", "NSPersonNameComponents", "CLLocation", "NSFont", "UIFont", "NSParagraphStyle",
    "NSMutableParagraphStyle", "NSTextTab", "NSSortDescriptor", "NSPredicate",
    // Shown as a set and a dictionary by the plain view when they hold `NS.objects` (and
    // `NS.keys`) as those do.
    "NSHashTable", "NSMapTable",
  ]

  /// The class of `chain` whose view the plain view shows it by, if it has one (a container or
  /// scalar of ``FoundationClass`` first in the chain has none).
  static func viewedName(of chain: ClassChain) -> String? {
    let name = chain.lookupOrder.first { FoundationClass.layouts[$0] != nil || names.contains($0) }
    return name.flatMap { names.contains($0) && $0 != "NSHashTable" && $0 != "NSMapTable" ? $0 : nil }
  }

  /// The plain shape of an object of class `name` (one of ``names``); nil when its fields do
  /// not have the class's shape, and it is shown as a generic object.
  static func shape<Objects: ArchiveObjectSource>(
    of name: String, _ fields: PropertyListDictionary, in objects: inout Objects
  )
    throws(KeyedArchiveError) -> PlainShape?
  {
    let archived = ClassFields<Objects>(fields: fields)
    switch name {
    case "NSAttributedString", "NSMutableAttributedString":
      return try AttributedStringLayout.read(archived, in: &objects)?.plainShape
    case "NSColor", "UIColor":
      return try ArchivedColor.read(archived, in: &objects)?.plainShape
    case "NSValue":
      return try ArchivedValue.read(archived, in: &objects).map { .value($0.plainValue) }
    case "NSDecimalNumber", "NSDecimalNumberPlaceholder":
      return try ArchivedDecimal.read(archived, in: &objects).map { .value(.string($0.description)) }
    case "NSIndexSet", "NSMutableIndexSet":
      return try ArchivedIndexSet.read(archived, in: &objects).map { .value($0.plainValue) }
    case "NSDateComponents": return RenamedFields.dateComponents(fields)
    case "NSParagraphStyle", "NSMutableParagraphStyle", "NSTextTab": return RenamedFields.allFields(fields)
    case "NSTimeZone": return try FieldMapping.timeZone.shape(archived, in: &objects)
    case "NSLocale": return try FieldMapping.locale.shape(archived, in: &objects)
    case "NSError": return try FieldMapping.error.shape(archived, in: &objects)
    case "NSPersonNameComponents": return try FieldMapping.personName.shape(archived, in: &objects)
    case "NSSortDescriptor": return try FieldMapping.sortDescriptor.shape(archived, in: &objects)
    case "CLLocation": return try FieldMapping.location.shape(archived, in: &objects)
    case "NSPredicate": return try FieldMapping.predicate.shape(archived, in: &objects)
    case "NSFont", "UIFont":
      guard case .dictionary(let entries)? = try FieldMapping.font.shape(archived, in: &objects),
        entries.contains(where: { $0.0 == "name" })
      else { return nil }
      return .dictionary(entries)
    default: return nil
    }
  }
}
