import PlistKit

/// The settings of ``PlistEncoder`` and the route from the value to the bytes: the encoder
/// keeps them behind its lock, and each encoding runs on a copy read once when it starts, so
/// that nothing on the way takes the lock again.
struct PlistEncoding: Sendable {
  var outputFormat: PropertyListFormat
  var userInfo: [CodingUserInfoKey: any Sendable]
  var writingOptions: PropertyListWritingOptions
  var maximumDepth: Int

  /// Encodes `value` and writes it in `outputFormat`.
  func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
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
  func encodeValue<T: Encodable>(_ value: T) throws -> PropertyList {
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
