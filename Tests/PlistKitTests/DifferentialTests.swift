import Foundation
import Testing

@testable import PlistKit

/// Differential testing: thousands of random values through PlistKit and two independent
/// implementations, Foundation's `PropertyListSerialization` and Python's `plistlib`, in both
/// directions and in both the binary and the XML form.
///
/// Each direction first restricts the value to what that format and that peer can carry
/// (``DifferentialLimits``); everything else must come back equal. `swift test` runs a slice;
/// `PLISTKIT_DIFFERENTIAL_COUNT=10000` (see `scripts/differential.sh`) runs the full set. A
/// failure names its seed and index: `PLISTKIT_DIFFERENTIAL_SEED=S PLISTKIT_DIFFERENTIAL_INDEX=I`
/// replays that one value.
@Suite("Differential: PlistKit against Foundation and plistlib")
struct DifferentialTests {
  /// The formats both peers read and write.
  static let formats: [PropertyListFormat] = [.binary, .xml]

  @Test("PlistKit writes, Foundation reads the same value", arguments: formats)
  func foundationReadsPlistKit(format: PropertyListFormat) throws {
    var tally = DifferentialTally("\(format) PlistKit -> Foundation")
    for (index, original) in DifferentialValues.all {
      guard let value = DifferentialLimits.throughFoundation(original, format: format, foundationWrites: false) else {
        tally.exclude()
        continue
      }
      let bytes = try value.serialized(as: format)
      tally.check(index, value: value) {
        DifferentialDifference.between(
          DifferentialLimits.canonicalNaNs(try FoundationPeer.read(bytes)), DifferentialLimits.canonicalNaNs(value),
          ordered: false)
      }
    }
    tally.finish()
  }

  @Test("Foundation writes, PlistKit reads the same value", arguments: formats)
  func plistKitReadsFoundation(format: PropertyListFormat) throws {
    var tally = DifferentialTally("\(format) Foundation -> PlistKit")
    let foundationFormat: PropertyListSerialization.PropertyListFormat = format == .xml ? .xml : .binary
    for (index, original) in DifferentialValues.all {
      guard let value = DifferentialLimits.throughFoundation(original, format: format, foundationWrites: true) else {
        tally.exclude()
        continue
      }
      let bytes = try FoundationPeer.write(value, format: foundationFormat)
      tally.check(index, value: value) {
        DifferentialDifference.between(
          DifferentialLimits.canonicalNaNs(try PropertyList(bytes: bytes, format: format)),
          DifferentialLimits.canonicalNaNs(value), ordered: false)
      }
    }
    tally.finish()
  }

  /// The run's values restricted to what `plistlib` carries in `format`; the others count as
  /// excluded.
  private static func valuesForPlistlib(
    format: PropertyListFormat, tally: inout DifferentialTally
  ) -> [(index: Int, value: PropertyList)] {
    var sent: [(index: Int, value: PropertyList)] = []
    for (index, original) in DifferentialValues.all {
      guard let value = DifferentialLimits.throughPlistlib(original, format: format) else {
        tally.exclude()
        continue
      }
      sent.append((index, value))
    }
    return sent
  }

  @Test(
    "PlistKit writes, plistlib reads the same value",
    .enabled(if: PythonPeer.isAvailable, "needs python3 with plistlib (.ci/run installs it)"), arguments: formats)
  func plistlibReadsPlistKit(format: PropertyListFormat) throws {
    var tally = DifferentialTally("\(format) PlistKit -> plistlib")
    let sent = Self.valuesForPlistlib(format: format, tally: &tally)
    let results = try PythonPeer.readBatch(try sent.map { try $0.value.serialized(as: format) })
    for ((index, value), result) in zip(sent, results) {
      tally.check(index, value: value) {
        DifferentialDifference.between(try result.get(), DifferentialLimits.asPlistlibObjects(value, format: format))
      }
    }
    tally.finish()
  }

  @Test(
    "plistlib writes, PlistKit reads the same value",
    .enabled(if: PythonPeer.isAvailable, "needs python3 with plistlib (.ci/run installs it)"), arguments: formats)
  func plistKitReadsPlistlib(format: PropertyListFormat) throws {
    var tally = DifferentialTally("\(format) plistlib -> PlistKit")
    let sent = Self.valuesForPlistlib(format: format, tally: &tally)
    let results = try PythonPeer.writeBatch(
      sent.map { DifferentialLimits.asPlistlibObjects($0.value, format: format) },
      format: format == .xml ? "xml" : "binary")
    for ((index, value), result) in zip(sent, results) {
      tally.check(index, value: value) {
        DifferentialDifference.between(
          try PropertyList(bytes: try result.get(), format: format),
          DifferentialLimits.afterPlistlibWrite(value, format: format))
      }
    }
    tally.finish()
  }
}

/// The random values of a run: `PLISTKIT_DIFFERENTIAL_COUNT` of them (500 by default), value
/// `i` made from its own generator seeded from `PLISTKIT_DIFFERENTIAL_SEED` and `i`, so that
/// one index can be replayed alone with `PLISTKIT_DIFFERENTIAL_INDEX`.
enum DifferentialValues {
  static let defaultCount = 500
  static let defaultSeed: UInt64 = 0xD1FF_E2E7

  static var count: Int {
    ProcessInfo.processInfo.environment["PLISTKIT_DIFFERENTIAL_COUNT"].flatMap { Int($0) } ?? defaultCount
  }

  static var seed: UInt64 {
    ProcessInfo.processInfo.environment["PLISTKIT_DIFFERENTIAL_SEED"].flatMap { UInt64($0) } ?? defaultSeed
  }

  /// The indices to run: all of them, or the one to replay.
  static var indices: [Int] {
    if let index = ProcessInfo.processInfo.environment["PLISTKIT_DIFFERENTIAL_INDEX"].flatMap({ Int($0) }) {
      return [index]
    }
    return Array(0..<count)
  }

  /// Value `index` of the run with `seed`.
  static func value(_ index: Int, seed: UInt64 = seed) -> PropertyList {
    var generator = SeededGenerator(seed: seed ^ (UInt64(index) &* 0xA24B_AED4_963E_E407))
    return RandomPropertyList.differential.make(using: &generator)
  }

  /// Every value of the run with its index, made once per test process.
  static let all: [(index: Int, value: PropertyList)] = indices.map { ($0, value($0)) }
}

/// Counts what a direction checked and records each mismatch with what replays it.
struct DifferentialTally {
  let name: String
  private(set) var checked = 0
  private(set) var excluded = 0
  private(set) var failed = 0
  /// More failures than this are counted, not each recorded.
  static let recordedFailures = 10

  init(_ name: String) { self.name = name }

  mutating func exclude() { excluded += 1 }

  /// Runs one comparison: a difference or an error is a failure of value `index`.
  mutating func check(
    _ index: Int, value: PropertyList, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> String?
  ) {
    checked += 1
    let problem: String?
    do {
      problem = try body()
    } catch {
      problem = "\(error)"
    }
    guard let problem else { return }
    failed += 1
    if failed <= Self.recordedFailures {
      let shown = String(describing: value).prefix(300)
      Issue.record(
        "\(name): \(problem) for PLISTKIT_DIFFERENTIAL_SEED=\(DifferentialValues.seed) PLISTKIT_DIFFERENTIAL_INDEX=\(index): \(shown)",
        sourceLocation: sourceLocation)
    }
  }

  /// Prints the figures (`scripts/differential.sh` collects these lines) and fails a run in
  /// which a direction checked too little to mean anything.
  func finish(sourceLocation: SourceLocation = #_sourceLocation) {
    print("differential: \(name): \(checked) checked, \(excluded) excluded, \(failed) failed")
    if DifferentialValues.indices.count >= 100 {
      #expect(
        checked * 4 >= DifferentialValues.indices.count * 3, "\(name) checked too few values",
        sourceLocation: sourceLocation)
    }
  }
}

/// Where two values first differ, to make a failure readable.
enum DifferentialDifference {
  /// nil when `found` equals `expected` (`ordered`: dictionaries' key order too), else the key
  /// path of the first difference and both values there.
  static func between(
    _ found: PropertyList, _ expected: PropertyList, ordered: Bool = true, path: String = "(root)"
  )
    -> String?
  {
    switch (found, expected) {
    case (.array(let a), .array(let b)):
      guard a.count == b.count else { return "\(path): \(a.count) elements, expected \(b.count)" }
      for (position, (x, y)) in zip(a, b).enumerated() {
        if let difference = between(x, y, ordered: ordered, path: "\(path).\(position)") { return difference }
      }
      return nil
    case (.dictionary(let a), .dictionary(let b)):
      if ordered, !a.keys.elementsEqual(b.keys, by: { $0.unicodeScalars.elementsEqual($1.unicodeScalars) }) {
        return "\(path): keys \(debug(a.keys)), expected \(debug(b.keys))"
      }
      guard a.count == b.count else { return "\(path): keys \(debug(a.keys)), expected \(debug(b.keys))" }
      for (key, y) in b {
        guard let x = a[key] else { return "\(path): no key \(debug(key)) in \(debug(a.keys))" }
        if let difference = between(x, y, ordered: ordered, path: "\(path).\(key)") { return difference }
      }
      return nil
    default:
      return found == expected ? nil : "\(path): found \(debug(found)), expected \(debug(expected))"
    }
  }

  private static func debug(_ value: Any) -> String {
    if let value = value as? PropertyList, case .real(let real) = value {
      return "real \(real) (bits \(String(real.bitPattern, radix: 16)))"
    }
    if let value = value as? PropertyList, case .date(let date) = value {
      return "date \(date.secondsSinceReferenceDate) s"
    }
    var text = ""
    debugPrint(value, terminator: "", to: &text)
    return String(text.prefix(300))
  }
}
