import Foundation
import KeyedArchive
import PlistKit
import Testing

/// Typedstreams (NSArchiver) inside data, opened by `decodingNestedPlists` as archives are.
@Suite("Typedstreams nested in data")
struct NestedTypedstreamTests {
  /// An NSString "Hi" as a Mac archives it with NSArchiver.
  static let string: [UInt8] =
    [0x04, 0x0B] + Array("streamtyped".utf8) + [0x81, 0xE8, 0x03, 0x84, 0x01, 0x40, 0x84, 0x84, 0x84, 0x08]
    + Array("NSString".utf8) + [0x01, 0x84, 0x84, 0x08] + Array("NSObject".utf8)
    + [0x00, 0x85, 0x84, 0x01, 0x2B, 0x02] + Array("Hi".utf8) + [0x86]

  @Test("a typedstream in data is shown as its plain view, marked typedstream; inside an archive's data too")
  func opened() throws {
    let holder: PropertyList = ["body": .data(Self.string), "list": [.data(Self.string), 3]]
    let result = holder.decodingNestedPlists()
    let marked: PropertyList = ["$nested": "typedstream", "$value": "Hi"]
    #expect(result.value == ["body": marked, "list": [marked, 3]])
    #expect(result.notes == [])
    #expect(result.decodedCount == 1)
  }

  @Test("an NSColor that NSArchiver wrote into Preview's preferences is shown by its colour space and components")
  func previewColor() throws {
    let typedstream = try #require(
      Data(
        base64Encoded:
          "BAtzdHJlYW10eXBlZIHoA4QBQISEhAdOU0NvbG9yAISECE5TT2JqZWN0AIWEAWMBhARmZmZmg/j3dz+DlZSUPoP5+Hg+AYY="))
    let result = (["color": .data([UInt8](typedstream))] as PropertyList).decodingNestedPlists()
    let color: PropertyList = [
      "colorSpace": "calibratedRGB", "red": .real(Double(Float(0.9686274528503418))),
      "green": .real(Double(Float(0.29019609093666077))), "blue": .real(Double(Float(0.24313725531101227))),
      "alpha": 1.0,
    ]
    #expect(result.value == ["color": ["$nested": "typedstream", "$value": color]])
    #expect(result.notes == [])
  }

  @Test("a broken typedstream stays data, with a note naming its byte")
  func broken() throws {
    let holder: PropertyList = ["body": .data(Array(Self.string.dropLast(3)))]
    let result = holder.decodingNestedPlists()
    #expect(result.value == holder)
    #expect(
      result.notes.map(\.description) == [
        "body: 49 bytes of data that start like a typedstream but do not decode (byte 48: a string of 2 bytes, but only 0 are left); left as data"
      ])
  }
}
