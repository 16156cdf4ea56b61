import FoundationEssentials
import KeyedArchive
import PlistKit

/// Turns an encoded value into the objects of a keyed archive, as `NSKeyedArchiver` would
/// archive the Foundation objects that stand for it.
struct ArchiveGraphBuilder {
  let arena: EncodingArena
  let mutableCollections: Bool
  var graph = ObjectGraph()

  /// A reference to the object that stands for `node` (strings, numbers and data are objects
  /// stored in `$objects` themselves; `$null` is the null reference).
  mutating func reference(_ node: Int32) -> PropertyList {
    let value = arena.nodes[Int(node)]
    switch value.kind {
    case .null: return .uid(UInt64(ObjectGraph.nullID))
    case .string: return add(.value(.string(arena.strings[Int(value.payload)])))
    case .date:
      return add(instance(["NSDate", "NSObject"], ["NS.time": .real(Double(bitPattern: value.payload))]))
    case .data where value.form == ArchivedForm.uuid.rawValue:
      return add(instance(["NSUUID", "NSObject"], ["NS.uuidbytes": .data([UInt8](arena.data[Int(value.payload)]))]))
    case .array:
      let children = arena.children(of: node)
      switch ArchivedForm(rawValue: value.form) {
      case .set?:
        return add(collection("NSSet", ["NS.objects": .array(sortedElements(children).map { reference($0) })]))
      case .dictionaryOfPairs?:
        let pairs = stride(from: 0, to: children.count - 1, by: 2).map { (children[$0], children[$0 + 1]) }
        let sorted = pairs.sorted { precedes($0.0, $1.0) }
        return add(
          collection(
            "NSDictionary",
            ["NS.keys": .array(sorted.map { reference($0.0) }), "NS.objects": .array(sorted.map { reference($0.1) })]))
      default:
        return add(collection("NSArray", ["NS.objects": .array(children.map { reference($0) })]))
      }
    case .dictionary:
      return dictionaryReference(node, form: ArchivedForm(rawValue: value.form) ?? .plain)
    default:
      return add(.value(arena.propertyList(node)))
    }
  }

  private mutating func dictionaryReference(_ node: Int32, form: ArchivedForm) -> PropertyList {
    var children = arena.children(of: node)
    switch form {
    case .object:
      var fields = PropertyListDictionary()
      for child in children { fields[arena.key(of: child)] = field(child) }
      return add(
        .instance(
          ArchivedInstance(
            classChain: ClassChain(arena.classChain(of: node)), fields: fields)))
    case .url:
      let relative = children.first { arena.key(of: $0) == "relative" }.map { reference($0) } ?? .uid(0)
      let base = children.first { arena.key(of: $0) == "base" }.map { reference($0) } ?? .uid(0)
      return add(instance(["NSURL", "NSObject"], ["NS.base": base, "NS.relative": relative]))
    case .integerKeyed:
      children.sort { (Int(arena.key(of: $0)) ?? 0) < (Int(arena.key(of: $1)) ?? 0) }
      let keys = children.map { child -> PropertyList in
        Int(arena.key(of: child)).map { add(.value(.integer($0))) } ?? add(.value(.string(arena.key(of: child))))
      }
      return add(
        collection("NSDictionary", ["NS.keys": .array(keys), "NS.objects": .array(children.map { reference($0) })]))
    default:
      // A Swift dictionary iterates in no fixed order: sort it. A type's keys keep their order.
      if form == .dictionary {
        children.sort { arena.key(of: $0).utf8.lexicographicallyPrecedes(arena.key(of: $1).utf8) }
      }
      let keys = children.map { add(.value(.string(arena.key(of: $0)))) }
      return add(
        collection("NSDictionary", ["NS.keys": .array(keys), "NS.objects": .array(children.map { reference($0) })]))
    }
  }

  /// The field value an object stores for `node`: numbers and booleans in the field itself,
  /// as `NSCoder`'s `encodeInteger`, `encodeDouble` and `encodeBool` store them; anything else
  /// a reference.
  private mutating func field(_ node: Int32) -> PropertyList {
    switch arena.nodes[Int(node)].kind {
    case .integer, .largeInteger, .real, .boolean: arena.propertyList(node)
    default: reference(node)
    }
  }

  private mutating func add(_ object: ArchivedObject) -> PropertyList { .uid(UInt64(graph.add(object))) }

  private func instance(_ chain: [String], _ fields: PropertyListDictionary) -> ArchivedObject {
    .instance(ArchivedInstance(classChain: ClassChain(chain), fields: fields))
  }

  /// An NSArray, NSSet or NSDictionary, or its mutable subclass.
  private func collection(_ base: String, _ fields: PropertyListDictionary) -> ArchivedObject {
    let chain = mutableCollections ? ["NSMutable" + base.dropFirst(2), base, "NSObject"] : [base, "NSObject"]
    return instance(chain, fields)
  }

  /// A set's elements in a fixed order.
  private func sortedElements(_ elements: [Int32]) -> [Int32] {
    elements.sorted { precedes($0, $1) }
  }

  /// A total order on encoded values, so that sets and dictionaries with keys of any type
  /// are archived the same way every run: by kind, then by value (strings by their UTF-8
  /// bytes, containers by their size and then their elements).
  private func precedes(_ left: Int32, _ right: Int32) -> Bool {
    let a = arena.nodes[Int(left)]
    let b = arena.nodes[Int(right)]
    if a.kind != b.kind { return a.kind.rawValue < b.kind.rawValue }
    switch a.kind {
    case .string:
      return arena.strings[Int(a.payload)].utf8.lexicographicallyPrecedes(arena.strings[Int(b.payload)].utf8)
    case .integer: return Int64(bitPattern: a.payload) < Int64(bitPattern: b.payload)
    case .real, .date: return Double(bitPattern: a.payload) < Double(bitPattern: b.payload)
    case .data: return arena.data[Int(a.payload)].lexicographicallyPrecedes(arena.data[Int(b.payload)])
    case .array, .dictionary:
      let leftChildren = arena.children(of: left)
      let rightChildren = arena.children(of: right)
      if leftChildren.count != rightChildren.count { return leftChildren.count < rightChildren.count }
      for (x, y) in zip(leftChildren, rightChildren) {
        if precedes(x, y) { return true }
        if precedes(y, x) { return false }
      }
      return false
    default: return a.payload < b.payload
    }
  }
}
