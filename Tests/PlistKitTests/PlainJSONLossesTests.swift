import Foundation
import PlistKit
import Testing

/// What plain JSON writes as strings is counted the same way on every route: the value writer,
/// writing while reading from memory and from a file, and the converter's fallback.
@Suite("plain JSON losses")
struct PlainJSONLossesTests {
  /// Counts the dates, data and non-finite reals in `value` at each place they appear.
  private static func expectedLosses(_ value: PropertyList) -> PlainJSONLosses {
    var losses = PlainJSONLosses()
    var pending = [value]
    while let next = pending.popLast() {
      switch next {
      case .date: losses.dates += 1
      case .data: losses.data += 1
      case .real(let real) where !real.isFinite: losses.nonFiniteReals += 1
      case .array(let elements): pending.append(contentsOf: elements)
      case .dictionary(let dictionary): pending.append(contentsOf: dictionary.values)
      default: break
      }
    }
    return losses
  }

  @Test("the report counts each date, data and NaN or infinity written as a string")
  func counts() throws {
    let value: PropertyList = [
      "when": .date(PropertyListDate(secondsSinceReferenceDate: 0)), "bytes": .data([1, 2]),
      "list": [.real(.nan), .real(.infinity), .real(1.5), .data([]), "text", .uid(3)],
    ]
    let xml = try value.serialized(as: .xml)
    let report = try PropertyListConverter(to: .json).convert(input: xml)
    var expected = PlainJSONLosses()
    expected.dates = 1
    expected.data = 2
    expected.nonFiniteReals = 2
    #expect(report.losses == expected)
    #expect(report.report.fallback == nil)
    var typed = PropertyListConverter(to: .json)
    typed.writingOptions.jsonStyle = .typed
    #expect(try typed.convert(input: xml).losses.isEmpty)
    #expect(try PropertyListConverter(to: .binary).convert(input: xml).losses.isEmpty)
  }

  @Test("every route reports the same losses for random values (seeded)")
  func routesAgree() throws {
    var generator = SeededGenerator(seed: 0x4A53_4F4E)
    let random = RandomPropertyList.allKinds
    var sortedKeys = PropertyListConverter(to: .json)
    sortedKeys.writingOptions.sortedKeys = true  // never written while reading
    var compared = 0
    var lossy = 0
    for index in 0..<200 {
      let value = random.make(using: &generator)
      let expected = Self.expectedLosses(value)
      for format in [PropertyListFormat.xml, .binary] {
        guard let bytes = try? value.serialized(as: format) else { continue }
        // A value plain JSON cannot hold (a NaN date) fails on both routes.
        let streamed = try? PropertyListConverter(to: .json).convert(input: bytes)
        let whole = try? sortedKeys.convert(input: bytes)
        #expect((streamed == nil) == (whole == nil), "case \(index), \(format)")
        guard let streamed, let whole else { continue }
        #expect(streamed.losses == expected, "case \(index), \(format), streamed")
        #expect(whole.losses == expected, "case \(index), \(format), value path")
        compared += 1
        if !expected.isEmpty { lossy += 1 }
        #expect(whole.report.fallback == .notStreamable, "case \(index)")
      }
    }
    // The run compares most values, and many of them lose types.
    #expect(compared >= 300 && lossy >= 100, "\(compared) compared, \(lossy) with losses")
  }

  @Test("an XML file read in chunks, into a file or an array, reports the same losses")
  func fromFile() throws {
    let folder = "/tmp/plistkit-losses-\(getpid())"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let value: PropertyList = [
      "a": [.date(PropertyListDate(secondsSinceReferenceDate: 1)), .data([0])], "b": .real(-.infinity),
    ]
    let path = folder + "/in.plist"
    try PropertyListFile.writeAtomically(try value.serialized(as: .xml), to: path)
    let converter = PropertyListConverter(to: .json)
    let intoFile = try converter.convert(.file(path), toFile: folder + "/out.json")
    var output: [UInt8] = []
    let intoArray = try converter.convert(.file(path), into: &output)
    #expect(intoFile.fallback == nil)
    #expect(intoFile.plainJSONLosses == Self.expectedLosses(value))
    #expect(intoArray.plainJSONLosses == Self.expectedLosses(value))
  }
}

extension PropertyListConverter {
  /// Converts `bytes` in memory into an array, returning the report and its losses.
  fileprivate func convert(input bytes: [UInt8]) throws -> (report: Report, losses: PlainJSONLosses) {
    var output: [UInt8] = []
    let report = try bytes.withUnsafeBytes { try convert($0, into: &output) }
    return (report, report.plainJSONLosses)
  }
}
