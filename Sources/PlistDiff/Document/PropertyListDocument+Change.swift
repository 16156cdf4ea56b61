import PlistDocument
import PlistKit

extension PropertyListDocument {
  /// Makes the edits `change` describes (a diff from this document's value), each by key
  /// path, so that only the bytes of what changed are written again: the rest of the text,
  /// comments and layout included, stays as it was. A merge writes its result into OURS this
  /// way.
  ///
  /// The edits are made together, as a batch of ``PropertyListDocument/BatchEdit``s,
  /// so that a change of many values in a large file costs a few passes over its text:
  /// removed and inserted elements of a hunk are removed and inserted one by one, and an
  /// element changed inside is edited inside.
  ///
  /// - Throws: the error of the first edit that does not fit, as the document's own edits
  ///   throw it.
  public mutating func apply(_ change: PropertyListChange) throws(PropertyListError) {
    var edits: [BatchEdit] = []
    Self.collect(change, at: PropertyListKeyPath(components: []), into: &edits)
    try apply(edits)
  }

  /// The edits of `change` at `path`, with paths in the document as it is.
  private static func collect(_ change: PropertyListChange, at path: PropertyListKeyPath, into edits: inout [BatchEdit])
  {
    switch change.underlying {
    case .replaced(_, let new):
      edits.append(.replace(path, with: new))
    case .dictionary(let dictionary):
      for entry in dictionary.entries {
        switch entry {
        case .removed(let key, _): edits.append(.remove(path.appending(key)))
        case .changed(let key, let inner): collect(inner, at: path.appending(key), into: &edits)
        case .added(let key, let value, _): edits.append(.insert(value, at: path.appending(key)))
        }
      }
    case .array(let array):
      for edit in array.edits {
        switch edit {
        case .changed(let oldIndex, _, let inner):
          collect(inner, at: path.appending(index: oldIndex), into: &edits)
        case .replaced(let old, _, _, let inserted):
          for index in old { edits.append(.remove(path.appending(index: index))) }
          // Before the element after the hunk: where the hunk was, once it is removed.
          for value in inserted { edits.append(.insert(value, at: path.appending(index: old.upperBound))) }
        }
      }
    case .repeated:
      preconditionFailure("underlying never is repeated")
    }
  }
}
