/// The Foundation classes the archive layer knows, and the fields their archives carry.
enum FoundationClass {
  /// What one field of a Foundation object must hold.
  enum FieldShape {
    case uidArray
    case uid
    case real
    case data(size: Int?)
    case stringOrBytes
    case optional

    var expectation: String {
      switch self {
      case .uidArray: "an array of UIDs"
      case .uid: "a UID"
      case .real: "a real"
      case .data(let size?): "\(size) bytes of data"
      case .data(nil): "data"
      case .stringOrBytes: "a string (NS.string) or UTF-8 bytes (NS.bytes)"
      case .optional: "anything"
      }
    }
  }

  /// How an object of a Foundation class lays out what it holds.
  enum Layout {
    /// Named fields, in the order to check them.
    case fields([(String, FieldShape)])
    /// An ordered set's members: `NS.object.0`, `NS.object.1`, … as Foundation writes them, or
    /// an `NS.objects` array (see ``FoundationMembers/orderedSet(_:className:)``).
    case orderedMembers
    /// A counted set's members: `NS.count`, and `NS.objectN` with `NS.countN` for each (see
    /// ``FoundationMembers/countedSet(_:className:)``).
    case countedMembers
  }

  /// Class name → the layout of its objects.
  static let layouts: [String: Layout] = fieldShapes.mapValues { .fields($0) }.merging(
    ["NSOrderedSet": .orderedMembers, "NSMutableOrderedSet": .orderedMembers, "NSCountedSet": .countedMembers]
  ) { _, special in special }

  /// Class name → required fields, in the order to check them.
  private static let fieldShapes: [String: [(String, FieldShape)]] = [
    "NSArray": [("NS.objects", .uidArray)],
    "NSMutableArray": [("NS.objects", .uidArray)],
    "NSSet": [("NS.objects", .uidArray)],
    "NSMutableSet": [("NS.objects", .uidArray)],
    "NSDictionary": [("NS.keys", .uidArray), ("NS.objects", .uidArray)],
    "NSMutableDictionary": [("NS.keys", .uidArray), ("NS.objects", .uidArray)],
    "NSString": [("NS.string", .stringOrBytes)],
    "NSMutableString": [("NS.string", .stringOrBytes)],
    "NSData": [("NS.data", .data(size: nil))],
    "NSMutableData": [("NS.data", .data(size: nil))],
    "NSDate": [("NS.time", .real)],
    "NSUUID": [("NS.uuidbytes", .data(size: 16))],
    "NSURL": [("NS.base", .uid), ("NS.relative", .uid)],
    "NSNull": [],
  ]
}
