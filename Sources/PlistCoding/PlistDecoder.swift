import FoundationEssentials
import PlistKit

/// Decodes `Decodable` values from property lists, with the semantics of Foundation's
/// `PropertyListDecoder`, so that files move between the two.
///
/// ```swift
/// let people = try PlistDecoder().decode([Person].self, from: bytes)   // any format, detected
/// let person = try PlistDecoder().decode(Person.self, from: value)     // from a PropertyList
/// ```
///
/// A `Date` is read from `<date>`, `Data` from `<data>`; `URL` and `UUID` as Foundation writes
/// them (a dictionary with `relative` and `base`, an upper-case string). Integers of every
/// width are read from integers, or from reals they hold exactly; a value out of range is
/// `DecodingError.dataCorrupted`, never a trap. `Float` and `Double` are read from reals and
/// integers. The string `$null` is `nil`, as Foundation writes it for `nil` in a container.
///
/// Errors: a broken input is the reader's `PropertyListError`, with its line and column or
/// byte offset; a value that does not fit the type is a `DecodingError` whose `codingPath` is
/// where it is and whose description starts with that key path:
/// `Records.3.Index: expected to decode Int but found a string "x" instead`.
///
/// Beyond Foundation: OpenStep and plain JSON input are read too (format detection covers all
/// four forms), and in those text forms a number, boolean, date or data may be a string as
/// PlistKit's writers write them (`42`, `YES`, `2001-01-01T00:00:00Z`, base64), so that what
/// ``PlistEncoder`` writes in any format reads back.
public final class PlistDecoder {
  /// Values for the types being decoded, as `Decoder.userInfo`.
  public var userInfo: [CodingUserInfoKey: Any]
  /// Limits against hostile input, and the JSON form to expect. The object limit also bounds
  /// decoding: a binary plist that references one array from many places is decoded at every
  /// place, and that many values at most.
  public var options: PropertyListReadingOptions

  /// Makes a decoder.
  public init(options: PropertyListReadingOptions = .default, userInfo: [CodingUserInfoKey: Any] = [:]) {
    self.options = options
    self.userInfo = userInfo
  }

  /// Decodes a value from a property list in any format (detected from the content unless
  /// `format` says which).
  ///
  /// - Throws: `PropertyListError` when the bytes are not a readable property list, with
  ///   the place; `DecodingError` when the value does not fit `type`.
  public func decode<T: Decodable>(
    _ type: T.Type, from bytes: [UInt8], format: PropertyListFormat? = nil
  ) throws -> T {
    try bytes.withUnsafeBytes { try decode(type, from: $0, format: format) }
  }

  /// Decodes a value from a property list in `Data`; see the `[UInt8]` form.
  public func decode<T: Decodable>(_ type: T.Type, from data: Data, format: PropertyListFormat? = nil) throws -> T {
    try data.withUnsafeBytes { try decode(type, from: $0, format: format) }
  }

  /// Decodes a value from the bytes of a property list in any format.
  ///
  /// No `PropertyList` tree is made: a binary plist is decoded straight from its object table
  /// as the type asks for values (objects the type never asks for are not read, so a damage
  /// there goes unnoticed), the text forms are laid out for decoding from the reader's events
  /// as they come. Only typed JSON, whose tags are known when an object closes, is read into a
  /// value first, and so is plain JSON with a key that names one of its tags: such a document
  /// is decoded as the JSON reader reads it, as typed JSON when it holds the tags (see
  /// `PropertyListReadingOptions.detectsTypedJSON`).
  public func decode<T: Decodable>(
    _ type: T.Type, from bytes: UnsafeRawBufferPointer, format: PropertyListFormat? = nil
  ) throws -> T {
    let resolved = format ?? PropertyListFormat.detect(bytes)
    if resolved == .binary {
      // Straight from the object table, as the type asks for values: nothing laid out first.
      return try BinaryDecodingSource.decode(type, from: bytes, options: options, userInfo: userInfo)
    }
    if resolved == .json && options.jsonStyle == .typed {
      let value = try PropertyList(bytes: bytes, format: .json, options: options)
      return try decode(type, from: DecodingMap(value: value, limits: options.limits), scalarsFromText: false)
    }
    var sink = DecodingMapSink(limits: options.limits)
    // Plain JSON may be typed JSON, as the JSON reader decides on its value: a key that names a
    // tag stops the map, and the value decides.
    sink.stopsAtTypedJSONTag = resolved == .json && options.detectsTypedJSON
    let read: PropertyListFormat
    do {
      read = try PropertyList.read(bytes: bytes, format: format, options: options, into: &sink)
    } catch {
      guard sink.metTypedJSONTag else { throw error }
      return try decode(type, fromTaggedJSON: bytes)
    }
    // The map finds the places of its errors in `bytes` again, which outlive the decoding.
    return try decode(
      type, from: sink.finish(bytes: bytes, format: read, options: options),
      scalarsFromText: read == .openStep || read == .json)
  }

  /// Decodes plain JSON that has a key naming a typed JSON tag as the JSON reader reads it: as
  /// typed JSON when it holds the typed form's tags (see
  /// `PropertyListReadingOptions.detectsTypedJSON`), else as plain JSON.
  private func decode<T: Decodable>(_ type: T.Type, fromTaggedJSON bytes: UnsafeRawBufferPointer) throws -> T {
    var plain = options
    plain.detectsTypedJSON = false
    let value = try PropertyList(bytes: bytes, format: .json, options: plain)
    if PropertyListFragments.jsonHoldsTypedTags(value) {
      var typed = options
      typed.jsonStyle = .typed
      let typedValue = try PropertyList(bytes: bytes, format: .json, options: typed)
      return try decode(type, from: DecodingMap(value: typedValue, limits: options.limits), scalarsFromText: false)
    }
    var sink = DecodingMapSink(limits: options.limits)
    try PropertyList.read(bytes: bytes, format: .json, options: plain, into: &sink)
    return try decode(type, from: sink.finish(bytes: bytes, format: .json, options: plain), scalarsFromText: true)
  }

  /// Decodes a value from a property-list value.
  public func decode<T: Decodable>(_ type: T.Type, from value: PropertyList) throws -> T {
    try decode(type, from: DecodingMap(value: value, limits: options.limits), scalarsFromText: false)
  }

  private func decode<T: Decodable>(_ type: T.Type, from map: DecodingMap, scalarsFromText: Bool) throws -> T {
    let source = MapDecodingSource(
      map: map, rules: DecodingRules(limits: options.limits, scalarsFromText: scalarsFromText))
    let top = map.resolved(0)
    return try SourceDecoder(source: source, at: top, userInfo: userInfo, limits: options.limits)
      .unwrap(type, at: top, path: .root)
  }
}
