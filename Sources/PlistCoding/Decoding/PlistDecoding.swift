@_spi(PropertyListMap) import PlistKit

/// The settings of ``PlistDecoder`` and the route from the input to the decoded value: the
/// decoder keeps them behind its lock, and each decoding runs on a copy read once when it
/// starts, so that nothing on the way takes the lock again.
struct PlistDecoding: Sendable {
  var options: PropertyListReadingOptions
  var userInfo: [CodingUserInfoKey: any Sendable]

  /// Decodes a value from the bytes of a property list in any format, as
  /// `PlistDecoder.decode(_:from:format:)` describes.
  func decode<T: Decodable>(
    _ type: T.Type, from bytes: UnsafeRawBufferPointer, format: PropertyListFormat? = nil
  ) throws -> T {
    let resolved = format ?? PropertyListFormat.detect(bytes)
    if resolved == .binary {
      // Straight from the object table, as the type asks for values: nothing laid out first.
      return try BinaryDecodingSource.decode(type, from: bytes, options: options, userInfo: userInfo)
    }
    if resolved == .json && options.jsonStyle == .typed {
      let value = try PropertyList(bytes: bytes, format: .json, options: options)
      return try decode(type, from: PropertyListMap(value: value, limits: options.limits), scalarsFromText: false)
    }
    // Plain JSON may be typed JSON, as the JSON reader decides on its value: a key that names a
    // tag stops the map, and the value decides.
    guard
      let (map, read) = try PropertyListMap.read(
        bytes: bytes, format: format, options: options,
        stopsAtTypedJSONTag: resolved == .json && options.detectsTypedJSON)
    else { return try decode(type, fromTaggedJSON: bytes) }
    return try decode(type, from: map, scalarsFromText: read == .openStep || read == .json)
  }

  /// Decodes plain JSON that has a key naming a typed JSON tag as the JSON reader reads it: as
  /// typed JSON when it holds the typed form's tags (see
  /// `PropertyListReadingOptions.detectsTypedJSON`), else as plain JSON.
  private func decode<T: Decodable>(_ type: T.Type, fromTaggedJSON bytes: UnsafeRawBufferPointer) throws -> T {
    var plain = options
    plain.detectsTypedJSON = false
    let value = try PropertyList(bytes: bytes, format: .json, options: plain)
    if PropertyListFragments.jsonHoldsTypedTags(value) {
      var typed = options
      typed.jsonStyle = .typed
      let typedValue = try PropertyList(bytes: bytes, format: .json, options: typed)
      return try decode(type, from: PropertyListMap(value: typedValue, limits: options.limits), scalarsFromText: false)
    }
    // Not stopped at a tag: the map is there.
    let map = try PropertyListMap.read(bytes: bytes, format: .json, options: plain)!.map
    return try decode(type, from: map, scalarsFromText: true)
  }

  /// Decodes a value from a property-list value.
  func decode<T: Decodable>(_ type: T.Type, from value: PropertyList) throws -> T {
    try decode(type, from: PropertyListMap(value: value, limits: options.limits), scalarsFromText: false)
  }

  private func decode<T: Decodable>(_ type: T.Type, from map: PropertyListMap, scalarsFromText: Bool) throws -> T {
    let source = MapDecodingSource(
      map: map, rules: DecodingRules(limits: options.limits, scalarsFromText: scalarsFromText))
    let top = map.resolved(0)
    return try SourceDecoder(source: source, at: top, userInfo: userInfo, limits: options.limits)
      .unwrap(type, at: top, path: .root)
  }
}
