import PlistKit

/// The explicit deep copy of decoded objects: the `mutableDeepCopy` of an object graph.
///
/// Values (`PropertyList`, strings, numbers, structs such as the book's models) are already
/// independent copies. What can alias is class instances: ``GenericArchivedObject``s and the
/// containers holding them. The copy keeps the identity structure — an object reached twice
/// is copied once and shared within the copy, a cycle is copied as a cycle — and no object of
/// the copy is an object of the original. Other class instances are not copied (the archive
/// layer cannot know how); copy those through ``KeyedArchiver`` and ``KeyedUnarchiver``.
public struct ArchiveDeepCopy {
  private var copies: [ObjectIdentifier: GenericArchivedObject] = [:]
  /// The deepest nesting copied; deeper values are an error, not a stack overflow.
  public let maximumDepth: Int

  /// Makes a copier; one copier copies values that share objects consistently.
  public init(maximumDepth: Int = 512) { self.maximumDepth = maximumDepth }

  /// A deep copy of `value`: arrays, dictionaries, sets and generic objects are copied, and
  /// objects already copied by this copier are reused.
  public mutating func copy(_ value: Any?) throws(KeyedArchiveError) -> Any? {
    try copy(value, depth: 0)
  }

  /// A deep copy of one object graph.
  public static func copy(_ value: Any?) throws(KeyedArchiveError) -> Any? {
    var copier = ArchiveDeepCopy()
    return try copier.copy(value)
  }

  private mutating func copy(_ value: Any?, depth: Int) throws(KeyedArchiveError) -> Any? {
    guard let value else { return nil }
    guard depth < maximumDepth else {
      throw KeyedArchiveError(.limitExceeded, at: "", "values nested deeper than the limit of \(maximumDepth)")
    }
    switch value {
    case let object as GenericArchivedObject:
      if let existing = copies[ObjectIdentifier(object)] { return existing }
      // Registered before its fields are copied, so that a field leading back finds it.
      let copy = GenericArchivedObject(classChain: object.classChain)
      copies[ObjectIdentifier(object)] = copy
      var fields: [(key: String, value: GenericArchivedObject.Field)] = []
      fields.reserveCapacity(object.fields.count)
      for (key, field) in object.fields { fields.append((key, try copyField(field, depth: depth + 1))) }
      copy.fields = fields
      return copy
    case let orderedSet as ArchivedOrderedSet:
      var elements: [Any] = []
      for element in orderedSet.elements {
        if let copied = try copy(element, depth: depth + 1) { elements.append(copied) }
      }
      return ArchivedOrderedSet(elements)
    case let countedSet as ArchivedCountedSet:
      var entries: [(object: Any, count: Int)] = []
      for (object, count) in countedSet.entries {
        if let copied = try copy(object, depth: depth + 1) { entries.append((copied, count)) }
      }
      return ArchivedCountedSet(entries)
    case let set as Set<AnyHashable>:
      var result = Set<AnyHashable>()
      for element in set {
        if let copied = try copy(element.base, depth: depth + 1) as? AnyHashable { result.insert(copied) }
      }
      return result
    case let dictionary as [AnyHashable: Any]:
      var result: [AnyHashable: Any] = [:]
      for (key, element) in dictionary { result[key] = try copy(element, depth: depth + 1) }
      return result
    case let array as [Any] where type(of: value) != [UInt8].self:
      var result: [Any] = []
      result.reserveCapacity(array.count)
      for element in array {
        if let copied = try copy(element, depth: depth + 1) { result.append(copied) }
      }
      return result
    default:
      return value
    }
  }

  private mutating func copyField(
    _ field: GenericArchivedObject.Field, depth: Int
  ) throws(KeyedArchiveError)
    -> GenericArchivedObject.Field
  {
    switch field {
    case .value: return field
    case .object(let object): return .object(try copy(object, depth: depth))
    case .array(let fields):
      var result: [GenericArchivedObject.Field] = []
      for element in fields { result.append(try copyField(element, depth: depth + 1)) }
      return .array(result)
    case .dictionary(let entries):
      var result: [(key: String, value: GenericArchivedObject.Field)] = []
      for (key, element) in entries { result.append((key, try copyField(element, depth: depth + 1))) }
      return .dictionary(result)
    }
  }
}
