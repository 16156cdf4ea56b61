import PlistKit

/// The keyed container an ``ArchiveCodable`` type encodes its fields into: the analogue of
/// `NSCoder`'s keyed encoding methods. Fields keep the order they are encoded in.
///
/// Every typed `encode(_:forKey:)` succeeds (numbers and booleans inline, strings, data and
/// dates as objects); only ``encodeObject(_:forKey:)`` of an arbitrary value can fail.
public final class ArchiveEncoder {
  private let archiver: KeyedArchiver
  private let path: [String]
  /// The fields encoded so far.
  private(set) var fields = PropertyListDictionary()

  init(archiver: KeyedArchiver, path: [String]) {
    self.archiver = archiver
    self.path = path
  }

  /// Encodes an integer inline.
  public func encode(_ value: Int64, forKey key: String) { fields[key] = .integer(value) }
  /// Encodes a 32-bit integer inline.
  public func encode(_ value: Int32, forKey key: String) { fields[key] = .integer(Int64(value)) }
  /// Encodes an integer inline.
  public func encode(_ value: Int, forKey key: String) { fields[key] = .integer(value) }
  /// Encodes a boolean inline.
  public func encode(_ value: Bool, forKey key: String) { fields[key] = .boolean(value) }
  /// Encodes a double inline.
  public func encode(_ value: Double, forKey key: String) { fields[key] = .real(value) }
  /// Encodes a float inline (as a double, which is what a plist stores).
  public func encode(_ value: Float, forKey key: String) { fields[key] = .real(Double(value)) }

  /// Encodes a string as an object (an NSString, uniqued in the archive); nil as `$null`.
  public func encode(_ value: String?, forKey key: String) {
    fields[key] = archiver.reference(toLeaf: value.map { .value(.string($0)) })
  }

  /// Encodes bytes as an object (NSData); nil as `$null`.
  public func encode(_ value: [UInt8]?, forKey key: String) {
    fields[key] = archiver.reference(toLeaf: value.map { .value(.data($0)) })
  }

  /// Encodes a date as an object (NSDate); nil as `$null`.
  public func encode(_ value: PropertyListDate?, forKey key: String) {
    fields[key] = archiver.reference(toLeaf: value.map { .instance(archiver.dateInstance($0)) })
  }

  /// Encodes any archivable value as an object reference (nil as `$null`); see
  /// ``KeyedArchiver`` for what is archivable. The typed `encode` methods cannot fail; this one
  /// fails for a value with no archived form, or one nested too deep.
  public func encodeObject(_ value: Any?, forKey key: String) throws(KeyedArchiveError) {
    fields[key] = try archiver.encodeReference(value, path: { path + [key] })
  }
}
