import Foundation
import KeyedArchive
import PlistKit

/// The shipped samples and small archives built in place.
enum Samples {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: root.appendingPathComponent("Samples/\(name)")))
  }

  static func value(_ name: String) throws -> PropertyList { try PropertyList(bytes: try bytes(name)) }

  static func presidents() throws -> ObjectGraph { try ObjectGraph(bytes: try bytes("Presidents.plist")) }
}

extension ObjectGraph {
  static let president = ClassChain(["President", "NSObject"])
  static let mutableArray = ClassChain(["NSMutableArray", "NSArray", "NSObject"])

  /// The node of `Presidents.index` in a presidents archive.
  func president(_ index: Int) -> Int {
    let array = self[topObject(forKey: "Presidents")!].instance!
    return Int(array.fields["NS.objects"]!.arrayValue![index].uidValue!)
  }

  /// Sets a field of a node to a new string object.
  mutating func setString(_ text: String, field: String, of id: Int) {
    let node = add(.value(.string(text)))
    var instance = self[id].instance!
    instance.fields[field] = .uid(UInt64(node))
    self[id] = .instance(instance)
  }

  /// Edits the NS.objects list of the array at `Presidents`.
  mutating func editPresidents(_ change: (inout [PropertyList]) -> Void) {
    let id = topObject(forKey: "Presidents")!
    var instance = self[id].instance!
    var list = instance.fields["NS.objects"]!.arrayValue!
    change(&list)
    instance.fields["NS.objects"] = .array(list)
    self[id] = .instance(instance)
  }

  /// Adds a President object and returns its id.
  mutating func addPresident(number: Int, name: String, party: String) -> Int {
    let nameNode = add(.value(.string(name)))
    let partyNode = add(.value(.string(party)))
    return add(
      .instance(
        ArchivedInstance(
          classChain: Self.president,
          fields: [
            "President": .integer(number), "Name": .uid(UInt64(nameNode)), "Party": .uid(UInt64(partyNode)),
          ])))
  }

  /// The archive written and read back: `$objects` renumbered as the archiver numbers them.
  func renumbered() throws -> ObjectGraph { try ObjectGraph(archive: try archivedPropertyList()) }

  /// The same graph with its `$objects` in reverse order (node 0 stays first).
  func reversedObjects() throws -> ObjectGraph {
    guard case .dictionary(var archive) = try archivedPropertyList(),
      case .array(let table) = archive["$objects"]!
    else { fatalError("an archive") }
    let count = table.count
    let newIndex: (Int) -> Int = { $0 == 0 ? 0 : count - $0 }
    func remap(_ value: PropertyList) -> PropertyList {
      switch value {
      case .uid(let uid): return .uid(UInt64(newIndex(Int(uid))))
      case .array(let elements): return .array(elements.map(remap))
      case .dictionary(var entries):
        for position in entries.indices { entries.setValue(remap(entries.values[position]), atPosition: position) }
        return .dictionary(entries)
      default: return value
      }
    }
    var reversed = [PropertyList](repeating: "$null", count: count)
    for index in 0..<count { reversed[newIndex(index)] = remap(table[index]) }
    archive["$objects"] = .array(reversed)
    archive["$top"] = remap(archive["$top"]!)
    return try ObjectGraph(archive: .dictionary(archive))
  }
}
