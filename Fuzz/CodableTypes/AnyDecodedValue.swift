import FoundationEssentials

/// Whatever a decoder holds, found by asking it for each kind of container and scalar in
/// turn: the fixed `Decodable` type that decodes any input its reader accepts, so that a
/// fuzz target drives every container and scalar path, not only those of one schema.
///
/// Reals and dates compare by their bits, so that a NaN equals itself when two decodings of
/// the same input are compared.
public indirect enum AnyDecodedValue: Decodable, Equatable {
  case dictionary([String: AnyDecodedValue])
  case array([AnyDecodedValue])
  case null
  case bool(Bool)
  case integer(Int64)
  case unsigned(UInt64)
  /// A real's bit pattern.
  case real(UInt64)
  /// A date's seconds since 2001 as a bit pattern.
  case date(UInt64)
  case data(Data)
  case string(String)

  /// Decodes whatever `decoder` holds.
  public init(from decoder: any Decoder) throws {
    if let keyed = try? decoder.container(keyedBy: AnyCodingKey.self) {
      var values: [String: AnyDecodedValue] = [:]
      for key in keyed.allKeys {
        values[key.stringValue] =
          try keyed.decodeNil(forKey: key) ? .null : try keyed.decode(AnyDecodedValue.self, forKey: key)
      }
      self = .dictionary(values)
      return
    }
    if var unkeyed = try? decoder.unkeyedContainer() {
      var values: [AnyDecodedValue] = []
      while !unkeyed.isAtEnd {
        values.append(try unkeyed.decodeNil() ? .null : try unkeyed.decode(AnyDecodedValue.self))
      }
      self = .array(values)
      return
    }
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      self = .null
    } else if let value = try? single.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? single.decode(Int64.self) {
      self = .integer(value)
    } else if let value = try? single.decode(UInt64.self) {
      self = .unsigned(value)
    } else if let value = try? single.decode(Double.self) {
      self = .real(value.bitPattern)
    } else if let value = try? single.decode(Date.self) {
      self = .date(value.timeIntervalSinceReferenceDate.bitPattern)
    } else if let value = try? single.decode(Data.self) {
      self = .data(value)
    } else {
      self = .string(try single.decode(String.self))
    }
  }
}

/// Any key a keyed container has.
public struct AnyCodingKey: CodingKey {
  public let stringValue: String
  public let intValue: Int?

  /// A key by name.
  public init(stringValue: String) {
    self.stringValue = stringValue
    intValue = Int(stringValue)
  }

  /// A key by number.
  public init(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }
}
