/// The `file:` URI that opens a database read-only and immutable.
///
/// `immutable=1` tells SQLite that nothing changes the file while it is open: it takes no lock,
/// reads no journal, and never creates a `-wal`, `-shm` or `-journal` file beside it, so that an
/// examined database (an evidence copy, a file on a read-only mount) is not touched.
enum DatabaseURI {
  /// The URI for `path`, relative or absolute.
  static func readOnlyImmutable(path: String) -> String {
    // A path starting with "//" would read as an authority after "file:"; an empty authority
    // ("file://") keeps an absolute path a path.
    let prefix = path.hasPrefix("/") ? "file://" : "file:"
    return prefix + escaped(path) + "?immutable=1"
  }

  /// `path` with every byte a URI could read as syntax (`?`, `#`, `%`) or that is not printable
  /// ASCII written as `%XX`, as SQLite's URI parser expects.
  static func escaped(_ path: String) -> String {
    var result = ""
    result.reserveCapacity(path.utf8.count)
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "%"), 0...0x20, 0x7F...0xFF:
        result += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
      default:
        result.unicodeScalars.append(Unicode.Scalar(byte))
      }
    }
    return result
  }
}
