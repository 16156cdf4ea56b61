import Foundation
import Testing

@testable import PlistKit

@Suite("OpenStep writer")
struct OpenStepWriterTests {
  static func text(
    _ value: PropertyList, _ options: PropertyListWritingOptions = .default
  ) throws(PropertyListError)
    -> String
  {
    String(decoding: try value.serialized(as: .openStep, options: options), as: UTF8.self)
  }

  static let sample: PropertyList = [
    "name": "Abraham Lincoln", "party": "Republican", "path": "/usr/bin:x.y-z_$",
    "list": ["a", "", ["nested"], [:], []], "data": .data([0x0F, 0xBD, 0x7A, 0x00, 0x11]),
    "odd \"key\"": "tab\there\nand \\ back", "plus": "a+b", "comment-like": "a//b", "café": "😀",
    "control": "\u{1}\u{7F}",
  ]

  @Test("the pretty form: tabs, one entry per line, commas after array elements")
  func pretty() throws {
    #expect(
      try Self.text(Self.sample) == """
        {
        \tname = "Abraham Lincoln";
        \tparty = Republican;
        \tpath = /usr/bin:x.y-z_$;
        \tlist = (
        \t\ta,
        \t\t"",
        \t\t(
        \t\t\tnested,
        \t\t),
        \t\t{},
        \t\t(),
        \t);
        \tdata = <0fbd7a00 11>;
        \t"odd \\"key\\"" = "tab\\there\\nand \\\\ back";
        \tplus = "a+b";
        \tcomment-like = "a//b";
        \t"café" = "😀";
        \tcontrol = "\\001\\177";
        }

        """)
  }

  @Test("the compact form, and sorted keys")
  func compact() throws {
    let value: PropertyList = ["b": ["x", "y"], "a": ["k": "v"], "c": .data([1])]
    #expect(try Self.text(value, .init(prettyPrinted: false)) == "{b = (x, y); a = {k = v;}; c = <01>;}")
    #expect(
      try Self.text(value, .init(prettyPrinted: false, sortedKeys: true)) == "{a = {k = v;}; b = (x, y); c = <01>;}")
  }

  @Test("scalars OpenStep cannot hold fail with their key path")
  func notRepresentable() {
    let cases: [(PropertyList, String, String)] = [
      (["Presidents": [["President": 1]]], "Presidents.0.President", "an integer"),
      (["a.b": [1.5]], "a\\.b.0", "a real"),
      ([true], "0", "a boolean"),
      (["d": .date(PropertyListDate(secondsSinceReferenceDate: 0))], "d", "a date"),
      (.uid(1), "", "a UID"),
    ]
    for (value, path, kind) in cases {
      #expect(
        throws: PropertyListError(
          .notRepresentable, format: .openStep, at: .keyPath(path), "\(kind) has no OpenStep form",
          remedy: .openStepStringifiesScalars)
      ) {
        try Self.text(value)
      }
    }
    // The remedy is an option a caller names in its own terms; the description names the
    // library's.
    let error = PropertyListError(
      .notRepresentable, format: .openStep, at: .keyPath("Presidents.0.President"), "an integer has no OpenStep form",
      remedy: .openStepStringifiesScalars)
    #expect(error.message == "an integer has no OpenStep form")
    #expect(
      error.description
        == "Presidents.0.President: an integer has no OpenStep form; use openStepStringifiesScalars to write it as a string"
    )
  }

  @Test("a string alone is always quoted, so that it is not taken for JSON")
  func topLevelString() throws {
    #expect(try Self.text("123") == "\"123\"\n")
    #expect(try Self.text(["123"], .init(prettyPrinted: false)) == "(123)")
    #expect(try PropertyList(bytes: try PropertyList.string("true").serialized(as: .openStep)) == "true")
  }

  @Test("openStepStringifiesScalars writes them as strings")
  func stringified() throws {
    let value: PropertyList = [
      1, .integer(UInt64.max), 1.5, .real(.nan), true, false, .date(PropertyListDate(secondsSinceReferenceDate: 0)),
      .uid(7),
    ]
    #expect(
      try Self.text(value, .init(prettyPrinted: false, openStepStringifiesScalars: true))
        == "(1, 18446744073709551615, 1.5, NaN, YES, NO, 2001-01-01T00:00:00Z, 7)")
  }

  @Test(
    "plutil reads what the writer writes as the same value",
    .enabled(if: Plutil.isAvailable, "needs the toolchain's plutil"))
  func plutilReadsOutput() throws {
    for pretty in [true, false] {
      let bytes = try Self.sample.serialized(as: .openStep, options: .init(prettyPrinted: pretty))
      #expect(try Plutil.read(bytes) == Self.sample)
    }
  }

  @Test("1,000 random property lists of strings, data, arrays and dictionaries survive OpenStep exactly")
  func randomRoundTrip() throws {
    var generator = SeededGenerator(seed: 0x09E7_57E9)
    for iteration in 0..<1_000 {
      let value = RandomPropertyList.openStepKinds.make(using: &generator)
      let options = PropertyListWritingOptions(prettyPrinted: iteration % 2 == 0)
      let bytes = try value.serialized(as: .openStep, options: options)
      let back = try PropertyList(bytes: bytes, format: .openStep)
      #expect(back.isIdentical(to: value), "iteration \(iteration): \(String(decoding: bytes, as: UTF8.self))")
      // Detection may take a lone quoted string for JSON: it must read the same either way.
      let detected = try PropertyList(bytes: bytes)
      #expect(
        detected.isIdentical(to: value), "iteration \(iteration) detected as \(PropertyListFormat.detect(bytes)!)")
      if !back.isIdentical(to: value) || !detected.isIdentical(to: value) { break }
    }
  }

  @Test("Foundation reads random OpenStep output as the same value")
  func foundationReadsRandom() throws {
    var generator = SeededGenerator(seed: 77)
    var checked = 0
    for _ in 0..<300 {
      let value = RandomPropertyList.openStepKinds.make(using: &generator)
      // Foundation on Linux merges canonically equivalent keys: such values prove nothing.
      guard !Self.hasEquivalentKeys(value) else { continue }
      let bytes = try value.serialized(as: .openStep)
      #expect(try FoundationPeer.read(bytes) == value, "\(String(decoding: bytes, as: UTF8.self))")
      checked += 1
    }
    #expect(checked > 200)
  }

  static func hasEquivalentKeys(_ value: PropertyList) -> Bool {
    switch value {
    case .array(let array): return array.contains(where: hasEquivalentKeys)
    case .dictionary(let dictionary):
      return Set(dictionary.keys).count != dictionary.count || dictionary.values.contains(where: hasEquivalentKeys)
    default: return false
    }
  }

  @Test("GNUstep's typed values are written on request and read back exactly")
  func gnustepScalars() throws {
    let options = PropertyListWritingOptions(prettyPrinted: false, openStepWritesGNUstepScalars: true)
    let value: PropertyList = [
      "i": 42, "big": .integer(UInt64.max), "neg": -7, "r": 1.5, "tiny": .real(.leastNonzeroMagnitude),
      "inf": .real(-.infinity),
      "nan": .real(-Double(nan: 5, signaling: false)), "yes": true, "no": false,
      "d": .date(PropertyListDate(secondsSinceReferenceDate: 86_400)),
    ]
    let bytes = try value.serialized(as: .openStep, options: options)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == "{i = <*I42>; big = <*I18446744073709551615>; neg = <*I-7>; r = <*R1.5>; tiny = <*R5e-324>; "
        + "inf = <*R-inf>; nan = <*R-nan(0x5)>; yes = <*BY>; no = <*BN>; d = <*D2001-01-02 00:00:00 +0000>;}")
    #expect(try PropertyList(bytes: bytes, format: .openStep).isIdentical(to: value))
  }

  @Test("NaNs whose debugDescription does not read back are written as their bits, and read back exactly")
  func gnustepNaNBits() throws {
    // Found by the route tests: `snan(0x1)` was written for two different NaNs, and read back as
    // neither (`Double(_:)` does not read it); `nan(0x1)` lost the bit below the quiet bit.
    let options = PropertyListWritingOptions(prettyPrinted: false, openStepWritesGNUstepScalars: true)
    let cases: [(UInt64, String)] = [
      (0x7FF0_0000_0000_0001, "<*RNaN:0x7ff0000000000001>"), (0x7FF4_0000_0000_0001, "<*RNaN:0x7ff4000000000001>"),
      (0xFFF4_0000_0000_0005, "<*RNaN:0xfff4000000000005>"), (0x7FFC_0000_0000_0001, "<*RNaN:0x7ffc000000000001>"),
      (0xFFF8_0000_0000_0005, "<*R-nan(0x5)>"), (0x7FF8_0000_0000_0000, "<*Rnan>"),
    ]
    for (bits, text) in cases {
      let value = PropertyList.real(Double(bitPattern: bits))
      let bytes = try value.serialized(as: .openStep, options: options)
      #expect(String(decoding: bytes, as: UTF8.self) == text)
      #expect(try PropertyList(bytes: bytes, format: .openStep).realValue?.bitPattern == bits, "\(text)")
    }
  }

  @Test("a date of +0.0 seconds takes GNUstep's form and reads back with its sign; -0.0 has none")
  func gnustepSignedZeroDates() throws {
    let options = PropertyListWritingOptions(prettyPrinted: false, openStepWritesGNUstepScalars: true)
    let zero = PropertyList.date(PropertyListDate(secondsSinceReferenceDate: 0.0))
    let bytes = try zero.serialized(as: .openStep, options: options)
    #expect(String(decoding: bytes, as: UTF8.self) == "<*D2001-01-01 00:00:00 +0000>")
    let read = try PropertyList(bytes: bytes, format: .openStep)
    #expect(read.isIdentical(to: zero))
    #expect(read.dateValue?.secondsSinceReferenceDate.sign == .plus)
    #expect(throws: PropertyListError.self) {
      try PropertyList.date(PropertyListDate(secondsSinceReferenceDate: -0.0)).serialized(
        as: .openStep, options: options)
    }
  }

  @Test(
    "Values with no GNUstep form are refused, or stringified when asked",
    arguments: [
      (PropertyList.uid(3), "a UID", "3"),
      (.date(PropertyListDate(secondsSinceReferenceDate: 0.5)), "a date", "2001-01-01T00:00:00Z"),
      (.date(PropertyListDate(secondsSinceReferenceDate: 1e12)), "a date", "33689-09-27T01:46:40Z"),
      // `<*D2001-01-01 00:00:00 +0000>` would read back as +0.0 (found by the route tests).
      (.date(PropertyListDate(secondsSinceReferenceDate: -0.0)), "a date", "2001-01-01T00:00:00Z"),
    ])
  func noGNUstepForm(value: PropertyList, kind: String, text: String) throws {
    let refusing = PropertyListWritingOptions(openStepWritesGNUstepScalars: true)
    #expect {
      try PropertyList.array([value]).serialized(as: .openStep, options: refusing)
    } throws: { error in
      (error as? PropertyListError)?.message == "\(kind) has no OpenStep form"
        && (error as? PropertyListError)?.remedy == .openStepStringifiesScalars
    }
    let stringifying = PropertyListWritingOptions(
      prettyPrinted: false, openStepStringifiesScalars: true, openStepWritesGNUstepScalars: true)
    let written = try PropertyList.array([value]).serialized(as: .openStep, options: stringifying)
    #expect(try PropertyList(bytes: written, format: .openStep) == .array([.string(text)]))
  }
}
