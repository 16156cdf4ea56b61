import Testing

@testable import PlistKit

/// `PropertyListEventSink`: what each reader reports, in order, and the vocabulary's promises
/// (well-nested events, sharing, stopping, locations).
@Suite("Event sink")
struct EventSinkTests {
  /// One event, as a recorder keeps it.
  enum Event: Equatable {
    case beginArray, beginDictionary, endArray, endDictionary
    case key(String), string(String), scalar(PropertyList)
    case identify(Int), repeated(Int)
  }

  /// Records every event, and where the locator says each is.
  struct Recorder<Sharing: SharingChoice>: PropertyListEventSink {
    static var takesSharedContainers: Bool { Sharing.takes }
    var events: [Event] = []
    var locations: [PropertyListError.Location] = []
    var locator = PropertyListLocator.none
    /// Throw `stop` at this event (its index), to check that the read stops.
    var stopAt: Int?
    static var stop: PropertyListError { PropertyListError(.invalidValue, "the sink stopped") }

    mutating func start(locator: PropertyListLocator) { self.locator = locator }

    private mutating func record(_ event: Event) throws(PropertyListError) {
      if events.count == stopAt { throw Self.stop }
      events.append(event)
      locations.append(locator.location)
    }

    mutating func beginArray() throws(PropertyListError) { try record(.beginArray) }
    mutating func beginDictionary() throws(PropertyListError) { try record(.beginDictionary) }
    mutating func key(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
      try record(.key(String(decoding: utf8, as: UTF8.self)))
    }
    mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
      try record(.string(String(decoding: utf8, as: UTF8.self)))
    }
    mutating func scalar(_ value: PropertyList) throws(PropertyListError) { try record(.scalar(value)) }
    mutating func endArray() throws(PropertyListError) { try record(.endArray) }
    mutating func endDictionary() throws(PropertyListError) { try record(.endDictionary) }
    mutating func identifyContainer(_ object: Int) { events.append(.identify(object)) }
    mutating func repeatContainer(_ object: Int) throws(PropertyListError) { try record(.repeated(object)) }
  }

  protocol SharingChoice { static var takes: Bool { get } }
  enum Shares: SharingChoice { static var takes: Bool { true } }
  enum Expands: SharingChoice { static var takes: Bool { false } }

  /// The events that describe `value`, as a reader of a file without sharing reports them.
  static func events(of value: PropertyList) -> [Event] {
    switch value {
    case .string(let string): return [.string(string)]
    case .array(let elements): return [.beginArray] + elements.flatMap(events(of:)) + [.endArray]
    case .dictionary(let dictionary):
      return [.beginDictionary] + zip(dictionary.keys, dictionary.values).flatMap { [.key($0)] + events(of: $1) }
        + [.endDictionary]
    default: return [.scalar(value)]
    }
  }

  static func record<Sharing: SharingChoice>(
    _ bytes: [UInt8], _: Sharing.Type = Expands.self, stopAt: Int? = nil,
    options: PropertyListReadingOptions = .default
  ) throws(PropertyListError) -> Recorder<Sharing> {
    var recorder = Recorder<Sharing>(stopAt: stopAt)
    try bytes.withRawBytes { (buffer) throws(PropertyListError) in
      _ = try PropertyList.read(bytes: buffer, options: options, into: &recorder)
    }
    return recorder
  }

  @Test("every reader reports exactly the events of the value it reads")
  func readersAgree() throws {
    var generator = SeededGenerator(seed: 0xE7E4_75)
    for _ in 0..<200 {
      let value = RandomPropertyList.allKinds.make(using: &generator)
      for format in PropertyListFormat.allCases {
        let options = PropertyListWritingOptions(openStepWritesGNUstepScalars: true)
        guard let bytes = try? value.serialized(as: format, options: options) else { continue }
        let read = try PropertyList(bytes: bytes)
        let recorded = try Self.record(bytes).events
        #expect(recorded == Self.events(of: read), "\(format)")
      }
    }
  }

  @Test("a sink that throws stops the read at once, with its error, in every format")
  func sinkStops() throws {
    let value: PropertyList = ["a": [1, "two", ["three": true]], "b": .data([1, 2])]
    for format in PropertyListFormat.allCases {
      let bytes = try value.serialized(
        as: format, options: PropertyListWritingOptions(openStepStringifiesScalars: true))
      let count = try Self.record(bytes).events.count
      for stopAt in [0, 3, count - 1] {
        #expect(throws: Recorder<Expands>.stop, "\(format) at \(stopAt)") { try Self.record(bytes, stopAt: stopAt) }
      }
    }
  }

  @Test("the locator gives each event's place: line and column, or byte offset")
  func locations() throws {
    let xml = Array(XML.document("<dict>\n\t<key>a</key>\n\t<integer>1</integer>\n</dict>").utf8)
    let xmlRecord = try Self.record(xml)
    #expect(xmlRecord.events == [.beginDictionary, .key("a"), .scalar(1), .endDictionary])
    let headerLines = XML.document("").split(separator: "\n", omittingEmptySubsequences: false).count - 1
    #expect(xmlRecord.locations[1] == .text(line: headerLines + 1, column: 2))
    #expect(xmlRecord.locations[2] == .text(line: headerLines + 2, column: 2))
    let json = Array("{\n  \"a\": [1,\n    \"x\"]}".utf8)
    #expect(
      try Self.record(json).locations == [
        .text(line: 1, column: 1), .text(line: 2, column: 3), .text(line: 2, column: 8), .text(line: 2, column: 9),
        .text(line: 3, column: 5), .text(line: 3, column: 8), .text(line: 3, column: 9),
      ])
    let openStep = Array("{ a = (b); }".utf8)
    #expect(
      try Self.record(openStep).locations.prefix(3) == [
        .text(line: 1, column: 1), .text(line: 1, column: 3), .text(line: 1, column: 7),
      ])
    // In a binary plist, an event is located at its object.
    let binary = BinaryPlistBuilder([[0xA2, 1, 2], [0x10, 5], [0x51, UInt8(ascii: "s")]])
    #expect(
      try Self.record(binary.bytes).locations == [
        .byteOffset(binary.offset(of: 0)), .byteOffset(binary.offset(of: 1)), .byteOffset(binary.offset(of: 2)),
        .byteOffset(binary.offset(of: 0)),
      ])
  }

  @Test("a shared container is one repeat for a sink that takes sharing, and in full for one that does not")
  func sharing() throws {
    // [x, x] where x = [1, "s"]: object 1 referenced twice from the top array.
    let shared = BinaryPlistBuilder([[0xA2, 1, 1], [0xA2, 2, 3], [0x10, 1], [0x51, UInt8(ascii: "s")]]).bytes
    let inner: [Event] = [.beginArray, .scalar(1), .string("s"), .endArray]
    #expect(
      try Self.record(shared, Shares.self).events == [.identify(0), .beginArray, .identify(1)] + inner + [
        .repeated(1), .endArray,
      ])
    #expect(try Self.record(shared, Expands.self).events == [.beginArray] + inner + inner + [.endArray])
    #expect(try PropertyList(bytes: shared) == [[1, "s"], [1, "s"]])
  }

  @Test(
    "a sharing bomb is linear for a sink that takes sharing, and refused past the object limit for one that expands it")
  func sharingBomb() throws {
    // Object i is an array holding object i + 1 twice: 2^40 values when written out.
    var objects: [[UInt8]] = (0..<40).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
    objects.append([0x09])
    let bomb = BinaryPlistBuilder(objects).bytes
    let recorder = try Self.record(bomb, Shares.self)
    #expect(recorder.events.filter { $0 == .beginArray }.count == 40)
    let limited = PropertyListReadingOptions(limits: PropertyListLimits(maximumObjectCount: 10_000))
    let events = try Self.record(bomb, Shares.self, options: limited).events
    #expect(
      events.count == 40 + 40 + 40 + 39 + 2, "each array identified, begun, ended; all but one repeat; the leaf twice")
    #expect {
      try Self.record(bomb, Expands.self, options: limited)
    } throws: { error in
      let error = error as? PropertyListError
      return error?.kind == .limitExceeded && error?.message.contains("more than 10000 values") == true
    }
  }

  @Test("a container inside itself is the same error whatever the sink")
  func cycle() throws {
    let cycle = BinaryPlistBuilder([[0xA1, 1], [0xA1, 0]]).bytes
    let expected = try #require(
      Result { () throws(PropertyListError) in try PropertyList(bytes: cycle) }.failureForTests)
    #expect(expected.message.contains("contains itself"))
    #expect(throws: expected) { try Self.record(cycle, Shares.self) }
    #expect(throws: expected) { try Self.record(cycle, Expands.self) }
  }
}

extension Result {
  /// The error, if any.
  var failureForTests: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
