import PlistDocument
import PlistKit

extension BuildSettingsExpansion {
  /// The bytes of a whole file after the expansion, in its own format: a text file through its
  /// document, so that only the strings and keys that change are written again; a binary file
  /// through its value, written whole in binary (see `PropertyListFileEditor`). `path` hints
  /// at the format, as the editor takes it.
  ///
  /// - Throws: the reader's error for a file it refuses; an expansion's error as a
  ///   `PropertyListError` at the key path of the string or key that failed.
  package func expandFile(
    _ bytes: consuming [UInt8], path: String?, editor: PropertyListFileEditor = PropertyListFileEditor()
  ) throws(PropertyListError) -> [UInt8] {
    try editor.edit(
      bytes, path: path,
      document: { (document) throws(PropertyListError) in
        do throws(BuildSettingsError) { try expand(&document) } catch { throw error.propertyListError }
      },
      value: { (value) throws(PropertyListError) in
        do throws(BuildSettingsError) { value = try expand(value) } catch { throw error.propertyListError }
      })
  }
}
