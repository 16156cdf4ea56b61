internal import CLibXML2

/// Reporting closed elements to the sink, holding back a `<dict>` until it is known not to be a
/// keyed-archive reference (`<dict><key>CF$UID</key><integer>n</integer></dict>` with n ≥ 0,
/// which CoreFoundation reads as a UID). Only one dictionary is ever held back: any element
/// that starts inside it settles it first.
extension XMLPropertyListParser {
  /// A container has opened.
  mutating func reportBegin(dictionary: Bool) {
    settleUIDCandidate()
    eventStart = nil
    if dictionary {
      uidCandidate = .opened
    } else {
      report { (sink) throws(PropertyListError) in try sink.beginArray() }
    }
  }

  /// A key has closed; its bytes are in `text`.
  mutating func reportKey(at start: XMLPosition) {
    if case .opened = uidCandidate, text.elementsEqual("CF$UID".utf8) {
      uidCandidate = .key
      return
    }
    settleUIDCandidate()
    eventStart = start
    reportText { (sink, utf8) throws(PropertyListError) in try sink.key(utf8) }
  }

  /// A string has closed; its bytes are in `text`.
  mutating func reportString(at start: XMLPosition) {
    settleUIDCandidate()
    eventStart = start
    reportText { (sink, utf8) throws(PropertyListError) in try sink.string(utf8) }
  }

  /// A scalar other than a string has closed.
  mutating func reportScalar(_ value: PropertyList, at start: XMLPosition) {
    if case .key = uidCandidate, case .integer(let integer) = value, !integer.isNegative {
      uidCandidate = .value(integer)
      return
    }
    settleUIDCandidate()
    eventStart = start
    report { (sink) throws(PropertyListError) in try sink.scalar(value) }
  }

  /// The innermost container has closed.
  mutating func reportEnd(dictionary: Bool) {
    eventStart = nil
    guard dictionary else {
      report { (sink) throws(PropertyListError) in try sink.endArray() }
      return
    }
    switch uidCandidate {
    case .none:
      report { (sink) throws(PropertyListError) in try sink.endDictionary() }
    case .opened:
      uidCandidate = .none
      report { (sink) throws(PropertyListError) in
        try sink.beginDictionary()
        try sink.endDictionary()
      }
    case .key:
      // A key without a value is an error before any event is reported.
      preconditionFailure("a dictionary closed after a key")
    case .value(let integer):
      uidCandidate = .none
      report { (sink) throws(PropertyListError) in try sink.scalar(.uid(integer.bitPattern)) }
    }
  }

  /// Reports what a held-back dictionary has received, now that it is an ordinary one.
  @inline(__always)
  mutating func settleUIDCandidate() {
    if case .none = uidCandidate { return }
    reportHeldDictionary()
  }

  /// Reports the held-back dictionary's events so far.
  private mutating func reportHeldDictionary() {
    let held = uidCandidate
    uidCandidate = .none
    report { (sink) throws(PropertyListError) in
      try sink.beginDictionary()
      if case .opened = held { return }
      try Self.withUIDKey { (key) throws(PropertyListError) in try sink.key(key) }
      if case .value(let integer) = held { try sink.scalar(.integer(integer)) }
    }
  }

  /// Hands events to the sink; when it throws, the parse stops with its error.
  private mutating func report(_ events: (XMLPropertyListSinkBridge) throws(PropertyListError) -> Void) {
    guard !sinkStopped else { return }
    do {
      try events(sink)
    } catch {
      stop(for: error)
    }
  }

  /// Hands `text` to the sink, as ``report(_:)`` does.
  private mutating func reportText(
    _ event: (XMLPropertyListSinkBridge, UnsafeBufferPointer<UInt8>) throws(PropertyListError) -> Void
  ) {
    guard !sinkStopped else { return }
    let sink = self.sink
    let thrown = text.withUnsafeBufferPointer { (utf8) -> PropertyListError? in
      do throws(PropertyListError) {
        try event(sink, utf8)
        return nil
      } catch {
        return error
      }
    }
    if let thrown { stop(for: thrown) }
  }

  /// Stops reading because the sink threw: libxml2 stops, and every later callback returns at
  /// once as after a failure.
  private mutating func stop(for error: PropertyListError) {
    sinkStopped = true
    sinkFailure = error
    failure = error
    if let context { xmlStopParser(context) }
  }

  /// Where the value of the event being reported starts, for the sink's locator: the scalar's
  /// start tag, or the tag libxml2 has just read.
  func eventPosition() -> PropertyListLocator.Position {
    let position = eventStart ?? tagStartPosition ?? currentPosition ?? XMLPosition(line: 0, column: 0)
    return PropertyListLocator.pack(line: position.line, column: position.column)
  }

  private static func withUIDKey(
    _ body: (UnsafeBufferPointer<UInt8>) throws(PropertyListError) -> Void
  ) throws(PropertyListError) {
    let key: StaticString = "CF$UID"
    try body(UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
  }
}
