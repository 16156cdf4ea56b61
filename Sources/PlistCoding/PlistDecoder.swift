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
///
/// A decoder is `Sendable`, as Foundation's is: one decoder may be shared, at the top level of
/// a program or between tasks. Its settings are kept behind a lock, and each decoding reads
/// them once when it starts, so that changing a setting never affects a decoding in progress.
/// A change in place (`userInfo[key] = value`) reads the setting and writes it back as two
/// steps: make such changes before the coder is shared, or from one task.
public final class PlistDecoder: Sendable {
  /// The settings, which each decoding reads once as the ``PlistDecoding`` that runs it.
  private let settings: CoderSettings<PlistDecoding>

  /// Values for the types being decoded, as `Decoder.userInfo`.
  public var userInfo: [CodingUserInfoKey: any Sendable] {
    get { settings[\.userInfo] }
    set { settings[\.userInfo] = newValue }
  }

  /// Limits against hostile input, and the JSON form to expect. The object limit also bounds
  /// decoding: a binary plist that references one array from many places is decoded at every
  /// place, and that many values at most.
  public var options: PropertyListReadingOptions {
    get { settings[\.options] }
    set { settings[\.options] = newValue }
  }

  /// Makes a decoder.
  public init(options: PropertyListReadingOptions = .default, userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
    settings = CoderSettings(PlistDecoding(options: options, userInfo: userInfo))
  }

  /// Decodes a value from a property list in any format (detected from the content unless
  /// `format` says which).
  ///
  /// - Throws: `PropertyListError` when the bytes are not a readable property list, with
  ///   the place; `DecodingError` when the value does not fit `type`.
  public func decode<T: Decodable>(
    _ type: T.Type, from bytes: [UInt8], format: PropertyListFormat? = nil
  ) throws -> T {
    let decoding = settings.snapshot
    return try bytes.withUnsafeBytes { try decoding.decode(type, from: $0, format: format) }
  }

  /// Decodes a value from a property list in `Data`, as Foundation's
  /// `PropertyListDecoder.decode(_:from:)` does; see the `[UInt8]` form.
  public func decode<T: Decodable>(_ type: T.Type, from data: Data, format: PropertyListFormat? = nil) throws -> T {
    let decoding = settings.snapshot
    return try data.withUnsafeBytes { try decoding.decode(type, from: $0, format: format) }
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
    try settings.snapshot.decode(type, from: bytes, format: format)
  }

  /// Decodes a value from a property-list value.
  public func decode<T: Decodable>(_ type: T.Type, from value: PropertyList) throws -> T {
    try settings.snapshot.decode(type, from: value)
  }
}
