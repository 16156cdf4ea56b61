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
    text.withUnsafeBufferPointer { consumer.key($0) }
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
      Self.withUIDKey { consumer.key($0) }
    case .value(let integer):
      consumer.beginDictionary()
      Self.withUIDKey { consumer.key($0) }
      consumer.scalar(.integer(integer))
    }
    uidCandidate = .none
  }

  private static func withUIDKey(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    let key: StaticString = "CF$UID"
    body(UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
  }
}
