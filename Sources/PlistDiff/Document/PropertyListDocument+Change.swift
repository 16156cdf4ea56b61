import PlistDocument
import PlistKit

extension PropertyListDocument {
  /// Makes the edits `change` describes (a diff from this document's value), each by key
  /// path, so that only the bytes of what changed are written again: the rest of the text,
  /// comments and layout included, stays as it was. A merge writes its result into OURS this
  /// way.
  ///
  /// Array edits go from the end of the array to its start, so that each edit's positions are
  /// the ones the diff gives (positions in the old array); removed and inserted elements of a
  /// hunk are removed and inserted one by one, and an element changed inside is edited inside.
  ///
  /// - Throws: the error of the first edit that does not fit, as the document's own edits
  ///   throw it.
  public mutating func apply(_ change: PropertyListChange) throws(PropertyListError) {
    try apply(change, at: PropertyListKeyPath(components: []))
  }

  private mutating func apply(_ change: PropertyListChange, at path: PropertyListKeyPath) throws(PropertyListError) {
    switch change.underlying {
    case .replaced(_, let new):
      try setValue(new, at: path)
    case .dictionary(let dictionary):
      for entry in dictionary.entries {
        switch entry {
        case .removed(let key, _): try removeValue(at: path.appending(key))
        case .changed(let key, let inner): try apply(inner, at: path.appending(key))
        case .added(let key, let value, _): try insertValue(value, at: path.appending(key))
        }
      }
    case .array(let array):
      for edit in array.edits.reversed() {
        switch edit {
        case .changed(let oldIndex, _, let inner):
          try apply(inner, at: path.appending(index: oldIndex))
        case .replaced(let old, _, _, let inserted):
          for index in old.reversed() { try removeValue(at: path.appending(index: index)) }
          for (offset, value) in inserted.enumerated() {
            try insertValue(value, at: path.appending(index: old.lowerBound + offset))
          }
        }
      }
    case .repeated:
      preconditionFailure("underlying never is repeated")
    }
  }
}
