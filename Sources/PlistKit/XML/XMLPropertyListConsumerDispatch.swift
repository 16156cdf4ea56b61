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
enum XMLPropertyListConsumerCalls<Consumer: PropertyListEventConsumer>: XMLPropertyListConsumerDispatch {
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
