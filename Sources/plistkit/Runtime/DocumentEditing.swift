import PlistDocument
import PlistKit

/// The CLI's side of an edit of a file: its bytes come from `PropertyListIO` (standard input
/// for `-`, within the input limit) and its errors become ``CommandError``s; the edit itself is
/// the library's ``PropertyListFileEditor``.
enum DocumentEditing {
  /// The bytes of the file at `path` (read already when `input` is given) after `change`, made
  /// by `editor`; errors name the file.
  static func edit(
    _ path: String, input: InputBuffer? = nil, editor: PropertyListFileEditor,
    document change: (inout PropertyListDocument) throws(PropertyListError) -> Void,
    value valueChange: (inout PropertyList) throws(PropertyListError) -> Void
  ) throws(CommandError) -> [UInt8] {
    let bytes: [UInt8]
    if let input { bytes = input.array } else { bytes = try PropertyListIO.readBytes(path).array }
    do {
      // Handed over, not shared: the document then edits the text in place.
      return try editor.edit(consume bytes, path: fileName(path), document: change, value: valueChange)
    } catch {
      throw .file(path, error)
    }
  }

  /// The file at `path` (whose bytes are `bytes`) as a document to edit, or nil when `editor`
  /// writes it whole (see ``PropertyListFileEditor/document(of:path:)``).
  static func document(
    of path: String, bytes: [UInt8], editor: PropertyListFileEditor
  ) throws(CommandError) -> PropertyListDocument? {
    do {
      return try editor.document(of: bytes, path: fileName(path))
    } catch {
      throw .file(path, error)
    }
  }

  /// The path the library sees: none for standard input.
  private static func fileName(_ path: String) -> String? { path == "-" ? nil : path }
}
