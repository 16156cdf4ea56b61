import PlistKit
import Typedstream

extension BlobDecoder {
  /// A typedstream's plain value: the text of a root string or attributed string (an iMessage
  /// `attributedBody`), read straight from the bytes by `TypedstreamText`.
  static func decodeTypedstream(
    _ bytes: UnsafeRawBufferPointer, options: BlobDecodingOptions
  ) throws(BlobDecodingFailure) -> PropertyList {
    let text: String?
    do throws(TypedstreamError) {
      text = try TypedstreamText.string(in: bytes, limits: options.typedstreamLimits)
    } catch {
      throw BlobDecodingFailure(error.description)
    }
    guard let text else {
      throw BlobDecodingFailure("the typedstream's root object is not a string or an attributed string")
    }
    return .string(text)
  }
}
