/// What a property list holds, in document order, as a reader reports it without building the
/// value: the XML parser (``XMLPropertyListReader``) and the binary event reader
/// (``BinaryPropertyListEventReader``) check their input and report its structure here, and a
/// consumer turns it into something — a value tree (``XMLValueTreeBuilder``) or another format
/// written as the input goes by.
///
/// The reports always form one well-nested value: containers open and close in order, a
/// dictionary alternates keys and values, and nothing follows the top-level value. Keys and
/// strings arrive as valid UTF-8 (the reader has checked and decoded them); the bytes are only
/// valid during the call. A keyed-archive reference arrives as one ``PropertyList/uid(_:)``
/// scalar, never as a dictionary.
///
/// After the reader fails, what a consumer has received is incomplete and must be dropped. A
/// consumer may also stop the read itself (see ``key(_:)``), and then knows it is incomplete.
protocol PropertyListEventConsumer {
  /// An array opens; its elements follow until ``endArray()``.
  mutating func beginArray()
  /// A dictionary opens; keys and their values follow until ``endDictionary()``.
  mutating func beginDictionary()
  /// A dictionary key; its value comes next. Returns false to stop reading: a stream writer
  /// that meets a key its dictionary already has cannot write that dictionary as the value
  /// holds it (nor one that has met a value its format cannot write), and nothing after it
  /// matters.
  mutating func key(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool
  /// A string value.
  mutating func string(_ utf8: UnsafeBufferPointer<UInt8>)
  /// Any other scalar: an integer, real, boolean, date, data or UID.
  mutating func scalar(_ value: PropertyList)
  /// The innermost open array closes.
  mutating func endArray()
  /// The innermost open dictionary closes.
  mutating func endDictionary()
}
