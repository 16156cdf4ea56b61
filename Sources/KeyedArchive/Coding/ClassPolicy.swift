/// Which classes an unarchiver may instantiate: the analogue of NSSecureCoding's allowed
/// classes. The check happens before any instantiation, so a class outside the policy is an
/// error naming the key path, never an object.
///
/// A class is allowed when the type it resolves to (see ``ClassRegistry``) is allowed: by one
/// of the names of its registered chain (allowing `NSArray` allows `NSMutableArray`, as a
/// subclass check does in Foundation) or by its Swift type.
public struct ClassPolicy: Sendable {
  /// Class names allowed; nil allows every registered class.
  public var allowedClassNames: Set<String>?
  /// Swift types allowed besides the names.
  var allowedTypes: Set<ObjectIdentifier>
  /// The allowed Swift types by their archived class name: asking for a type is enough to
  /// decode it, as in Foundation, without registering it first.
  var typeEntries: [String: ClassRegistry.Entry] = [:]
  /// Decode classes with no registered type as ``GenericArchivedObject`` (inert: no code of
  /// the archive's choosing runs). Only takes effect when ``allowedClassNames`` is nil.
  public var allowsUnknownClasses: Bool

  /// Makes a policy.
  public init(allowedClassNames: Set<String>?, allowsUnknownClasses: Bool) {
    self.allowedClassNames = allowedClassNames
    self.allowedTypes = []
    self.allowsUnknownClasses = allowsUnknownClasses
  }

  /// Every registered class, and unknown classes as generic objects: inspect anything.
  public static let permissive = ClassPolicy(allowedClassNames: nil, allowsUnknownClasses: true)
  /// Every registered class; an unknown class is an error.
  public static let registeredOnly = ClassPolicy(allowedClassNames: nil, allowsUnknownClasses: false)

  /// Only these classes (by archived class name, or a superclass name of their registration).
  public static func only(_ classNames: Set<String>) -> ClassPolicy {
    ClassPolicy(allowedClassNames: classNames, allowsUnknownClasses: false)
  }

  /// Only these Swift types, and the given Foundation class names (`NSArray` for an array of
  /// them, `NSString` …).
  public static func only(_ types: [any ArchiveCodable.Type], classNames: Set<String> = []) -> ClassPolicy {
    var policy = ClassPolicy.only(classNames)
    policy.allowedTypes = Set(types.map { ObjectIdentifier($0) })
    for type in types {
      let entry = type.registryEntry
      policy.typeEntries[entry.name] = entry
    }
    return policy
  }

  /// The names inline values stand for: strings, numbers and data stored directly in
  /// `$objects` are NSString, NSNumber and NSData objects.
  static let inlineClassNames: [String] = ["NSString", "NSNumber", "NSData", "NSDate"]

  /// True when `entry` may be instantiated.
  func allows(_ entry: ClassRegistry.Entry) -> Bool {
    guard let allowedClassNames else { return true }
    if let type = entry.typeID, allowedTypes.contains(type) { return true }
    return entry.classChain.contains { allowedClassNames.contains($0) }
  }

  /// True when an inline value standing for `className` may be decoded.
  func allowsInline(_ className: String) -> Bool {
    guard let allowedClassNames else { return true }
    return allowedClassNames.contains(className) || allowedClassNames.contains("NSObject")
  }

  /// The allowed names, for messages.
  var summary: String {
    guard let allowedClassNames else { return "any registered class" }
    return allowedClassNames.isEmpty && allowedTypes.isEmpty
      ? "none" : allowedClassNames.sorted().joined(separator: ", ")
  }
}

extension ArchiveCodable {
  /// The registry entry for this type under its own class name.
  static var registryEntry: ClassRegistry.Entry { ClassRegistry.entry(for: Self.self, name: nil) }
}
