import Foundation

/// The book's `President` as an NSCoding class, to let Foundation's own NSKeyedArchiver and
/// NSKeyedUnarchiver be the peer.
final class FoundationPresident: NSObject, NSSecureCoding {
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

/// A node that can form cycles, archived as `Node`.
final class FoundationNode: NSObject, NSCoding {
  let name: String
  var link: FoundationNode?

  init(name: String) { self.name = name }

  init?(coder: NSCoder) {
    name = (coder.decodeObject(forKey: "name") as? String) ?? ""
    link = coder.decodeObject(forKey: "link") as? FoundationNode
  }

  func encode(with coder: NSCoder) {
    coder.encode(NSString(string: name), forKey: "name")
    coder.encode(link, forKey: "link")
  }
}

/// Archives made and read by Foundation's NSKeyedArchiver and NSKeyedUnarchiver.
enum FoundationArchives {
  /// Archives `object` under `key` with Foundation (binary), `FoundationPresident` written as
  /// `President`.
  static func archive(_ object: Any, forKey key: String = "root") -> [UInt8] {
    let archiver = NSKeyedArchiver(requiringSecureCoding: false)
    NSKeyedArchiver.setClassName("President", for: FoundationPresident.self)
    NSKeyedArchiver.setClassName("Node", for: FoundationNode.self)
    archiver.setClassName("President", for: FoundationPresident.self)
    archiver.setClassName("Node", for: FoundationNode.self)
    archiver.encode(object, forKey: key)
    archiver.finishEncoding()
    return [UInt8](archiver.encodedData)
  }

  /// Decodes the object under `key` with Foundation, `President` read as `FoundationPresident`.
  /// Only for archives this suite trusts: Foundation on Linux crashes on bad ones.
  static func unarchive(_ bytes: [UInt8], forKey key: String = "root") throws -> Any? {
    let unarchiver = try NSKeyedUnarchiver(forReadingFrom: Data(bytes))
    unarchiver.requiresSecureCoding = false
    unarchiver.setClass(FoundationPresident.self, forClassName: "President")
    NSKeyedUnarchiver.setClass(FoundationPresident.self, forClassName: "President")
    defer { unarchiver.finishDecoding() }
    return unarchiver.decodeObject(forKey: key)
  }
}

extension FoundationArchives {
  /// "Hello world" with `bold` on "Hello" and `link` "x" on "world": three runs, the middle one
  /// without attributes.
  static func helloWorld() -> NSMutableAttributedString {
    let text = NSMutableAttributedString(string: "Hello world")
    text.addAttribute(
      NSAttributedString.Key("bold"), value: NSNumber(value: true), range: NSRange(location: 0, length: 5))
    text.addAttribute(
      NSAttributedString.Key("link"), value: NSString(string: "x"), range: NSRange(location: 6, length: 5))
    return text
  }
}
