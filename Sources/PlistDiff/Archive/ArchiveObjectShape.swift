import KeyedArchive
import PlistKit

/// How an archived object is compared: Foundation collections by what they hold (their
/// elements, their entries by key), other objects by their fields. The content of an object
/// is a plain value in that shape, with every reference replaced by whatever a caller maps
/// node ids to (fingerprints to align, tokens of identity to diff and merge).
enum ArchiveObjectShape: Equatable {
  /// An NSArray or NSOrderedSet: the elements in order (`NS.objects`).
  case list
  /// An NSOrderedSet in Foundation's layout: the elements in order (`NS.object.0`, `NS.object.1`, …).
  case numberedList
  /// An NSSet: the elements in no order (compared sorted by what they map to).
  case set
  /// An NSDictionary with string keys: entries by key (`NS.keys` and `NS.objects`).
  case map
  /// Any other object (an NSCountedSet among them): its fields by key.
  case object

  private static let lists: Set<String> = ["NSArray", "NSMutableArray", "NSOrderedSet", "NSMutableOrderedSet"]
  private static let orderedSets: Set<String> = ["NSOrderedSet", "NSMutableOrderedSet"]
  private static let sets: Set<String> = ["NSSet", "NSMutableSet"]
  private static let maps: Set<String> = ["NSDictionary", "NSMutableDictionary"]

  /// The shape of an instance of `graph`: a collection only when it has a collection's fields
  /// and nothing else (a dictionary only when every key is a different string).
  static func of(_ instance: ArchivedInstance, in graph: ObjectGraph) -> ArchiveObjectShape {
    guard
      let name = instance.classChain.lookupOrder.first(where: {
        lists.contains($0) || sets.contains($0) || maps.contains($0)
      })
    else { return .object }
    let fields = instance.fields
    if orderedSets.contains(name), fields["NS.objects"] == nil {
      guard case .success(let members) = FoundationMembers.orderedSet(fields, className: name),
        members.count == fields.count, members.allSatisfy({ $0.uidValue != nil })
      else { return .object }
      return .numberedList
    }
    guard case .array(let objects)? = fields["NS.objects"], objects.allSatisfy({ $0.uidValue != nil }) else {
      return .object
    }
    if maps.contains(name) {
      guard fields.count == 2, case .array(let keys)? = fields["NS.keys"], keys.count == objects.count else {
        return .object
      }
      var seen: Set<ExactKey> = []
      for key in keys {
        guard let id = key.uidValue.map(Int.init), id < graph.count, case .value(.string(let text)) = graph[id],
          seen.insert(ExactKey(text)).inserted
        else { return .object }
      }
      return .map
    }
    guard fields.count == 1 else { return .object }
    return lists.contains(name) ? .list : .set
  }

  /// The content of `instance` in this shape, references mapped by `reference`.
  func content(
    of instance: ArchivedInstance, in graph: ObjectGraph, reference: (Int) -> PropertyList
  ) -> PropertyList {
    let fields = instance.fields
    switch self {
    case .list:
      return .array(fields["NS.objects"]!.arrayValue!.map { reference(Int($0.uidValue!)) })
    case .numberedList:
      return .array((0..<fields.count).map { reference(Int(fields["NS.object.\($0)"]!.uidValue!)) })
    case .set:
      let elements = fields["NS.objects"]!.arrayValue!.map { reference(Int($0.uidValue!)) }
      return .array(elements.sorted(by: Self.setOrder))
    case .map:
      let keys = fields["NS.keys"]!.arrayValue!
      let objects = fields["NS.objects"]!.arrayValue!
      var entries = PropertyListDictionary()
      for (key, object) in zip(keys, objects) {
        entries[graph[Int(key.uidValue!)].value!.stringValue!] = reference(Int(object.uidValue!))
      }
      return .dictionary(entries)
    case .object:
      var entries = fields
      for position in entries.indices {
        entries.setValue(Self.map(entries.values[position], reference), atPosition: position)
      }
      return .dictionary(entries)
    }
  }

  /// The fields an instance of this shape has for `content` (the inverse of ``content``),
  /// references mapped back by `reference`, new string objects for keys made by `string`.
  func fields(
    for content: PropertyList, reference: (PropertyList) -> PropertyList, string: (String) -> PropertyList
  ) -> PropertyListDictionary {
    switch (self, content) {
    case (.list, .array(let elements)), (.set, .array(let elements)):
      return ["NS.objects": .array(elements.map(reference))]
    case (.numberedList, .array(let elements)):
      return PropertyListDictionary(elements.enumerated().map { ("NS.object.\($0.offset)", reference($0.element)) })
    case (.map, .dictionary(let entries)):
      return ["NS.keys": .array(entries.keys.map(string)), "NS.objects": .array(entries.values.map(reference))]
    case (_, .dictionary(var entries)):
      for position in entries.indices {
        entries.setValue(Self.mapTokens(entries.values[position], reference), atPosition: position)
      }
      return entries
    default:
      // A merge keeps a conflict's placeholder or a side's value where an object's content
      // was; an object needs fields, so a non-dictionary content becomes no fields.
      return PropertyListDictionary()
    }
  }

  /// `value` with every `.uid(id)` replaced by `reference(id)`, at any depth of a field.
  static func map(_ value: PropertyList, _ reference: (Int) -> PropertyList) -> PropertyList {
    mapTokens(value) { reference(Int($0.uidValue!)) }
  }

  /// `value` with every `.uid` token replaced by `reference(token)`.
  static func mapTokens(_ value: PropertyList, _ reference: (PropertyList) -> PropertyList) -> PropertyList {
    switch value {
    case .uid: return reference(value)
    case .array(let elements): return .array(elements.map { mapTokens($0, reference) })
    case .dictionary(var entries):
      for position in entries.indices {
        entries.setValue(mapTokens(entries.values[position], reference), atPosition: position)
      }
      return .dictionary(entries)
    default: return value
    }
  }

  /// Set elements are compared in the order of what they map to (uids by value).
  static func setOrder(_ a: PropertyList, _ b: PropertyList) -> Bool {
    switch (a, b) {
    case (.uid(let x), .uid(let y)): x < y
    case (.uid, _): true
    default: false
    }
  }
}
