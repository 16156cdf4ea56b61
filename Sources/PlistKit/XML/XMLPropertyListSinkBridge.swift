/// The parser's way to its sink. libxml2 calls the parser through C function pointers, which
/// cannot be generic, so the parser is not generic either: it keeps the sink's address and
/// its type, and each event opens the type to call the sink's own method — one call through
/// the sink's witness table, as libxml2's own callbacks are indirect, with nothing to box,
/// copy or retain.
struct XMLPropertyListSinkBridge {
  private let sink: UnsafeMutableRawPointer
  private let sinkType: any PropertyListEventSink.Type

  /// A bridge to the sink at `sink`, which must stay there for the whole parse.
  init<Sink: PropertyListEventSink>(_ sink: UnsafeMutablePointer<Sink>) {
    self.sink = UnsafeMutableRawPointer(sink)
    sinkType = Sink.self
  }

  func beginArray() throws(PropertyListError) { try Self.beginArray(sinkType, sink) }
  func beginDictionary() throws(PropertyListError) { try Self.beginDictionary(sinkType, sink) }
  func key(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) { try Self.key(sinkType, sink, utf8) }
  func string(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) { try Self.string(sinkType, sink, utf8) }
  func scalar(_ value: PropertyList) throws(PropertyListError) { try Self.scalar(sinkType, sink, value) }
  func endArray() throws(PropertyListError) { try Self.endArray(sinkType, sink) }
  func endDictionary() throws(PropertyListError) { try Self.endDictionary(sinkType, sink) }

  private static func beginArray<Sink: PropertyListEventSink>(
    _: Sink.Type, _ sink: UnsafeMutableRawPointer
  ) throws(PropertyListError) {
    try sink.assumingMemoryBound(to: Sink.self).pointee.beginArray()
  }

  private static func beginDictionary<Sink: PropertyListEventSink>(
    _: Sink.Type, _ sink: UnsafeMutableRawPointer
  ) throws(PropertyListError) {
    try sink.assumingMemoryBound(to: Sink.self).pointee.beginDictionary()
  }

  private static func key<Sink: PropertyListEventSink>(
    _: Sink.Type, _ sink: UnsafeMutableRawPointer, _ utf8: UnsafeBufferPointer<UInt8>
  ) throws(PropertyListError) {
    try sink.assumingMemoryBound(to: Sink.self).pointee.key(utf8)
  }

  private static func string<Sink: PropertyListEventSink>(
    _: Sink.Type, _ sink: UnsafeMutableRawPointer, _ utf8: UnsafeBufferPointer<UInt8>
  ) throws(PropertyListError) {
    try sink.assumingMemoryBound(to: Sink.self).pointee.string(utf8)
  }

  private static func scalar<Sink: PropertyListEventSink>(
    _: Sink.Type, _ sink: UnsafeMutableRawPointer, _ value: PropertyList
  ) throws(PropertyListError) {
    try sink.assumingMemoryBound(to: Sink.self).pointee.scalar(value)
  }

  private static func endArray<Sink: PropertyListEventSink>(
    _: Sink.Type, _ sink: UnsafeMutableRawPointer
  ) throws(PropertyListError) {
    try sink.assumingMemoryBound(to: Sink.self).pointee.endArray()
  }

  private static func endDictionary<Sink: PropertyListEventSink>(
    _: Sink.Type, _ sink: UnsafeMutableRawPointer
  ) throws(PropertyListError) {
    try sink.assumingMemoryBound(to: Sink.self).pointee.endDictionary()
  }
}
