import FoundationEssentials
import KeyedArchive
@_spi(PropertyListMap) import PlistKit

/// Which archived classes a ``KeyedArchiveDecoder`` decodes, besides Foundation's.
struct ArchiveClassRules {
  /// Classes allowed whatever type decodes them (`ClassPolicy/allowedClassNames`), or every
  /// class with `ClassPolicy/permissive`.
  var policy = ClassPolicy.only([])
  /// Class name → the type it decodes as, besides the type's own declared name.
  var overrides: [ExactKey: ObjectIdentifier] = [:]
}

/// What only a keyed archive's map has: classes to check, `NSUUID` objects, and cycles (an
/// archive's objects may refer to each other; a value cannot hold a cycle).
extension MapDecodingSource {
  /// Checks that the archived object at `index` (if it is one of a class other than
  /// Foundation's) may be decoded as `type`: the type declares the class (or a superclass the
  /// archive names, or a name it was set for), or the policy allows the class. A nested
  /// container (`type` nil) relies on the policy alone.
  func checkObject(at index: Int, decodedAs type: Any.Type?, _ path: @autoclosure () -> CodingPath) throws {
    guard let chain = archive?.classes[index] else { return }
    let declared = (type as? any KeyedArchivable.Type)?.archivedClassNames.first
    let typeID = type.map { ObjectIdentifier($0) }
    for name in chain.lookupOrder {
      if let declared, name.exactlyEquals(declared) { return }
      if let typeID, rules.classes.overrides[ExactKey(name)] == typeID { return }
    }
    let policy = rules.classes.policy
    if let allowed = policy.allowedClassNames {
      if allowed.contains(chain.className) { return }
    } else if policy.allowsUnknownClasses {
      return
    }
    let reason: String
    if let type {
      reason =
        declared.map { "\(type) stands for \($0)" }
        ?? "\(type) does not declare an archived class (conform it to KeyedArchivable)"
    } else {
      reason = "a nested container reads it without a type that declares it"
    }
    let allowed = (policy.allowedClassNames ?? []).sorted()
    let message =
      "class \(chain) is not allowed here: \(reason); allowed: the Foundation classes"
      + (allowed.isEmpty ? "" : " and " + allowed.joined(separator: ", "))
    let codingPath = path().path
    throw DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: codingPath, debugDescription: Self.describe(codingPath, .none, message),
        underlyingError: KeyedArchiveError(.classNotAllowed, at: codingPath.keyPathDescription, message)))
  }

  /// The UUID of an `NSUUID` laid out at `index`.
  func archivedUUID(at index: Int) -> UUID? {
    guard archive?.uuids.contains(index) == true, map.entries[index].kind == .data else { return nil }
    let bytes = map.withData(Int(map.entries[index].payload)) { [UInt8]($0) }
    guard bytes.count == 16 else { return nil }
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9], bytes[10],
        bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }

  /// Marks the archived object at `index` as being decoded, or throws when it already is: it
  /// refers back to itself through its fields. Only an archive's map shares objects that way.
  func enter(_ index: Int, inside: Bool, path: @autoclosure () -> CodingPath) throws {
    guard archive != nil else { return }
    guard inProgress.insert(index).inserted else { throw cycle(at: index, path()) }
  }

  func leave(_ index: Int, inside: Bool) {
    if archive != nil { inProgress.remove(index) }
  }

  /// The error for an object reached again while it is being decoded.
  private func cycle(at index: Int, _ path: CodingPath) -> DecodingError {
    let what = archive?.classes[index].map { "an object of class \($0.className)" } ?? "an object"
    return .dataCorrupted(
      context(
        path, nil,
        "\(what) refers back to itself through its fields: a value type cannot hold a cycle "
          + "(decode the ObjectGraph instead)"))
  }
}
