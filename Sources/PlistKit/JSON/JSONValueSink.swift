/// Where ``JSONParser`` hands what it reads, in document order: the tree builder
/// (``JSONValueTreeBuilder``) makes the value, with the typed form's tags; a stream sink
/// (``JSONEventForwarder``) reports plain JSON to a ``PropertyListEventConsumer`` as it goes.
///
/// The parser checks the syntax and the limits, and keeps the nesting; a sink only sees
/// well-formed values. A value just read is handed back as ``Completed`` and then given to
/// its container with ``add(_:toObject:)``, or to ``finish(_:)`` at the top level: the
/// typed form needs both steps, since whether an object is a tag can depend on its parent.
protocol JSONValueSink {
  /// A value just read, as the sink carries it until its container takes it.
  associatedtype Completed

  /// An array opens; its elements follow until ``closeArray()``.
  mutating func openArray()
  /// An object opens; its members follow until ``closeObject(error:)``.
  mutating func openObject()
  /// The key of the member being read, whose value starts at byte `valueOffset`. Returns
  /// false to stop reading (a stream writer that cannot write what follows).
  mutating func memberKey(_ key: String, valueOffset: Int) -> Bool
  /// A string value.
  mutating func string(_ string: String) -> Completed
  /// A number, `true` or `false`.
  mutating func scalar(_ value: PropertyList) -> Completed
  /// The innermost array closes.
  mutating func closeArray() -> Completed
  /// The innermost object closes; `error` makes an error at a byte offset.
  mutating func closeObject(error: (Int, String) -> PropertyListError) -> Completed
  /// Gives a value to the innermost container, an object's member when `toObject`.
  mutating func add(_ value: Completed, toObject: Bool) throws(PropertyListError)
  /// Takes the top-level value.
  mutating func finish(_ value: Completed) throws(PropertyListError)
}
