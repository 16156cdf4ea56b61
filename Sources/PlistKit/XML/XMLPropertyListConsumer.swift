/// What an XML property list says, in document order: the parser checks the document and
/// reports its structure here, and a consumer turns it into something — a value tree
/// (``XMLValueTreeBuilder``) or another format written as the document goes by.
///
/// The reports always form one well-nested value: containers open and close in order, a
/// dictionary alternates keys and values, and nothing follows the top-level value. Keys and
/// strings arrive as UTF-8 that libxml2 has already checked and decoded (entities replaced,
/// line ends normalized); the bytes are only valid during the call. A `<dict>` that is a
/// keyed-archive reference (its only entry `CF$UID` with a non-negative integer) arrives as one
/// ``PropertyList/uid(_:)`` scalar, never as a dictionary.
///
/// After the parser fails, what a consumer has received is incomplete and must be dropped. A
/// consumer may also stop the read itself (see ``key(_:)``), and then knows it is incomplete.
protocol XMLPropertyListConsumer {
  /// An `<array>` opens; its elements follow until ``endArray()``.
  mutating func beginArray()
  /// A `<dict>` opens; keys and their values follow until ``endDictionary()``.
  mutating func beginDictionary()
  /// A dictionary key; its value comes next. Returns false to stop reading: a stream writer
  /// that meets a key its dictionary already has cannot write that dictionary as the value
  /// holds it, and nothing after it matters.
  mutating func key(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool
  /// A `<string>` value.
  mutating func string(_ utf8: UnsafeBufferPointer<UInt8>)
  /// Any other scalar: an integer, real, boolean, date, data or UID.
  mutating func scalar(_ value: PropertyList)
  /// The innermost open array closes.
  mutating func endArray()
  /// The innermost open dictionary closes.
  mutating func endDictionary()
}

/// Reaches a consumer of any type from the parser, which is not generic (libxml2's callbacks
/// are C functions and cannot be). The parser keeps the consumer behind a pointer and calls
/// these through the consumer type's metatype: one indirect call per report, with no
/// existential box to check for uniqueness on every mutation.
protocol XMLPropertyListConsumerDispatch {
  static func beginArray(_ consumer: UnsafeMutableRawPointer)
  static func beginDictionary(_ consumer: UnsafeMutableRawPointer)
  static func key(_ consumer: UnsafeMutableRawPointer, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool
  static func string(_ consumer: UnsafeMutableRawPointer, _ utf8: UnsafeBufferPointer<UInt8>)
  static func scalar(_ consumer: UnsafeMutableRawPointer, _ value: PropertyList)
  static func endArray(_ consumer: UnsafeMutableRawPointer)
  static func endDictionary(_ consumer: UnsafeMutableRawPointer)
}

/// The dispatch for consumers of type `Consumer`.
enum XMLPropertyListConsumerCalls<Consumer: XMLPropertyListConsumer>: XMLPropertyListConsumerDispatch {
  static func beginArray(_ consumer: UnsafeMutableRawPointer) { bound(consumer).pointee.beginArray() }
  static func beginDictionary(_ consumer: UnsafeMutableRawPointer) { bound(consumer).pointee.beginDictionary() }
  static func key(_ consumer: UnsafeMutableRawPointer, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    bound(consumer).pointee.key(utf8)
  }
  static func string(_ consumer: UnsafeMutableRawPointer, _ utf8: UnsafeBufferPointer<UInt8>) {
    bound(consumer).pointee.string(utf8)
  }
  static func scalar(_ consumer: UnsafeMutableRawPointer, _ value: PropertyList) {
    bound(consumer).pointee.scalar(value)
  }
  static func endArray(_ consumer: UnsafeMutableRawPointer) { bound(consumer).pointee.endArray() }
  static func endDictionary(_ consumer: UnsafeMutableRawPointer) { bound(consumer).pointee.endDictionary() }

  @inline(__always)
  private static func bound(_ consumer: UnsafeMutableRawPointer) -> UnsafeMutablePointer<Consumer> {
    consumer.assumingMemoryBound(to: Consumer.self)
  }
}

/// The parser's handle on its consumer.
struct XMLPropertyListConsumerReference {
  let pointer: UnsafeMutableRawPointer
  let calls: any XMLPropertyListConsumerDispatch.Type

  func beginArray() { calls.beginArray(pointer) }
  func beginDictionary() { calls.beginDictionary(pointer) }
  func key(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool { calls.key(pointer, utf8) }
  func string(_ utf8: UnsafeBufferPointer<UInt8>) { calls.string(pointer, utf8) }
  func scalar(_ value: PropertyList) { calls.scalar(pointer, value) }
  func endArray() { calls.endArray(pointer) }
  func endDictionary() { calls.endDictionary(pointer) }
}
