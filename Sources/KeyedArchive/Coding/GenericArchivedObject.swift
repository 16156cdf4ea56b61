import PlistKit

/// An object of a class with no registered type: its class chain and its fields, with the
/// objects it refers to decoded. Any archive can so be decoded, inspected and encoded again.
///
/// A class, so that sharing and cycles survive decoding: the object exists before its fields
/// are decoded, and a field may refer back to it.
public final class GenericArchivedObject {
  /// The class as archived.
  public var classChain: ClassChain
  /// The fields in archive order.
  public var fields: [(key: String, value: Field)]

  /// A field: an inline value, a reference, or an array or dictionary holding references.
  public enum Field {
    /// A value stored inline (a number, a string, data); contains no references.
    case value(PropertyList)
    /// A reference to an object (nil for `$null`).
    case object(Any?)
    /// An inline array with references (`NS.objects` of a class that is not NSArray).
    case array([Field])
    /// An inline dictionary with references.
    case dictionary([(key: String, value: Field)])
  }

  /// Makes an object.
  public init(classChain: ClassChain, fields: [(key: String, value: Field)] = []) {
    self.classChain = classChain
    self.fields = fields
  }

  /// The field named `key`.
  public subscript(key: String) -> Field? {
    fields.first { $0.key.exactlyEquals(key) }?.value
  }
}
