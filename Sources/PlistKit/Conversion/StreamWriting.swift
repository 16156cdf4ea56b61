/// What the converter needs of the four stream writers besides their events: why one stopped,
/// and its end.
protocol StreamWriting: PropertyListEventSink {
  /// Why the writer stopped the read (see the writer's description), or nil while it writes.
  var stopReason: PropertyListConverter.Fallback? { get }
  /// Where the output goes, and whether handing it on failed.
  var destination: StreamWriterOutput { get }
  /// Ends the output after the top-level value and hands the rest on; returns what is left in
  /// memory (all of the output when the writer hands nothing on).
  ///
  /// - Precondition: the top-level value has ended, and the writer did not stop.
  mutating func finish() throws(PropertyListError) -> [UInt8]
  /// The values plain JSON wrote as strings (none for the other formats).
  var plainJSONLosses: PlainJSONLosses { get }
}

extension StreamWriting {
  var plainJSONLosses: PlainJSONLosses { PlainJSONLosses() }
}

extension JSONPropertyListStreamWriter {
  var plainJSONLosses: PlainJSONLosses { output.losses }
}

extension XMLPropertyListStreamWriter: StreamWriting {}
extension BinaryPropertyListStreamWriter: StreamWriting {}
extension JSONPropertyListStreamWriter: StreamWriting {}
extension OpenStepPropertyListStreamWriter: StreamWriting {}
