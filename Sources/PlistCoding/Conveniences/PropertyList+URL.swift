import FoundationEssentials
import PlistKit

// The core module speaks paths and bytes and imports no Foundation; the forms that take a
// Foundation `URL` live here, in the one library module whose API already speaks Foundation's
// types (see ARCHITECTURE.md, "Foundation").

extension PropertyList {
  /// Reads the property list in the file at `url`, in whichever format it is: the `URL` form
  /// of `PropertyList(path:format:options:)`.
  ///
  /// ```swift
  /// let settings = try PropertyList(contentsOf: URL(filePath: "Info.plist"))
  /// ```
  ///
  /// - Parameters:
  ///   - url: a file URL; other schemes are refused, since reading one would mean the network.
  ///   - format: the format to read; nil detects it from the content.
  ///   - options: limits, and the JSON form to expect.
  /// - Throws: `PropertyListError` of kind `io` when `url` is not a file URL or the file cannot
  ///   be read, else with the location of the problem.
  public init(
    contentsOf url: URL, format: PropertyListFormat? = nil, options: PropertyListReadingOptions = .default
  ) throws(PropertyListError) {
    try self.init(path: Self.filePath(of: url), format: format, options: options)
  }

  /// Writes this value in `format` to the file at `url`, atomically: the `URL` form of
  /// `write(to:as:options:)` with a path.
  ///
  /// - Throws: `PropertyListError` of kind `io` when `url` is not a file URL or the file cannot
  ///   be written, of kind `notRepresentable` when the format cannot hold a value.
  public func write(
    to url: URL, as format: PropertyListFormat, options: PropertyListWritingOptions = .default
  ) throws(PropertyListError) {
    try write(to: Self.filePath(of: url), as: format, options: options)
  }

  /// This value in `format`, as `Data`.
  ///
  /// - Throws: `PropertyListError` of kind `notRepresentable` when the format cannot hold a
  ///   value, with its key path.
  public func serializedData(
    as format: PropertyListFormat, options: PropertyListWritingOptions = .default
  ) throws(PropertyListError) -> Data {
    Data(try serialized(as: format, options: options))
  }

  /// The path of a file URL.
  private static func filePath(of url: URL) throws(PropertyListError) -> String {
    guard url.isFileURL else {
      throw PropertyListError(.io, "\(url.absoluteString) is not a file URL; only files are read and written")
    }
    return url.path(percentEncoded: false)
  }
}
