internal import CLibXML2

/// The state of one XML read. libxml2 drives it through SAX2 callbacks (see
/// `XMLPropertyListParser+SAX.swift`) that reach it through a pointer (a struct behind a
/// pointer needs no exclusivity checks on every access, as a class would). It checks what may
/// appear where and turns each closed element into an event for its sink (see
/// ``PropertyListEventSink``): there is no DOM, and nesting lives in an explicit stack, so no
/// input can make it recurse.
struct XMLPropertyListParser {
  /// An open `<array>` or `<dict>`.
  struct Container {
    /// True for `<dict>`, false for `<array>`.
    let isDictionary: Bool
    /// True in a dictionary between a key and the end of its value.
    var awaitsValue = false
  }

  /// The element of text content being read (`<string>`, `<integer>`…), and where its tag starts.
  struct OpenScalar {
    let element: XMLElementName
    let line: Int
    let column: Int
  }

  /// How far a `<dict>` that may be a keyed-archive reference (`CF$UID`) has got. Its events
  /// are held back until it is known not to be one, so that sinks never see it.
  enum UIDCandidate {
    /// No dictionary is held back.
    case none
    /// A `<dict>` has opened, nothing more.
    case opened
    /// Its first key is `CF$UID`.
    case key
    /// Its first key is `CF$UID` and the value a non-negative integer.
    case value(PropertyListInteger)
  }

  let limits: PropertyListLimits
  /// The libxml2 parser, set once it exists; the source of line and column numbers.
  var context: xmlParserCtxtPtr?
  /// What the document's structure is reported to.
  let sink: XMLPropertyListSinkBridge
  /// Where the value of the event being reported starts, when the parser has it at hand (a
  /// scalar's start tag); nil to work it out from libxml2's position if a sink asks.
  var eventStart: XMLPosition?

  var containers: [Container] = []
  var openScalar: OpenScalar?
  /// The text of the open scalar element, as UTF-8 (libxml2 has already checked and
  /// converted the encoding and replaced the predefined entities).
  var text: [UInt8] = []
  /// The key read last, for messages about its missing value.
  var pendingKey: [UInt8] = []
  var uidCandidate = UIDCandidate.none
  /// True between `<plist>` and `</plist>`.
  var insidePlist = false
  /// True once the top-level value has closed.
  var hasRoot = false

  var objectCount = 0
  var decodedSize = 0

  /// Where libxml2 reads from; asked whether the input is blank when it finds no element.
  var source: UnsafeMutablePointer<XMLInputSource>?

  /// True once a control character has been taken into a `<string>` or `<key>` (see
  /// ``acceptControlCharacter(_:)``): libxml2 then counts the document as not well-formed,
  /// and the reader knows why.
  var acceptedControlCharacter = false

  /// What the sink threw to stop the read (`failure` is then set only to silence callbacks).
  var sinkFailure: PropertyListError?
  /// True once the sink has thrown (quicker to test than `sinkFailure`).
  var sinkStopped = false

  /// The first problem found; once set, libxml2 is stopped and every callback returns at once.
  var failure: PropertyListError? {
    didSet { flags = failure != nil ? flags | Self.failedFlag : flags & ~Self.failedFlag }
  }
  /// What every callback tests first, in one byte, as one load where the optional error is a
  /// copy of its payload: ``hasFailed`` and ``isPassingControlCharacter``.
  private(set) var flags: UInt8 = 0
  private static let failedFlag: UInt8 = 1
  private static let passingFlag: UInt8 = 2

  /// True once ``failure`` is set.
  var hasFailed: Bool { flags & Self.failedFlag != 0 }

  /// True from accepting a control character to libxml2's next callback: libxml2's recovery
  /// flag is set for that one error, so that it goes on parsing after it.
  var isPassingControlCharacter: Bool {
    get { flags & Self.passingFlag != 0 }
    set { flags = newValue ? flags | Self.passingFlag : flags & ~Self.passingFlag }
  }

  /// For a callback whose ``flags`` are not clear: false when the parse has failed (the
  /// callback returns), else ends the passing of a control character and returns true.
  mutating func proceeds() -> Bool {
    guard !hasFailed else { return false }
    endControlCharacter()
    return true
  }

  init(limits: PropertyListLimits, sink: XMLPropertyListSinkBridge) {
    self.limits = limits
    self.sink = sink
  }

  /// Records the first failure and, unless `stopping` is false, stops libxml2. (Stopping it
  /// from inside its input conversion makes it read freed input: there the failure is only
  /// recorded, and libxml2 ends the parse itself after the bad bytes.)
  mutating func fail(
    _ kind: PropertyListError.Kind, at position: XMLPosition?, _ message: String, stopping: Bool = true
  ) {
    guard !hasFailed else { return }
    let location: PropertyListError.Location =
      position.map { .text(line: $0.line, column: $0.column) } ?? .none
    failure = PropertyListError(kind, format: .xml, at: location, message)
    if stopping, let context { xmlStopParser(context) }
  }
}
