import KeyedArchive
import PlistKit
import Typedstream

extension BlobDecoder {
  /// A typedstream's plain view, in the shapes of a keyed archive's (an iMessage
  /// `attributedBody` shows its text and its attribute runs), or with
  /// ``BlobDecodingOptions/typedstreamTextOnly`` the text of a string or attributed string.
  static func decodeTypedstream(
    _ bytes: UnsafeRawBufferPointer, options: BlobDecodingOptions
  ) throws(BlobDecodingFailure) -> PropertyList {
    do throws(TypedstreamError) {
      // The text is read straight from the bytes, without building the archive: the usual
      // case of a message database, a blob of a few hundred bytes per row.
      if options.typedstreamTextOnly,
        let text = try TypedstreamText.string(in: bytes, limits: options.typedstreamLimits)
      {
        return .string(text)
      }
      let archive = try TypedstreamArchive(buffer: bytes, limits: options.typedstreamLimits)
      return try archive.plainView(options: options.plainView, limits: options.typedstreamLimits)
    } catch {
      throw BlobDecodingFailure(error.description)
    }
  }
}
