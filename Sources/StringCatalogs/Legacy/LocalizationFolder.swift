import PlistKit

/// The `.strings` and `.stringsdict` files of a localized resource folder: `DIR/en.lproj/Localizable.strings`,
/// `DIR/ja.lproj/Localizable.stringsdict`, `DIR/Base.lproj/InfoPlist.strings`, …, by language and table.
///
/// A value of files and their bytes, so that conversions work without a file system; ``read(path:)``
/// and ``write(to:)`` connect it to one.
public struct LocalizationFolder: Sendable, Equatable {
  /// What kind of table a file holds.
  public enum Kind: String, Sendable, Equatable, CaseIterable {
    /// `NAME.strings`: keys and their texts.
    case strings
    /// `NAME.stringsdict`: keys and their plural, device and width variations.
    case stringsdict
  }

  /// One file of a `LANGUAGE.lproj` folder.
  public struct File: Sendable, Equatable {
    /// The language: the name of the folder without `.lproj` (`en`, `pt-BR`, `zh-Hans`, `Base`).
    public var language: String
    /// The table: the name of the file without its extension (`Localizable`, `InfoPlist`).
    public var table: String
    /// Whether the file is `.strings` or `.stringsdict`.
    public var kind: Kind
    /// The file's bytes.
    public var bytes: [UInt8]

    /// Makes a file.
    public init(language: String, table: String, kind: Kind, bytes: [UInt8]) {
      self.language = language
      self.table = table
      self.kind = kind
      self.bytes = bytes
    }

    /// The file's path inside the folder: `en.lproj/Localizable.strings`.
    public var relativePath: String { "\(language).lproj/\(table).\(kind.rawValue)" }
  }

  /// The name of the folder that holds what a storyboard or nib is made from, not a language.
  public static let baseLanguage = "Base"

  /// The files, sorted by language, table and kind (the order of ``read(path:)``).
  public var files: [File]

  /// Makes a folder of `files`.
  public init(files: [File] = []) {
    self.files = files
  }

  /// The languages of the folder's files, sorted, `Base` among them if it has files.
  public var languages: [String] { Array(Set(files.map(\.language))).sorted() }

  /// The names of the tables of the folder's files, sorted.
  public var tableNames: [String] { Array(Set(files.map(\.table))).sorted() }

  /// The file of `language`'s `table` of `kind`, if the folder has it.
  public func file(language: String, table: String, kind: Kind) -> File? {
    files.first { $0.language == language && $0.table == table && $0.kind == kind }
  }
}
