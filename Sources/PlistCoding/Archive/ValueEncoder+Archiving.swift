import FoundationEssentials
import PlistKit

/// What an archive needs to know about the type that made a node, beyond the node itself.
extension ValueEncoder {
  /// Marks `node`, just encoded from `value`, with the archived form of `value`'s type.
  func annotate<T: Encodable>(_ node: Int32, for value: T) throws {
    let kind = arena.nodes[Int(node)].kind
    if let archivable = T.self as? any KeyedArchivable.Type {
      let names = archivable.archivedClassNames
      guard kind == .dictionary, !names.isEmpty else {
        throw EncodingError.invalidValue(
          value,
          EncodingError.Context(
            codingPath: pathNode.path,
            debugDescription:
              "\(pathNode.path.keyPathDescription): \(T.self) is KeyedArchivable, so it must encode a keyed container "
              + "(its fields) and name at least one class"))
      }
      arena.mark(node, as: .object, classChain: names)
    } else if let dictionary = value as? any ArchivableDictionary {
      arena.mark(
        node,
        as: kind == .array ? .dictionaryOfPairs : type(of: dictionary).hasIntegerKeys ? .integerKeyed : .dictionary)
    } else if value is any ArchivableSet {
      arena.mark(node, as: .set)
    } else if T.self == UUID.self {
      let uuid = unsafeBitCast(value, to: UUID.self).uuid
      arena.replace(node, with: arena.add(data: withUnsafeBytes(of: uuid) { Data($0) }))
      arena.mark(node, as: .uuid)
    } else if T.self == URL.self {
      arena.mark(node, as: .url)
    }
  }
}

/// Swift dictionaries, which an archive writes as `NSDictionary`.
protocol ArchivableDictionary {
  /// True for `Int` keys, which Foundation archives as numbers.
  static var hasIntegerKeys: Bool { get }
}

extension Dictionary: ArchivableDictionary {
  static var hasIntegerKeys: Bool { Key.self == Int.self }
}

/// Swift sets, which an archive writes as `NSSet`.
protocol ArchivableSet {}

extension Set: ArchivableSet {}
