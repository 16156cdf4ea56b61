/// A type that stands for an archived class in ``KeyedArchiveEncoder`` and
/// ``KeyedArchiveDecoder``: its value is archived as an object of that class (the keys of its
/// keyed container are the object's fields), and only objects of that class (or of a subclass
/// naming it among its superclasses) decode into it.
///
/// ```swift
/// struct President: Codable, KeyedArchivable {
///   static let archivedClassNames = ["President", "NSObject"]
///   …
/// }
/// ```
///
/// Decoding is secure by default: an object whose class is neither declared by the type
/// being decoded nor a Foundation class the archive layer knows is refused with an error
/// naming the class and the key path, before anything is decoded from it.
public protocol KeyedArchivable {
  /// The archived class and its superclasses, most derived first, as `$classes` lists them:
  /// `["President", "NSObject"]`. The first is the class name written and matched.
  static var archivedClassNames: [String] { get }
}
