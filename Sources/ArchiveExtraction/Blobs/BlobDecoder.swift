import KeyedArchive
import PlistKit
import Typedstream

/// Recognizes what a blob holds from its first bytes, and decodes it to a plain value.
///
/// ```swift
/// let blob: [UInt8] = try PropertyList.dictionary(["answer": 42]).serialized(as: .binary)
/// let decoded = blob.withUnsafeBytes { BlobDecoder.decode($0) }
/// // decoded?.kind == .binaryPlist, decoded?.result == .success(["answer": 42])
/// ```
public enum BlobDecoder {
  /// What `bytes` starts like, before it is read: a binary or XML plist (which may turn out to
  /// be a keyed archive) or a typedstream; nil for anything else (an image, text, a number).
  public static func kind(startOf bytes: UnsafeRawBufferPointer) -> BlobKind? {
    if TypedstreamHeader.matches(bytes) { return .typedstream }
    switch NestedPlistSniffer.format(of: bytes) {
    case .binary: return .binaryPlist
    case .xml: return .xmlPlist
    default: return nil
    }
  }

  /// Decodes `bytes`: a plist as its value, a keyed archive as its plain view (its kind then
  /// ``BlobKind/keyedArchive``), a typedstream as its plain view; nil when the bytes start like
  /// none of them.
  ///
  /// Nothing here throws: a blob that starts like one of them and does not decode has a
  /// ``BlobDecodingFailure`` as its result.
  public static func decode(_ bytes: UnsafeRawBufferPointer, options: BlobDecodingOptions = .default) -> DecodedBlob? {
    guard let kind = kind(startOf: bytes) else { return nil }
    guard bytes.count <= options.maximumBlobSize else {
      return DecodedBlob(
        kind: kind,
        result: .failure(
          BlobDecodingFailure("the blob is \(bytes.count) bytes, over the limit of \(options.maximumBlobSize)")))
    }
    var decoded =
      kind == .typedstream
      ? DecodedBlob(
        kind: kind, result: Result { () throws(BlobDecodingFailure) in try decodeTypedstream(bytes, options: options) })
      : decodePropertyList(bytes, format: kind == .binaryPlist ? .binary : .xml, options: options)
    if let nested = options.nestedPlists, case .success(let value) = decoded.result {
      let opened = value.decodingNestedPlists(options: nested)
      decoded.result = .success(opened.value)
      decoded.notes = opened.notes
    }
    return decoded
  }

  /// A plist as its value, or a keyed archive (of either form) as its plain view.
  private static func decodePropertyList(
    _ bytes: UnsafeRawBufferPointer, format: PropertyListFormat, options: BlobDecodingOptions
  ) -> DecodedBlob {
    let kind: BlobKind = format == .binary ? .binaryPlist : .xmlPlist
    let value: PropertyList
    do throws(PropertyListError) {
      value = try PropertyList(
        bytes: bytes, format: format, options: PropertyListReadingOptions(limits: options.readingLimits))
    } catch {
      return DecodedBlob(kind: kind, result: .failure(BlobDecodingFailure(error.description)))
    }
    guard ArchiveValidator.isKeyedArchive(value) else { return DecodedBlob(kind: kind, result: .success(value)) }
    do throws(KeyedArchiveError) {
      let graph = try ObjectGraph(archive: value, limits: options.archiveLimits)
      return DecodedBlob(
        kind: .keyedArchive,
        result: .success(try graph.plainView(options: options.plainView, limits: options.archiveLimits)))
    } catch {
      return DecodedBlob(kind: .keyedArchive, result: .failure(BlobDecodingFailure(error.description)))
    }
  }
}
