/// Builders for the hostile inputs: each is made here, byte by byte, rather than shipped, so
/// that the test says exactly what is wrong with it.
enum HostileFiles {
  static let xmlHeader = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"

  /// A binary plist from raw object bytes, with a trailer that may lie.
  static func binary(
    _ objects: [[UInt8]], top: UInt64 = 0, referenceSize: UInt8 = 1, offsetSize: UInt8 = 1,
    objectCount: UInt64? = nil, offsetTableOffset: UInt64? = nil
  ) -> [UInt8] {
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
      offsets.append(bytes.count)
      bytes += object
    }
    let table = bytes.count
    for offset in offsets { bytes += bigEndian(UInt64(offset), width: Int(offsetSize)) }
    bytes += [0, 0, 0, 0, 0, 0, offsetSize, referenceSize]
    bytes += bigEndian(objectCount ?? UInt64(objects.count), width: 8)
    bytes += bigEndian(top, width: 8)
    bytes += bigEndian(offsetTableOffset ?? UInt64(table), width: 8)
    return bytes
  }

  /// A chain of `depth` one-element arrays, each holding the next (4-byte references).
  static func deepBinary(depth: Int) -> [UInt8] {
    var objects: [[UInt8]] = []
    for index in 0..<depth {
      objects.append(index < depth - 1 ? [0xA1] + bigEndian(UInt64(index + 1), width: 4) : [0xA0])
    }
    return binary(objects, referenceSize: 4, offsetSize: 4)
  }

  /// A "DAG bomb": `levels` arrays, each holding the next twice, over the string "leaf"; a few
  /// hundred bytes that are 2^levels places once the sharing is written out.
  static func doublingBomb(levels: Int) -> [UInt8] {
    let arrays: [[UInt8]] = (0..<levels).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
    return binary(arrays + [[0x54] + Array("leaf".utf8)])
  }

  static func bigEndian(_ value: UInt64, width: Int) -> [UInt8] {
    (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
  }

  /// The classic billion laughs: ten levels of ten references each.
  static var billionLaughs: String {
    var declarations = "<!ENTITY a \"aaaaaaaaaa\">\n"
    for level in 1..<10 {
      let previous = Character(UnicodeScalar(UInt8(96 + level)))
      let name = Character(UnicodeScalar(UInt8(97 + level)))
      declarations += "<!ENTITY \(name) \"\(String(repeating: "&\(previous);", count: 10))\">\n"
    }
    return xmlHeader + "<!DOCTYPE plist [\n\(declarations)]>\n<plist><string>&j;</string></plist>\n"
  }

  /// One large entity referenced many times (quadratic blowup).
  static var quadraticBlowup: String {
    xmlHeader + "<!DOCTYPE plist [<!ENTITY a \"\(String(repeating: "x", count: 50_000))\">]>\n<plist><array>"
      + String(repeating: "<string>&a;</string>", count: 5_000) + "</array></plist>\n"
  }

  static func externalEntity(_ system: String) -> String {
    xmlHeader + "<!DOCTYPE plist [<!ENTITY x SYSTEM \"\(system)\">]>\n<plist><string>&x;</string></plist>\n"
  }
}
