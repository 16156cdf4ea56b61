import PlistDiff
import PlistKit

/// A three-way merge of String Catalogs by string, language and variation: what each side
/// changed from a common base, combined, and written in Xcode's layout.
///
/// ```swift
/// let result = try StringCatalogMerge().merge(base: base, ours: ours, theirs: theirs)
/// if result.conflicts.isEmpty { write(result.bytes) }
/// ```
///
/// The catalogs merge as values (`PropertyListMerge`), member by member: two branches that
/// add different strings, or different languages or plural cases of one string, merge
/// cleanly, also when both added the same new string (its members merge as if the base had
/// held it empty). The same string, language and variation changed differently on the two
/// sides is a conflict, reported with its key path (`strings.Done.localizations.de.stringUnit.value`),
/// and takes the side ``resolution`` names. The result is written by ``StringCatalogWriter``
/// in Xcode's key order, as Xcode would save it.
public struct StringCatalogMerge: Sendable {
  /// Which side a conflict takes in the merged catalog.
  public var resolution: PropertyListMerge.Resolution

  /// Makes a merge.
  public init(resolution: PropertyListMerge.Resolution = .ours) {
    self.resolution = resolution
  }

  /// The merged catalog, its file and the conflicts.
  public struct Result: Sendable, Equatable {
    /// The merged catalog (conflicts take the side of the merge's resolution).
    public var catalog: StringCatalog
    /// The merged catalog as the value of its JSON.
    public var value: PropertyList
    /// The conflicts, each with its key path and the three sides' values.
    public var conflicts: [PropertyListConflict]
    /// The merged catalog as an `.xcstrings` file in Xcode's layout and order.
    public var bytes: [UInt8] { StringCatalogWriter(keyOrder: .xcode).write(catalog) }
  }

  /// Merges the catalogs in the bytes of three `.xcstrings` files; an empty `base` (git's
  /// merge of a file both sides added) is a catalog with nothing in it.
  ///
  /// - Throws: the reader's error for a file that is not a catalog.
  public func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8]) throws(PropertyListError) -> Result {
    let baseValue = base.isEmpty ? PropertyList.dictionary(PropertyListDictionary()) : try Self.value(of: base)
    return try merge(base: baseValue, ours: try Self.value(of: ours), theirs: try Self.value(of: theirs))
  }

  /// Merges catalogs given as the values of their JSON (what PlistKit's JSON reader reads).
  ///
  /// - Throws: `PropertyListError/Kind/invalidValue` when the merged value is not a catalog
  ///   (when a side is not one), with the key path of what is wrong.
  public func merge(base: PropertyList, ours: PropertyList, theirs: PropertyList) throws(PropertyListError) -> Result {
    let seeded = Self.seeded(base: base, ours: ours, theirs: theirs)
    let merged = PropertyListMerge(resolution: resolution).merge(base: seeded, ours: ours, theirs: theirs)
    // Through JSON, so that the merged catalog is exactly what the reader makes of a file.
    var catalog: StringCatalog
    do {
      catalog = try StringCatalog(bytes: try merged.value.serialized(as: .json))
    } catch {
      // The place is in text no one has seen: the message's key path says where.
      throw PropertyListError(.invalidValue, format: .json, error.message)
    }
    catalog.endsWithNewline = false
    return Result(catalog: catalog, value: merged.value, conflicts: merged.conflicts)
  }

  /// True when `value` has a catalog's shape at the top: a `sourceLanguage` string and a
  /// `strings` object.
  public static func isCatalog(_ value: PropertyList) -> Bool {
    guard case .dictionary(let top) = value, case .string? = top["sourceLanguage"],
      case .dictionary? = top["strings"]
    else { return false }
    return true
  }

  /// `base` with an empty object wherever both sides added an object it lacks, down to the
  /// leaves, so that what both added merges member by member instead of conflicting whole.
  static func seeded(base: PropertyList?, ours: PropertyList, theirs: PropertyList) -> PropertyList {
    guard case .dictionary(let mine) = ours, case .dictionary(let other) = theirs else {
      return base ?? .dictionary(PropertyListDictionary())
    }
    var result: PropertyListDictionary
    switch base {
    case .dictionary(let dictionary)?: result = dictionary
    case nil: result = PropertyListDictionary()
    default: return base!
    }
    for (key, value) in mine {
      guard case .dictionary = value, let theirsValue = other[key], case .dictionary = theirsValue else { continue }
      let inner = result[key]
      if inner == nil || inner?.dictionaryValue != nil {
        _ = result.updateValue(seeded(base: inner, ours: value, theirs: theirsValue), forKey: key)
      }
    }
    return .dictionary(result)
  }

  private static func value(of bytes: [UInt8]) throws(PropertyListError) -> PropertyList {
    let options = PropertyListReadingOptions(jsonStyle: .plain, detectsTypedJSON: false)
    return try PropertyList(bytes: bytes, format: .json, options: options)
  }
}
