/// A stream writer of a text form (XML, JSON, OpenStep): a text form writes a shared value out
/// in full at each place, so the writers answer a binary plist's repeated objects alike. A
/// repeated array or dictionary stops the read, and so does a long repeated string or data, so
/// that the value path can weigh the whole output before any of it is written.
package protocol TextStreamWriter: PropertyListEventSink {
  /// The checks the writer makes as the events come.
  var checks: StreamWriterChecks { get set }
}

extension TextStreamWriter {
  /// Why the writer stopped the read, or nil while it writes.
  package var stopReason: PropertyListConverter.Fallback? { checks.stopReason }

  package static var takesSharedContainers: Bool { true }

  package mutating func repeatContainer(_ object: Int) throws(PropertyListError) { try checks.stop(.sharedContainer) }

  package mutating func repeatString(_ object: Int, length: Int) throws(PropertyListError) -> Bool {
    try checks.checkRepeated(size: length)
  }

  package mutating func repeatData(_ object: Int, length: Int) throws(PropertyListError) -> Bool {
    try checks.checkRepeated(size: length)
  }
}
