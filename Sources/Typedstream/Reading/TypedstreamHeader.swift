/// The start of every typedstream: the streamer version, an 11-byte signature that names the
/// byte order (`streamtyped` little-endian, `typedstream` big-endian) and the system version.
public struct TypedstreamHeader: Sendable, Equatable {
  /// The streamer version (4; NeXTSTEP's older 3 is not read).
  public var streamerVersion: Int
  /// The byte order the signature names.
  public var byteOrder: TypedstreamByteOrder
  /// The system version (1000 on macOS).
  public var systemVersion: UInt64
  /// Where the first group starts.
  public var length: Int

  static let littleEndianSignature = Array("streamtyped".utf8)
  static let bigEndianSignature = Array("typedstream".utf8)

  /// Whether `bytes` start as a typedstream does: a streamer version of 3 or 4, then the
  /// signature of either byte order. Cheap: it reads 13 bytes.
  public static func matches<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
    var iterator = bytes.makeIterator()
    guard let version = iterator.next(), version == 4 || version == 3, iterator.next() == 11 else { return false }
    var little = true
    var big = true
    for index in 0..<11 {
      guard let byte = iterator.next() else { return false }
      little = little && byte == littleEndianSignature[index]
      big = big && byte == bigEndianSignature[index]
    }
    return little || big
  }

  /// Reads the header at the start of `bytes`.
  ///
  /// - Throws: ``TypedstreamError/Kind/notATypedstream`` when the signature is not there,
  ///   ``TypedstreamError/Kind/malformed`` for a streamer version other than 4.
  public static func read(_ bytes: UnsafeRawBufferPointer) throws(TypedstreamError) -> TypedstreamHeader {
    guard matches(bytes) else {
      throw TypedstreamError(
        .notATypedstream, at: 0, "expected a typedstream header (\\x04\\x0bstreamtyped or \\x04\\x0btypedstream)")
    }
    guard bytes[0] == 4 else {
      throw TypedstreamError(
        .malformed, at: 0, "expected streamer version 4, found \(bytes[0]) (NeXTSTEP's older streams are not read)")
    }
    let bigEndian = bytes[2] == bigEndianSignature[0]
    var cursor = TypedstreamCursor(bytes: bytes, offset: 13, bigEndian: bigEndian)
    let head = try cursor.head("the system version")
    let system = try cursor.unsignedInteger(head: head, "the system version")
    return TypedstreamHeader(
      streamerVersion: 4, byteOrder: bigEndian ? .bigEndian : .littleEndian, systemVersion: system,
      length: cursor.offset)
  }
}
