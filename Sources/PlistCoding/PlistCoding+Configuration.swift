import FoundationEssentials
import PlistKit

// Foundation's coders take a configuration for types that need one to encode or decode
// (`EncodableWithConfiguration`, `DecodableWithConfiguration`), given as a value or by a
// provider type; so do these.

extension PlistEncoder {
  /// Encodes `value`, handing it `configuration`, and writes it in ``outputFormat``: the bytes
  /// Foundation's `PropertyListEncoder.encode(_:configuration:)` writes.
  public func encode<T: EncodableWithConfiguration>(
    _ value: T, configuration: T.EncodingConfiguration
  ) throws -> [UInt8] {
    try encode(ConfiguredEncodable(value: value, configuration: configuration))
  }

  /// Encodes `value` with the configuration `C` provides.
  public func encode<T: EncodableWithConfiguration, C: EncodingConfigurationProviding>(
    _ value: T, configuration: C.Type
  ) throws -> [UInt8] where T.EncodingConfiguration == C.EncodingConfiguration {
    try encode(value, configuration: C.encodingConfiguration)
  }

  /// Encodes `value`, handing it `configuration`, as `Data`: what Foundation's
  /// `PropertyListEncoder.encode(_:configuration:)` returns. The `[UInt8]` form is chosen
  /// where either would do.
  @_disfavoredOverload
  public func encode<T: EncodableWithConfiguration>(
    _ value: T, configuration: T.EncodingConfiguration
  ) throws -> Data {
    try encode(ConfiguredEncodable(value: value, configuration: configuration))
  }

  /// Encodes `value` with the configuration `C` provides, as `Data`.
  @_disfavoredOverload
  public func encode<T: EncodableWithConfiguration, C: EncodingConfigurationProviding>(
    _ value: T, configuration: C.Type
  ) throws -> Data where T.EncodingConfiguration == C.EncodingConfiguration {
    try encode(value, configuration: C.encodingConfiguration)
  }
}

extension PlistDecoder {
  /// Decodes a value of `type` from a property list in any format, handing its initializer
  /// `configuration`, as Foundation's `PropertyListDecoder.decode(_:from:configuration:)`.
  public func decode<T: DecodableWithConfiguration>(
    _ type: T.Type, from bytes: [UInt8], format: PropertyListFormat? = nil, configuration: T.DecodingConfiguration
  ) throws -> T {
    try ConfiguredDecodable<T>.with(configuration) {
      try decode(ConfiguredDecodable<T>.self, from: bytes, format: format).value
    }
  }

  /// Decodes a value of `type` from a property list in `Data`, handing it `configuration`.
  public func decode<T: DecodableWithConfiguration>(
    _ type: T.Type, from data: Data, format: PropertyListFormat? = nil, configuration: T.DecodingConfiguration
  ) throws -> T {
    try ConfiguredDecodable<T>.with(configuration) {
      try decode(ConfiguredDecodable<T>.self, from: data, format: format).value
    }
  }

  /// Decodes a value of `type` with the configuration `C` provides.
  public func decode<T: DecodableWithConfiguration, C: DecodingConfigurationProviding>(
    _ type: T.Type, from bytes: [UInt8], format: PropertyListFormat? = nil, configuration: C.Type
  ) throws -> T where T.DecodingConfiguration == C.DecodingConfiguration {
    try decode(type, from: bytes, format: format, configuration: C.decodingConfiguration)
  }

  /// Decodes a value of `type` from `Data` with the configuration `C` provides.
  public func decode<T: DecodableWithConfiguration, C: DecodingConfigurationProviding>(
    _ type: T.Type, from data: Data, format: PropertyListFormat? = nil, configuration: C.Type
  ) throws -> T where T.DecodingConfiguration == C.DecodingConfiguration {
    try decode(type, from: data, format: format, configuration: C.decodingConfiguration)
  }
}

/// A top-level value that encodes itself with a configuration, as the encoder's own value.
private struct ConfiguredEncodable<T: EncodableWithConfiguration>: Encodable {
  let value: T
  let configuration: T.EncodingConfiguration

  func encode(to encoder: any Encoder) throws { try value.encode(to: encoder, configuration: configuration) }
}

/// A top-level value that decodes itself with a configuration: `init(from:)` runs with the
/// decoder at the root, as the type's own would, and finds the configuration that the
/// decoding call set for its length.
private struct ConfiguredDecodable<T: DecodableWithConfiguration>: Decodable {
  let value: T

  init(from decoder: any Decoder) throws {
    guard let configuration = ConfigurationSlot.current?.value as? T.DecodingConfiguration else {
      preconditionFailure("a configured decoding without its configuration")
    }
    // Values decoded inside it, configured or not, do not see it.
    value = try ConfigurationSlot.$current.withValue(nil) { try T(from: decoder, configuration: configuration) }
  }

  /// Runs `body` with `configuration` set for the top-level value.
  static func with<R>(_ configuration: T.DecodingConfiguration, _ body: () throws -> R) throws -> R {
    try ConfigurationSlot.$current.withValue(ConfigurationSlot(value: configuration)) { try body() }
  }
}

/// The configuration of the decoding in progress on this task.
private final class ConfigurationSlot: @unchecked Sendable {
  // Set once and only read, on the task that set it.
  let value: Any

  init(value: Any) { self.value = value }

  @TaskLocal static var current: ConfigurationSlot?
}
