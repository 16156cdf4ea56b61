import PlistKit
import Typedstream

extension ObjectGraph {
  /// Writes the plain view (``plainView(options:limits:)``) of the keyed archive in `bytes`
  /// with `converter`'s target and writing options, straight from a binary plist's object
  /// table: the file is checked by the binary reader and read entry by entry, and each object
  /// is written when the view reaches it, so that memory holds the file and a few numbers per
  /// object rather than the archive's value, its graph, the view and the output.
  ///
  /// The bytes written are those of serializing ``plainView(options:limits:)``.
  ///
  /// - Parameter write: where the output goes in chunks; nil keeps it all for the result.
  /// - Returns: what is left of the output (all of it without `write`), or nil when the view
  ///   is not written this way: the input is not a binary plist, or is not a valid archive,
  ///   or its view cannot be streamed into the target (see
  ///   ``PropertyListConverter/write(eventsOf:to:)``). What was written is then to be dropped;
  ///   reading the value and its graph gives the output or the error.
  package static func writePlainView(
    ofBinaryArchive bytes: UnsafeRawBufferPointer, fileName: String?, options: PlainViewOptions = .default,
    limits: ArchiveLimits = .default, readingOptions: PropertyListReadingOptions = .default,
    with converter: PropertyListConverter,
    to write: ((UnsafeRawBufferPointer) throws(PropertyListError) -> Void)?
  ) -> [UInt8]? {
    guard PropertyListFormat.detect(bytes, fileName: fileName) == .binary,
      (try? PropertyList.check(bytes: bytes, format: .binary, options: readingOptions)) != nil,
      let archive = BinaryArchive(bytes, limits: limits, readingLimits: readingOptions.limits)
    else { return nil }
    var producer = PlainViewProducer(
      top: archive.top, renderer: PlainViewRenderer(objects: archive, options: options, limits: limits))
    return converter.write(eventsOf: &producer, to: write)
  }
}

/// The plain view of a binary archive as events.
private struct PlainViewProducer: PropertyListEventProducer {
  let top: PropertyListDictionary
  var renderer: PlainViewRenderer<BinaryArchive>

  mutating func produce<Sink: PropertyListEventSink>(into sink: inout Sink) throws(PropertyListError) {
    do {
      try renderer.checkExpandedSize(top: top)
      try renderer.renderTop(top, into: &sink)
    } catch {
      throw PropertyListError(.invalidValue, at: .keyPath(error.keyPath), error.message)
    }
  }
}
