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

  /// Class name → required fields, in the order to check them.
  static let fieldShapes: [String: [(String, FieldShape)]] = [
    "NSArray": [("NS.objects", .uidArray)],
    "NSMutableArray": [("NS.objects", .uidArray)],
    "NSSet": [("NS.objects", .uidArray)],
    "NSMutableSet": [("NS.objects", .uidArray)],
    "NSOrderedSet": [("NS.objects", .uidArray)],
    "NSMutableOrderedSet": [("NS.objects", .uidArray)],
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
