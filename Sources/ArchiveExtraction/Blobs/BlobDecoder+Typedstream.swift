import PlistKit

extension BlobDecoder {
  /// A typedstream's plain view.
  static func decodeTypedstream(
    _ bytes: UnsafeRawBufferPointer, options: BlobDecodingOptions
  ) throws(BlobDecodingFailure) -> PropertyList {
    throw BlobDecodingFailure("typedstreams are recognized but not yet decoded")
  }
}
