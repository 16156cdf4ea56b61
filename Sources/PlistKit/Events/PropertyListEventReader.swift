/// A reader that reports a document as events: its tree is what those events build, so the
/// readers share one way to make a ``PropertyList`` of them instead of each spelling it out.
protocol PropertyListEventReader {
  /// Reads one property list into `sink` (each reader's public `read(_:into:)`).
  func read<Sink: PropertyListEventSink>(
    _ bytes: UnsafeRawBufferPointer, into sink: inout Sink
  ) throws(PropertyListError)
}

extension PropertyListEventReader {
  /// The value the events of `bytes` describe, built by ``PropertyListTreeBuilder``.
  func readTree(_ bytes: UnsafeRawBufferPointer) throws(PropertyListError) -> PropertyList {
    try PropertyListTreeBuilder.value { (builder) throws(PropertyListError) in try read(bytes, into: &builder) }
  }
}
