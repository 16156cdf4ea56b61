import KeyedArchive
import PlistKit
import Typedstream

extension BlobDecoder {
  /// A typedstream's plain view, in the shapes of a keyed archive's (an iMessage
  /// `attributedBody` shows its text and its attribute runs).
  static func decodeTypedstream(
    _ bytes: UnsafeRawBufferPointer, options: BlobDecodingOptions
  ) throws(BlobDecodingFailure) -> PropertyList {
    do throws(TypedstreamError) {
      let archive = try TypedstreamArchive(buffer: bytes, limits: options.typedstreamLimits)
      return try archive.plainView(options: options.typedstreamPlainView, limits: options.typedstreamLimits)
    } catch {
      throw BlobDecodingFailure(error.description)
    }
  }
}

extension BlobDecodingOptions {
  /// The keyed archives' view options, as a typedstream's view takes them.
  var typedstreamPlainView: TypedstreamPlainViewOptions {
    TypedstreamPlainViewOptions(
      includesClassNames: plainView.includesClassNames, nullValue: plainView.nullValue,
      cycleMarkerKey: plainView.cycleMarkerKey)
  }
}
