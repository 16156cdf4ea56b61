/// An `NSUUID`: 16 bytes, archived as `NS.uuidbytes`.
public struct ArchivedUUID: Sendable, Hashable, CustomStringConvertible {
  /// The 16 bytes, in network order.
  public var bytes: [UInt8]

  /// Makes a UUID from its 16 bytes.
  public init(bytes: [UInt8]) {
    precondition(bytes.count == 16, "a UUID has 16 bytes")
    self.bytes = bytes
  }

  /// Parses `E621E1F8-C36C-495A-93FC-0C247A3E6E5F` (either case); nil for anything else.
  public init?(uuidString: String) {
    var bytes: [UInt8] = []
    var high: UInt8?
    for (offset, unit) in uuidString.utf8.enumerated() {
      if [8, 13, 18, 23].contains(offset) {
        guard unit == UInt8(ascii: "-") else { return nil }
        continue
      }
      let digit: UInt8
      switch unit {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = unit - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = unit - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = unit - UInt8(ascii: "A") + 10
      default: return nil
      }
      if let first = high {
        bytes.append(first << 4 | digit)
        high = nil
      } else {
        high = digit
      }
    }
    guard uuidString.utf8.count == 36, bytes.count == 16 else { return nil }
    self.bytes = bytes
  }

  /// The canonical upper-case form Foundation prints.
  public var uuidString: String {
    let digits = Array("0123456789ABCDEF".utf8)
    var text: [UInt8] = []
    for (position, byte) in bytes.enumerated() {
      if [4, 6, 8, 10].contains(position) { text.append(UInt8(ascii: "-")) }
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0xF)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// ``uuidString``.
  public var description: String { uuidString }
}
