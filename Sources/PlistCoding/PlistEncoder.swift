import FoundationEssentials
import PlistKit

/// Encodes `Encodable` values as property lists, with the semantics of Foundation's
/// `PropertyListEncoder`, so that files move between the two.
///
/// ```swift
/// let encoder = PlistEncoder()
/// encoder.outputFormat = .xml                        // .binary (the default), .json, .openStep
/// let bytes: [UInt8] = try encoder.encode(people)
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
public final class PlistEncoder {
  /// The format ``encode(_:)`` writes.
  public var outputFormat: PropertyListFormat
  /// Values for the types being encoded, as `Encoder.userInfo`.
  public var userInfo: [CodingUserInfoKey: Any]
  /// How the format is written: the JSON form, indentation, the OpenStep scalars. The XML real
  /// style is Foundation's shortest form unless set otherwise.
  public var writingOptions: PropertyListWritingOptions
  /// The deepest nesting of values encoded, against runaway recursion.
  public var maximumDepth: Int

  /// Makes an encoder for `outputFormat`.
  public init(
    outputFormat: PropertyListFormat = .binary, userInfo: [CodingUserInfoKey: Any] = [:],
    writingOptions: PropertyListWritingOptions = PlistEncoder.defaultWritingOptions
  ) {
    self.outputFormat = outputFormat
    self.userInfo = userInfo
    self.writingOptions = writingOptions
    maximumDepth = PropertyListLimits.default.maximumDepth
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
    let (arena, root) = try encodeArena(value, sortsStringDictionaries: outputFormat == .binary)
    do {
      switch outputFormat {
      // XML and binary are written by PlistKit's writers straight from the arena; past the
      // written-value limit, the value's XML writer gives the error.
      case .xml where arena.nodeCount <= writingOptions.maximumWrittenValueCount:
        return try arena.xml(root, options: writingOptions)
      case .binary:
        return arena.binary(root)
      default:
        return try arena.propertyList(root).serialized(as: outputFormat, options: writingOptions)
      }
    } catch {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: [], debugDescription: "the value cannot be written as \(outputFormat): \(error)",
          underlyingError: error))
    }
  }

  /// Encodes `value` as a property-list value, keys in the order they were encoded.
  ///
  /// - Throws: `EncodingError.invalidValue` when `value` encodes nothing.
  public func encodeValue<T: Encodable>(_ value: T) throws -> PropertyList {
    let (arena, root) = try encodeArena(value)
    return arena.propertyList(root)
  }

  /// The arena of `value`; with `sortsStringDictionaries`, `[String: Value]` dictionaries in
  /// key order, as Foundation's binary encoder writes them.
  private func encodeArena<T: Encodable>(
    _ value: T, sortsStringDictionaries: Bool = false
  ) throws -> (EncodingArena, Int32) {
    let arena = EncodingArena()
    let encoder = ValueEncoder(arena: arena, userInfo: userInfo, maximumDepth: maximumDepth)
    encoder.sortsStringDictionaries = sortsStringDictionaries
    guard let root = try encoder.topLevel(value) else {
      throw EncodingError.invalidValue(
        value, EncodingError.Context(codingPath: [], debugDescription: "top-level \(T.self) did not encode any values"))
    }
    return (arena, root)
  }
}
