import PlistKit
import PlutilCompatibility

/// Writes a ``StringCatalog`` as Xcode writes an `.xcstrings` file, byte for byte.
///
/// Xcode's layout is Foundation's pretty-printed JSON: two spaces of indent per level,
/// `"key" : value` with a space before the colon, an empty object as `{`, an empty line and
/// `}`, no line break after the closing brace (unless ``StringCatalog/endsWithNewline``), slashes
/// and characters outside ASCII as they are, and only `"`, `\` and the control characters
/// escaped (`\n`, `\t`, `\r`, `\b`, `\f`, the others as `\u00XX`).
///
/// The members of an object are in Xcode's key order: Foundation's `compare(_:options:)` with
/// `.numeric`, `.caseInsensitive` and `.forcedOrdering` (so `AddedSuccessfully` comes before
/// `AddServer`, and `Item 2` before `Item 10`). The members of the objects the format defines
/// always are, the unknown ones among them; the keys of strings, languages, variation cases,
/// substitutions and of objects inside unknown members are by default in the catalog's own order, so that a file another tool wrote out of order round-trips exactly,
/// and with ``KeyOrder/xcode`` in Xcode's, as Xcode writes them when it saves.
public struct StringCatalogWriter: Sendable {
  /// How the keys of strings, languages, variation cases and substitutions are ordered.
  public enum KeyOrder: Sendable, Equatable {
    /// As in the catalog: the order they were read or added in.
    case asRead
    /// Xcode's order, as Xcode writes them when it saves the catalog.
    case xcode
  }

  /// How keys are ordered.
  public var keyOrder: KeyOrder
  /// The size the output will likely have (the size of the file the catalog was read from),
  /// reserved at once so that a large output is not copied as it grows; nil grows as it goes.
  public var expectedSize: Int?

  /// Makes a writer.
  public init(keyOrder: KeyOrder = .asRead) {
    self.keyOrder = keyOrder
  }

  /// The bytes of `catalog` in Xcode's layout.
  public func write(_ catalog: StringCatalog) -> [UInt8] {
    var output = CatalogJSONOutput(keyOrder: keyOrder)
    // A little more than the file, for a few keys put in order or escapes written otherwise.
    if let expectedSize { output.bytes.reserveCapacity(expectedSize + expectedSize / 64 + 64) }
    output.catalog(catalog)
    if catalog.endsWithNewline { output.bytes.append(UInt8(ascii: "\n")) }
    return output.bytes
  }
}
