import PlistKit

extension StringCatalog {
  /// Reads a String Catalog from the bytes of an `.xcstrings` file.
  ///
  /// The JSON is read by PlistKit's JSON reader, under `limits` (depth, object count, size), and
  /// the catalog built from its events without a value of the whole document, so that hostile
  /// input meets an error rather than a crash: invalid UTF-8, broken syntax, a
  /// value nested too deep. A document that is JSON but not a catalog (a member of the wrong
  /// type, a string unit without its `state`) is an error that names the member's key path and
  /// says where it is.
  ///
  /// - Parameters:
  ///   - bytes: the file's bytes (UTF-8, with or without a byte-order mark).
  ///   - limits: the limits against hostile input.
  /// - Throws: `PropertyListError` with the line and column of the problem; for a member of
  ///   the wrong shape, the message starts with its key path (`strings.Hello.comment: …`).
  public init(bytes: UnsafeRawBufferPointer, limits: PropertyListLimits = .default) throws(PropertyListError) {
    self = try Self.decode(bytes, limits: limits, locatesEntries: false).catalog
  }

  /// Reads a catalog, and with `locatesEntries` where each string's key is, in the same read.
  static func decode(
    _ bytes: UnsafeRawBufferPointer, limits: PropertyListLimits, locatesEntries: Bool
  ) throws(PropertyListError) -> (catalog: StringCatalog, places: [[UInt8]: (line: Int, column: Int)]) {
    let options = PropertyListReadingOptions(limits: limits, jsonStyle: .plain, detectsTypedJSON: false)
    var decoder = CatalogEventDecoder()
    decoder.locatesEntries = locatesEntries
    try PropertyList.read(bytes: bytes, format: .json, options: options, into: &decoder)
    // The reader reports one whole value, so the decoder has finished the catalog.
    var catalog = decoder.catalog!
    catalog.endsWithNewline = bytes.last == UInt8(ascii: "\n")
    return (catalog, decoder.entryPlaces)
  }

  /// Reads a String Catalog from the bytes of an `.xcstrings` file (see
  /// `init(bytes:limits:)`).
  public init(bytes: [UInt8], limits: PropertyListLimits = .default) throws(PropertyListError) {
    let result = bytes.withUnsafeBytes { buffer in
      Result { () throws(PropertyListError) in try StringCatalog(bytes: buffer, limits: limits) }
    }
    self = try result.get()
  }

  /// Reads a String Catalog from the file at `path`.
  ///
  /// - Throws: `PropertyListError` naming the file: it could not be read, or its contents
  ///   are not a catalog (see `init(bytes:limits:)`).
  public init(contentsOf path: String, limits: PropertyListLimits = .default) throws(PropertyListError) {
    let bytes = try PropertyListFile.read(path: path, limit: limits.maximumInputSize)
    do {
      try self.init(bytes: bytes, limits: limits)
    } catch {
      var named = error
      named.file = path
      throw named
    }
  }
}
