internal import CLibXML2

/// Reporting closed elements to the consumer, holding back a `<dict>` until it is known not to
/// be a keyed-archive reference (`<dict><key>CF$UID</key><integer>n</integer></dict>` with
/// n ≥ 0, which CoreFoundation reads as a UID). Only one dictionary is ever held back: any
/// element that starts inside it settles it first.
extension XMLPropertyListParser {
  /// A container has opened.
  mutating func reportBegin(dictionary: Bool) {
    settleUIDCandidate()
    if dictionary {
      uidCandidate = .opened
    } else {
      consumer.beginArray()
    }
  }

  /// A key has closed; its bytes are in `text`.
  mutating func reportKey() {
    if case .opened = uidCandidate, text.elementsEqual("CF$UID".utf8) {
      uidCandidate = .key
      return
    }
    settleUIDCandidate()
    let proceed = text.withUnsafeBufferPointer { consumer.key($0) }
    if !proceed { stopForConsumer() }
  }

  /// A scalar other than a string has closed.
  mutating func reportScalar(_ value: PropertyList) {
    if case .key = uidCandidate, case .integer(let integer) = value, !integer.isNegative {
      uidCandidate = .value(integer)
      return
    }
    settleUIDCandidate()
    consumer.scalar(value)
  }

  /// The innermost container has closed.
  mutating func reportEnd(dictionary: Bool) {
    guard dictionary else {
      consumer.endArray()
      return
    }
    switch uidCandidate {
    case .none:
      consumer.endDictionary()
    case .opened:
      uidCandidate = .none
      consumer.beginDictionary()
      consumer.endDictionary()
    case .key:
      // A key without a value is an error before any report is made.
      preconditionFailure("a dictionary closed after a key")
    case .value(let integer):
      uidCandidate = .none
      consumer.scalar(.uid(integer.bitPattern))
    }
  }

  /// Reports what a held-back dictionary has received, now that it is an ordinary one.
  mutating func settleUIDCandidate() {
    switch uidCandidate {
    case .none:
      return
    case .opened:
      consumer.beginDictionary()
    case .key:
      consumer.beginDictionary()
      // The first key of its dictionary: never one the dictionary already has.
      Self.withUIDKey { _ = consumer.key($0) }
    case .value(let integer):
      consumer.beginDictionary()
      Self.withUIDKey { _ = consumer.key($0) }
      consumer.scalar(.integer(integer))
    }
    uidCandidate = .none
  }

  /// Stops reading at the consumer's request: libxml2 stops, and every later callback returns
  /// at once as after a failure.
  private mutating func stopForConsumer() {
    stoppedForConsumer = true
    failure = PropertyListError(.syntax, format: .xml, "stopped by the consumer")
    if let context { xmlStopParser(context) }
  }

  private static func withUIDKey(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    let key: StaticString = "CF$UID"
    body(UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
  }
}
