extension PropertyList {
  /// Reports this value to `sink` as a reader would report it (containers in full, without
  /// sharing): for a producer of events that holds some of its values whole. A value builder
  /// takes the value itself, so that what it shares (one long string referenced from 2,000
  /// places of an archive) stays shared instead of being copied at each place.
  package func report<Sink: PropertyListEventSink>(to sink: inout Sink) throws(PropertyListError) {
    if Sink.self == PropertyListTreeBuilder.self {
      withUnsafeMutablePointer(to: &sink) { sink in
        sink.withMemoryRebound(to: PropertyListTreeBuilder.self, capacity: 1) { $0.pointee.deliverWhole(self) }
      }
      return
    }
    switch self {
    case .string(let string):
      try Self.report(string: string, to: &sink)
    case .array(let elements):
      try sink.beginArray()
      for element in elements { try element.report(to: &sink) }
      try sink.endArray()
    case .dictionary(let dictionary):
      try sink.beginDictionary()
      for (key, value) in dictionary {
        try Self.report(key: key, to: &sink)
        try value.report(to: &sink)
      }
      try sink.endDictionary()
    default:
      try sink.scalar(self)
    }
  }

  /// Reports `string` as a string value.
  package static func report<Sink: PropertyListEventSink>(string: String, to sink: inout Sink) throws(PropertyListError)
  {
    var string = string
    var failure: PropertyListError?
    string.withUTF8 { utf8 in
      do throws(PropertyListError) { try sink.string(utf8) } catch { failure = error }
    }
    if let failure { throw failure }
  }

  /// Reports `key` as a dictionary key.
  package static func report<Sink: PropertyListEventSink>(key: String, to sink: inout Sink) throws(PropertyListError) {
    var key = key
    var failure: PropertyListError?
    key.withUTF8 { utf8 in
      do throws(PropertyListError) { try sink.key(utf8) } catch { failure = error }
    }
    if let failure { throw failure }
  }
}
