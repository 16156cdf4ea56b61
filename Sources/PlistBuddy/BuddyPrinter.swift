import PlistKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// PlistBuddy's `Print` layout:
///
/// ```
/// Dict {
///     CFBundleName = Demo
///     CFBundleURLTypes = Array {
///         Dict {
///             CFBundleURLSchemes = Array {
///                 demo
///             }
///         }
///     }
/// }
/// ```
///
/// Each level indents four spaces; strings and data are written as they are (data as its raw
/// bytes), integers in decimal, reals as C's `%f` (`3.140000`), booleans as `true` or `false`,
/// dates as ``BuddyDate`` prints them. Dictionary entries come in the file's order (macOS prints
/// them in its hash table's order, which no script can rely on). A UID, which PlistBuddy has no
/// form for, prints as the dictionary the XML format writes for it (`CF$UID = 5`).
public enum BuddyPrinter {
  /// The lines `Print` writes for `value`, the final newline included.
  public static func render(_ value: PropertyList) -> [UInt8] {
    var bytes: [UInt8] = []
    _ = append(value, indent: 0, to: &bytes, limit: Int.max)
    bytes.append(0x0A)
    return bytes
  }

  /// The lines `Print` writes for `value`, when they are at most `maximumSize` bytes.
  ///
  /// A value read from a binary plist may share one container or one long string from many
  /// places, and printed lines cannot share: the least they would make is weighed first (each
  /// shared container once, see `PropertyListWritingOptions.maximumOutputSize`), and
  /// the indentation, which only adds to it, is counted as the lines are made.
  ///
  /// - Throws: a `PropertyListError.Kind.limitExceeded` error when the lines would be
  ///   more than `maximumSize` bytes or more values than the written value limit, before
  ///   they pass either.
  public static func render(_ value: PropertyList, maximumSize: Int) throws(PropertyListError) -> [UInt8] {
    // `Array {` and `}` on lines of their own, ` = ` and a newline after a key, a newline
    // after a value.
    let weights = ExpansionWeights(container: 9, keyOverhead: 4) { value in
      switch value {
      case .string(let text): text.utf8.count + 1
      case .data(let data): data.count + 1
      default: 2
      }
    }
    try PropertyListWritingOptions(maximumOutputSize: maximumSize).checkExpansion(
      of: value, weights: weights, format: nil, what: "printed lines")
    var bytes: [UInt8] = []
    guard append(value, indent: 0, to: &bytes, limit: maximumSize), bytes.count < maximumSize else {
      throw PropertyListWritingOptions.outputLimitError(
        "the printed lines passed \(maximumSize) bytes while they were made", limit: maximumSize, format: nil)
    }
    bytes.append(0x0A)
    return bytes
  }

  /// Appends `value`'s lines; false once they pass `limit` bytes.
  private static func append(_ value: PropertyList, indent: Int, to bytes: inout [UInt8], limit: Int) -> Bool {
    switch value {
    case .string(let text): bytes.append(contentsOf: text.utf8)
    case .integer(let integer): bytes.append(contentsOf: integer.description.utf8)
    case .real(let real): bytes.append(contentsOf: fixed(real).utf8)
    case .boolean(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
    case .date(let date): bytes.append(contentsOf: BuddyDate.format(date).utf8)
    case .data(let data): bytes.append(contentsOf: data)
    case .uid(let uid):
      return append(
        .dictionary(PropertyListDictionary([("CF$UID", .integer(uid))])), indent: indent, to: &bytes, limit: limit)
    case .array(let elements):
      bytes.append(contentsOf: "Array {\n".utf8)
      for element in elements {
        bytes.append(contentsOf: repeatElement(0x20, count: indent + 4))
        guard append(element, indent: indent + 4, to: &bytes, limit: limit) else { return false }
        bytes.append(0x0A)
      }
      close(indent: indent, to: &bytes)
    case .dictionary(let dictionary):
      bytes.append(contentsOf: "Dict {\n".utf8)
      for (key, element) in dictionary {
        bytes.append(contentsOf: repeatElement(0x20, count: indent + 4))
        bytes.append(contentsOf: key.utf8)
        bytes.append(contentsOf: " = ".utf8)
        guard append(element, indent: indent + 4, to: &bytes, limit: limit) else { return false }
        bytes.append(0x0A)
      }
      close(indent: indent, to: &bytes)
    }
    return bytes.count <= limit
  }

  private static func close(indent: Int, to bytes: inout [UInt8]) {
    bytes.append(contentsOf: repeatElement(0x20, count: indent))
    bytes.append(UInt8(ascii: "}"))
  }

  /// `real` as C's `printf("%f")` writes it: six decimals, exactly rounded, `inf` and `nan`.
  static func fixed(_ real: Double) -> String {
    withVaList([real]) { arguments in
      let length = Int(vsnprintf(nil, 0, "%f", arguments))
      return withVaList([real]) { again in
        var buffer = [CChar](repeating: 0, count: length + 1)
        _ = vsnprintf(&buffer, buffer.count, "%f", again)
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
      }
    }
  }
}
