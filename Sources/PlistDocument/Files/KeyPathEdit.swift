import PlistKit

/// One edit by key path, made the same way to a document (only the edited bytes change) and to
/// a value: what a command that sets, inserts, removes or moves one value makes of a file.
package enum KeyPathEdit: Sendable, Equatable {
  /// Replaces the value at the path, which exists (``PropertyListDocument/setValue(_:at:)``).
  case set(PropertyList)
  /// Adds a value at the path (``PropertyListDocument/insertValue(_:at:append:)``); `append`
  /// adds it after an array's last element.
  case insert(PropertyList, append: Bool)
  /// Removes the value at the path.
  case remove
  /// Moves the value to another key path; a move to another key of the same dictionary is a
  /// rename that keeps the entry's position.
  case move(to: PropertyListKeyPath)

  /// Makes the edit at `path` of a value.
  package func apply(to value: inout PropertyList, at path: PropertyListKeyPath) throws(PropertyListError) {
    switch self {
    case .set(let new): try value.setValue(new, at: path)
    case .insert(let new, let append): try value.insertValue(new, at: path, append: append)
    case .remove: try value.removeValue(at: path)
    case .move(let destination): try value.moveValue(from: path, to: destination, keepingPosition: true)
    }
  }

  /// Makes the edit at `path` of a document, changing only the bytes it edits.
  package func apply(to document: inout PropertyListDocument, at path: PropertyListKeyPath) throws(PropertyListError) {
    switch self {
    case .set(let new): try document.setValue(new, at: path)
    case .insert(let new, let append): try document.insertValue(new, at: path, append: append)
    case .remove: try document.removeValue(at: path)
    case .move(let destination): try document.moveValue(from: path, to: destination, keepingPosition: true)
    }
  }
}
