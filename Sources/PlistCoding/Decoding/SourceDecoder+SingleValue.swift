import FoundationEssentials

/// The decoder is its own single-value container, as in Foundation: the value is the one the
/// decoder is at.
extension SourceDecoder: SingleValueDecodingContainer {
  func decodeNil() -> Bool { source.isNull(current) }

  func decode(_ type: Bool.Type) throws -> Bool { try unwrap(type, at: current, path: pathNode) }
  func decode(_ type: String.Type) throws -> String { try unwrap(type, at: current, path: pathNode) }
  func decode(_ type: Double.Type) throws -> Double { try unwrap(type, at: current, path: pathNode) }
  func decode(_ type: Float.Type) throws -> Float { try unwrap(type, at: current, path: pathNode) }
  func decode(_ type: Int.Type) throws -> Int { try unwrap(type, at: current, path: pathNode) }
  func decode(_ type: Int8.Type) throws -> Int8 { try unwrap(type, at: current, path: pathNode) }
  func decode(_ type: Int16.Type) throws -> Int16 { try unwrap(type, at: current, path: pathNode) }
  func decode(_ type: Int32.Type) throws -> Int32 { try unwrap(type, at: current, path: pathNode) }
  func decode(_ type: Int64.Type) throws -> Int64 { try unwrap(type, at: current, path: pathNode) }
  func decode(_ type: UInt.Type) throws -> UInt { try unwrap(type, at: current, path: pathNode) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try unwrap(type, at: current, path: pathNode) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try unwrap(type, at: current, path: pathNode) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try unwrap(type, at: current, path: pathNode) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try unwrap(type, at: current, path: pathNode) }

  /// Any other type: Date and Data directly; anything else with this decoder, which stays at
  /// the same value and path.
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try unwrap(type, at: current, path: pathNode) }
}
