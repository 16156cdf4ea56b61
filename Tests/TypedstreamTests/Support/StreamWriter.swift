/// Writes typedstreams byte by byte, as NSArchiver lays them out, for the tests' own fixtures:
/// shared strings and classes are written once and referred to after, and every reference
/// number (objects, classes, C strings) is counted in one table as the format numbers them.
struct StreamWriter {
  private(set) var bytes: [UInt8]
  let bigEndian: Bool
  private var sharedStrings: [[UInt8]: Int] = [:]
  private var classes: [String: Int] = [:]
  private var cStrings: [[UInt8]: Int] = [:]
  private var referenceCount = 0

  /// A header with `streamtyped` (little-endian) or `typedstream` (big-endian).
  init(bigEndian: Bool = false, systemVersion: UInt64 = 1000) {
    self.bigEndian = bigEndian
    bytes = [4, 11] + Array((bigEndian ? "typedstream" : "streamtyped").utf8)
    unsigned(systemVersion)
  }

  mutating func raw(_ more: [UInt8]) { bytes += more }

  private mutating func fixed(_ value: UInt64, count: Int) {
    for index in 0..<count {
      let shift = UInt64(8 * (bigEndian ? count - 1 - index : index))
      bytes.append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }

  /// A signed integer in the fewest bytes the format allows.
  mutating func integer(_ value: Int64) {
    if value >= -110 && value <= 127 {
      bytes.append(UInt8(bitPattern: Int8(value)))
    } else if value >= Int64(Int16.min) && value <= Int64(Int16.max) {
      bytes.append(0x81)
      fixed(UInt64(bitPattern: value), count: 2)
    } else {
      bytes.append(0x82)
      fixed(UInt64(bitPattern: value), count: 4)
    }
  }

  /// An unsigned integer in the fewest bytes the format allows.
  mutating func unsigned(_ value: UInt64) {
    if value <= 0x7F || (value >= 0x92 && value <= 0xFF) {
      bytes.append(UInt8(value))
    } else if value <= 0xFFFF {
      bytes.append(0x81)
      fixed(value, count: 2)
    } else {
      bytes.append(0x82)
      fixed(value, count: 4)
    }
  }

  mutating func float(_ value: Float) {
    bytes.append(0x83)
    fixed(UInt64(value.bitPattern), count: 4)
  }

  mutating func double(_ value: Double) {
    bytes.append(0x83)
    fixed(value.bitPattern, count: 8)
  }

  /// A length and bytes.
  mutating func unsharedString(_ text: [UInt8]) {
    unsigned(UInt64(text.count))
    bytes += text
  }

  /// A string of the shared table: new the first time, a reference after.
  mutating func sharedString(_ text: [UInt8]) {
    if let index = sharedStrings[text] {
      integer(Int64(index) - 110)
    } else {
      bytes.append(0x84)
      unsharedString(text)
      sharedStrings[text] = sharedStrings.count
    }
  }

  /// A group's type encoding.
  mutating func encoding(_ text: String) { sharedString(Array(text.utf8)) }

  mutating func nilValue() { bytes.append(0x85) }

  /// A C string (`*`): new the first time, a reference after.
  mutating func cString(_ text: String) {
    let utf8 = Array(text.utf8)
    if let number = cStrings[utf8] {
      integer(Int64(number) - 110)
    } else {
      bytes.append(0x84)
      sharedString(utf8)
      cStrings[utf8] = referenceCount
      referenceCount += 1
    }
  }

  /// A class chain, the class first: new classes until nil or one written before.
  mutating func classChain(_ chain: [(String, Int64)]) {
    var fresh: [String] = []
    for (name, version) in chain {
      if let number = classes[name] {
        integer(Int64(number) - 110)
        register(fresh)
        return
      }
      bytes.append(0x84)
      sharedString(Array(name.utf8))
      integer(version)
      fresh.append(name)
    }
    nilValue()
    register(fresh)
  }

  private mutating func register(_ fresh: [String]) {
    for name in fresh {
      classes[name] = referenceCount
      referenceCount += 1
    }
  }

  /// Starts an object: its number, then its classes. Returns the object's number.
  @discardableResult
  mutating func beginObject(_ chain: [(String, Int64)]) -> Int {
    bytes.append(0x84)
    let number = referenceCount
    referenceCount += 1
    classChain(chain)
    return number
  }

  mutating func endObject() { bytes.append(0x86) }

  /// A reference to an object written before.
  mutating func objectReference(_ number: Int) { integer(Int64(number) - 110) }
}

/// The class chains of Foundation's and AppKit's classes, as macOS writes them.
enum Chains {
  static let object: [(String, Int64)] = [("NSObject", 0)]
  static let string: [(String, Int64)] = [("NSString", 1), ("NSObject", 0)]
  static let mutableString: [(String, Int64)] = [("NSMutableString", 1), ("NSString", 1), ("NSObject", 0)]
  static let attributedString: [(String, Int64)] = [("NSAttributedString", 0), ("NSObject", 0)]
  static let mutableAttributedString: [(String, Int64)] = [
    ("NSMutableAttributedString", 0), ("NSAttributedString", 0), ("NSObject", 0),
  ]
  static let dictionary: [(String, Int64)] = [("NSDictionary", 0), ("NSObject", 0)]
  static let mutableDictionary: [(String, Int64)] = [("NSMutableDictionary", 0), ("NSDictionary", 0), ("NSObject", 0)]
  static let array: [(String, Int64)] = [("NSArray", 0), ("NSObject", 0)]
  static let mutableArray: [(String, Int64)] = [("NSMutableArray", 0), ("NSArray", 0), ("NSObject", 0)]
  static let number: [(String, Int64)] = [("NSNumber", 0), ("NSValue", 0), ("NSObject", 0)]
  static let value: [(String, Int64)] = [("NSValue", 0), ("NSObject", 0)]
  static let data: [(String, Int64)] = [("NSData", 0), ("NSObject", 0)]
  static let mutableData: [(String, Int64)] = [("NSMutableData", 0), ("NSData", 0), ("NSObject", 0)]
  static let date: [(String, Int64)] = [("NSDate", 0), ("NSObject", 0)]
  static let url: [(String, Int64)] = [("NSURL", 0), ("NSObject", 0)]
  static let color: [(String, Int64)] = [("NSColor", 0), ("NSObject", 0)]
  static let font: [(String, Int64)] = [("NSFont", 30), ("NSObject", 0)]
}

extension StreamWriter {
  /// An `NSString` (or `NSMutableString`) object, as a value of a `@` group already begun.
  mutating func stringObject(_ text: String, mutable: Bool = false) {
    beginObject(mutable ? Chains.mutableString : Chains.string)
    encoding("+")
    unsharedString(Array(text.utf8))
    endObject()
  }

  /// An `NSNumber` object holding one value of the C type `type`.
  mutating func numberObject(_ type: String, _ write: (inout StreamWriter) -> Void) {
    beginObject(Chains.number)
    encoding("*")
    cString(type)
    encoding(type)
    write(&self)
    endObject()
  }

  /// An iMessage `attributedBody`: a mutable attributed string of `text` with one run of
  /// `__kIMMessagePartAttributeName` = 0, as Messages writes a plain message.
  static func attributedBody(_ text: String, bigEndian: Bool = false) -> [UInt8] {
    var writer = StreamWriter(bigEndian: bigEndian)
    writer.encoding("@")
    writer.beginObject(Chains.mutableAttributedString)
    writer.encoding("@")
    writer.stringObject(text, mutable: true)
    writer.encoding("iI")
    writer.integer(1)
    writer.unsigned(UInt64(text.utf16.count))
    writer.encoding("@")
    writer.beginObject(Chains.dictionary)
    writer.encoding("i")
    writer.integer(1)
    writer.encoding("@")
    writer.stringObject("__kIMMessagePartAttributeName")
    writer.encoding("@")
    writer.numberObject("i") { $0.integer(0) }
    writer.endObject()
    writer.endObject()
    return writer.bytes
  }
}
