/// Something that reports one property list as events, from a source of its own (a view of an
/// archive, say) rather than from a document in one of the formats.
package protocol PropertyListEventProducer {
  /// Reports the whole value to `sink`, once; a throw (its own or the sink's) ends it.
  mutating func produce<Sink: PropertyListEventSink>(into sink: inout Sink) throws(PropertyListError)
}

extension PropertyListConverter {
  /// Writes what `producer` reports as ``target`` while it reports it: to `write` in chunks, or
  /// kept whole without it. The bytes are those of the value's own writer, as for a streamed
  /// conversion.
  ///
  /// - Returns: what is left of the output (all of it without `write`), or nil when the value
  ///   cannot be written this way (binary output, sorted keys, a writer or the producer that
  ///   stopped, a failed `write`): what was written is then to be dropped, and the value
  ///   written from its tree instead.
  package func write(
    eventsOf producer: inout some PropertyListEventProducer,
    to write: ((UnsafeRawBufferPointer) throws(PropertyListError) -> Void)?
  ) -> [UInt8]? {
    guard !writingOptions.sortedKeys else { return nil }
    switch target {
    case .xml:
      var writer = XMLPropertyListStreamWriter(options: writingOptions, write: write)
      return Self.run(&producer, into: &writer)
    case .json:
      var writer = JSONPropertyListStreamWriter(options: writingOptions, write: write)
      return Self.run(&producer, into: &writer)
    case .openStep:
      var writer = OpenStepPropertyListStreamWriter(options: writingOptions, write: write)
      return Self.run(&producer, into: &writer)
    case .binary:
      // The binary stream writer needs a bound on the object count before the first object.
      return nil
    }
  }

  private static func run<Writer: StreamWriting>(
    _ producer: inout some PropertyListEventProducer, into writer: inout Writer
  ) -> [UInt8]? {
    do {
      try producer.produce(into: &writer)
      return try writer.finish()
    } catch {
      return nil
    }
  }
}
