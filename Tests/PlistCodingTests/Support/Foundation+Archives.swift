import Foundation

/// The book's `President` as an NSSecureCoding class, so that Foundation's own archiver and
/// unarchiver can be the peer.
final class NSPresident: NSObject, NSSecureCoding {
  static var supportsSecureCoding: Bool { true }

  let number: Int
  let name: String
  let fromYear: String
  let toYear: String
  let party: String

  init(number: Int, name: String, fromYear: String, toYear: String, party: String) {
    self.number = number
    self.name = name
    self.fromYear = fromYear
    self.toYear = toYear
    self.party = party
  }

  init?(coder: NSCoder) {
    number = coder.decodeInteger(forKey: "President")
    name = coder.decodeObject(of: NSString.self, forKey: "Name").map { String($0) } ?? ""
    fromYear = coder.decodeObject(of: NSString.self, forKey: "FromYear").map { String($0) } ?? ""
    toYear = coder.decodeObject(of: NSString.self, forKey: "ToYear").map { String($0) } ?? ""
    party = coder.decodeObject(of: NSString.self, forKey: "Party").map { String($0) } ?? ""
  }

  func encode(with coder: NSCoder) {
    coder.encode(number, forKey: "President")
    coder.encode(NSString(string: name), forKey: "Name")
    coder.encode(NSString(string: fromYear), forKey: "FromYear")
    coder.encode(NSString(string: toYear), forKey: "ToYear")
    coder.encode(NSString(string: party), forKey: "Party")
  }
}

/// A node that can form cycles.
final class NSNode: NSObject, NSCoding {
  let name: String
  var link: NSNode?

  init(name: String) { self.name = name }

  init?(coder: NSCoder) {
    name = (coder.decodeObject(forKey: "name") as? String) ?? ""
    link = coder.decodeObject(forKey: "link") as? NSNode
  }

  func encode(with coder: NSCoder) {
    coder.encode(NSString(string: name), forKey: "name")
    coder.encode(link, forKey: "link")
  }
}

/// Foundation's NSKeyedArchiver and NSKeyedUnarchiver, for archives this suite trusts
/// (Foundation on Linux crashes on bad ones).
enum FoundationArchives {
  static func archive(_ object: Any, forKey key: String = "root") -> [UInt8] {
    let archiver = NSKeyedArchiver(requiringSecureCoding: false)
    archiver.encode(object, forKey: key)
    archiver.finishEncoding()
    return [UInt8](archiver.encodedData)
  }

  /// Decodes with `President` read as ``NSPresident``.
  static func unarchive(_ bytes: [UInt8], forKey key: String = "root") throws -> Any? {
    let unarchiver = try NSKeyedUnarchiver(forReadingFrom: Data(bytes))
    unarchiver.requiresSecureCoding = false
    unarchiver.setClass(NSPresident.self, forClassName: "President")
    defer { unarchiver.finishDecoding() }
    return unarchiver.decodeObject(forKey: key)
  }
}

/// The project's `Samples/` folder.
enum Samples {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  static func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: root + "/Samples/" + name)))
  }
}
