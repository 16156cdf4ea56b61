import FoundationEssentials
import PlistKit

/// Encodes `Encodable` values as property lists, with the semantics of Foundation's
/// `PropertyListEncoder`, so that files move between the two.
///
/// ```swift
/// let encoder = PlistEncoder()
/// encoder.outputFormat = .xml                        // .binary (the default), .json, .openStep
/// let bytes: [UInt8] = try encoder.encode(people)
/// try encoder.encode(people).write(to: url)          // Data, as Foundation's encoder gives
/// let value: PropertyList = try encoder.encodeValue(people)
/// ```
///
/// A `Date` becomes `<date>`, `Data` `<data>`, `nil` in a container the string `$null`; `URL`
/// and `UUID` encode themselves as Foundation's do. The XML output is byte for byte what
/// Foundation's `PropertyListEncoder` writes for the same value (keys sorted as Swift sorts
/// strings, reals in their shortest form), except where Foundation's output does not read back:
/// a carriage return is written `&#13;`, and a string with a character XML 1.0 cannot hold
/// is an error rather than a file no XML parser reads. The binary output is byte for byte
/// Foundation's too (the same objects, numbered in preorder as Foundation numbers them),
/// except that only identical values are shared: Foundation writes `-0.0` as the `0.0` before
/// it and a decomposed "é" as the precomposed one before it, which this keeps apart. In
/// binary, `[String: Value]` dictionaries are written in key order, as Foundation writes them;
/// in JSON and OpenStep keys keep the order they were encoded in.
///
/// Beyond Foundation: a top-level value need not be an array or dictionary, and JSON and
/// OpenStep are written too (OpenStep writes numbers, booleans and dates as strings, which
/// ``PlistDecoder`` reads back).
///
/// An encoder is `Sendable`, as Foundation's is: one encoder may be shared, at the top level of
/// a program or between tasks. Its settings are kept behind a lock, and each encoding reads
/// them once when it starts, so that changing a setting never affects an encoding in progress.
/// A change in place (`userInfo[key] = value`) reads the setting and writes it back as two
/// steps: make such changes before the coder is shared, or from one task.
public final class PlistEncoder: Sendable {
  /// The settings, which each encoding reads once as the ``PlistEncoding`` that runs it.
  private let settings: CoderSettings<PlistEncoding>

  /// The format ``encode(_:)->[UInt8]`` writes.
  public var outputFormat: PropertyListFormat {
    get { settings[\.outputFormat] }
    set { settings[\.outputFormat] = newValue }
  }

  /// Values for the types being encoded, as `Encoder.userInfo`.
  public var userInfo: [CodingUserInfoKey: any Sendable] {
    get { settings[\.userInfo] }
    set { settings[\.userInfo] = newValue }
  }

  /// How the format is written: the JSON form, indentation, the OpenStep scalars. The XML real
  /// style is Foundation's shortest form unless set otherwise.
  public var writingOptions: PropertyListWritingOptions {
    get { settings[\.writingOptions] }
    set { settings[\.writingOptions] = newValue }
  }

  /// The deepest nesting of values encoded, against runaway recursion.
  public var maximumDepth: Int {
    get { settings[\.maximumDepth] }
    set { settings[\.maximumDepth] = newValue }
  }

  /// Makes an encoder for `outputFormat`.
  public init(
    outputFormat: PropertyListFormat = .binary, userInfo: [CodingUserInfoKey: any Sendable] = [:],
    writingOptions: PropertyListWritingOptions = PlistEncoder.defaultWritingOptions
  ) {
    settings = CoderSettings(
      PlistEncoding(
        outputFormat: outputFormat, userInfo: userInfo, writingOptions: writingOptions,
        maximumDepth: PropertyListLimits.default.maximumDepth))
  }

  /// The writing options an encoder starts with: the defaults, with reals in XML in the
  /// shortest form (as Foundation) and OpenStep's scalars written as strings.
  public static var defaultWritingOptions: PropertyListWritingOptions {
    var options = PropertyListWritingOptions.default
    options.xmlRealStyle = .shortest
    options.openStepStringifiesScalars = true
    return options
  }

  /// Encodes `value` and writes it in ``outputFormat``.
  ///
  /// - Throws: `EncodingError.invalidValue` when `value` encodes nothing, or when the format
  ///   cannot hold something it encodes (the description names its key path).
  public func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
    try settings.snapshot.encode(value)
  }

  /// Encodes `value` and writes it in ``outputFormat``, as `Data`: what Foundation's
  /// `PropertyListEncoder.encode(_:)` returns, for `try encoder.encode(value).write(to: url)`.
  ///
  /// Where either result would do (`let bytes = try encoder.encode(value)`), the `[UInt8]`
  /// form is chosen; say `Data` to get this one.
  ///
  /// - Throws: `EncodingError.invalidValue`, as the `[UInt8]` form.
  @_disfavoredOverload
  public func encode<T: Encodable>(_ value: T) throws -> Data {
    Data(try settings.snapshot.encode(value))
  }

  /// Encodes `value` as a property-list value, keys in the order they were encoded.
  ///
  /// - Throws: `EncodingError.invalidValue` when `value` encodes nothing.
  public func encodeValue<T: Encodable>(_ value: T) throws -> PropertyList {
    try settings.snapshot.encodeValue(value)
  }
}
