/// What reading a property list reports, in document order, to whoever makes something of it:
/// the one interface between the four readers and everything that consumes their input.
///
/// Every reader reports here — XML (``XMLPropertyListReader``, driven by libxml2's SAX2
/// callbacks), binary (``BinaryPropertyListReader``, walking the object table), JSON
/// (``JSONPropertyListReader``) and OpenStep (``OpenStepPropertyListReader``) — and every
/// consumer is a sink: the builder of the ``PropertyList`` value, the writers that write a
/// format while the input is read, the checker behind `plistkit lint`. A new consumer is a new
/// sink; it never needs a reader of its own. Read into a sink with
/// ``PropertyList/read(bytes:format:options:into:)``.
///
/// ## The events
///
/// The events always form one well-nested value: containers begin and end in order, a
/// dictionary alternates ``key(_:)`` and one value, and nothing follows the top-level value.
/// Keys and strings arrive as valid UTF-8 (the reader has checked and decoded them); their
/// bytes are valid only during the call. Integers, reals, booleans, dates, data and keyed-archive
/// references (``PropertyList/uid(_:)``, which XML spells `<dict><key>CF$UID</key>…`) arrive
/// whole through ``scalar(_:)``.
///
/// The reader checks everything before it reports it, under its ``PropertyListLimits``, and an
/// error ends the read: what the sink has received is then incomplete, and the error is the
/// reader's exactly (kind, location, message), whatever the sink.
///
/// ## Repeated keys
///
/// A dictionary may repeat a key; the events report each occurrence as it comes. The value
/// model keeps a repeated key once, at its first place, with its last value (see
/// ``PropertyListDictionary``): a sink that builds values does the same, and a sink that writes
/// as it goes cannot, so it stops (see below) and its caller converts from the value instead.
/// ``PropertyListConverter`` does exactly that.
///
/// ## Sharing
///
/// A binary plist can reference one array or dictionary from several places. A sink whose
/// ``takesSharedContainers`` is true (the value builder, the checker, the stream writers, which
/// stop there) hears such a container in full once: the reader names it with
/// ``identifyContainer(_:)`` before its begin event, and every later place where it occurs is
/// one ``repeatContainer(_:)``. Any other sink hears the container in full at every place, as
/// writing the value out would; so that a small file cannot make that exponential, the reader
/// then stops with a ``PropertyListError/Kind/limitExceeded`` error past
/// ``PropertyListLimits/maximumObjectCount`` reported values. Either way, a container that
/// contains itself is the reader's error, and the reader's errors are the same whatever the
/// sink.
///
/// ## Stopping, and where a value is
///
/// A sink ends the read by throwing from an event: the reader stops at once and throws that
/// error unchanged. Before the first event the reader calls ``start(locator:)``; a sink that
/// wants to say where a value is (in an error of its own) keeps the locator and asks it during
/// an event (see ``PropertyListLocator``).
///
/// The readers are generic over the sink, so each event is a direct call that the compiler can
/// inline for a sink in the same module, and one call through the sink's witness table, with
/// no boxing, from another module.
public protocol PropertyListEventSink {
  /// True when the sink takes a shared container once (``identifyContainer(_:)`` and
  /// ``repeatContainer(_:)``); false, the default, to hear it in full at every place.
  static var takesSharedContainers: Bool { get }

  /// Called once, before the first event, with what tells where each event's value is.
  mutating func start(locator: PropertyListLocator)

  /// An array opens; its elements follow until ``endArray()``.
  mutating func beginArray() throws(PropertyListError)
  /// A dictionary opens; keys and their values follow until ``endDictionary()``.
  mutating func beginDictionary() throws(PropertyListError)
  /// A dictionary key, as UTF-8 valid during the call; its value comes next.
  mutating func key(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError)
  /// A string value, as UTF-8 valid during the call.
  mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError)
  /// Any other scalar: an integer, real, boolean, date, data or UID.
  mutating func scalar(_ value: PropertyList) throws(PropertyListError)
  /// The innermost open array closes.
  mutating func endArray() throws(PropertyListError)
  /// The innermost open dictionary closes.
  mutating func endDictionary() throws(PropertyListError)

  /// Only when ``takesSharedContainers``, from a binary plist: the array or dictionary whose
  /// begin event comes next is object number `object`, which may occur again.
  mutating func identifyContainer(_ object: Int)
  /// Only when ``takesSharedContainers``, from a binary plist: in place of a value, the
  /// container that was identified as `object`, reported in full before (it has ended).
  mutating func repeatContainer(_ object: Int) throws(PropertyListError)

  /// From a binary plist: string object `object`, reported as a value before, occurs again;
  /// `length` counts its bytes or UTF-16 units (no more than its UTF-8 bytes). True when the
  /// sink takes it so (a value builder sharing the copy it has); false, the default, to hear it
  /// again as ``string(_:)``, which comes next. A writer can refuse to write it out again.
  mutating func repeatString(_ object: Int, length: Int) throws(PropertyListError) -> Bool
  /// From a binary plist: data object `object` of `length` bytes, reported as a value before,
  /// occurs again; true when the sink takes it so, false (the default) to hear it again as
  /// ``scalar(_:)``.
  mutating func repeatData(_ object: Int, length: Int) throws(PropertyListError) -> Bool
}

extension PropertyListEventSink {
  /// Shared containers are heard in full at every place.
  public static var takesSharedContainers: Bool { false }

  /// The locator is not needed.
  public mutating func start(locator: PropertyListLocator) {}

  /// Nothing to remember.
  public mutating func identifyContainer(_ object: Int) {}

  /// Never called for a sink that does not take shared containers.
  public mutating func repeatContainer(_ object: Int) throws(PropertyListError) {
    preconditionFailure("\(Self.self) does not take shared containers")
  }

  /// Heard again as any string.
  public mutating func repeatString(_ object: Int, length: Int) throws(PropertyListError) -> Bool { false }

  /// Heard again as any data.
  public mutating func repeatData(_ object: Int, length: Int) throws(PropertyListError) -> Bool { false }
}
