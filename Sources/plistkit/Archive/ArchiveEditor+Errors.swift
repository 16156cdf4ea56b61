import KeyedArchive
import PlistKit

/// The errors of archive key paths, located at the key path.
extension ArchiveEditor {
  static func noSuchKey(_ path: PropertyListKeyPath) -> PropertyListError {
    PropertyListError(.keyPath, at: .keyPath(path.description), "no such key")
  }

  static func describe(_ value: PropertyList, in graph: ObjectGraph) -> String {
    guard let id = value.uidValue.map(Int.init), id < graph.count else { return value.kind.rawValue }
    switch graph[id] {
    case .null: return "nil object"
    case .value(let inner): return inner.kind.rawValue
    case .instance(let instance): return instance.className
    }
  }

  /// An archive error as the CLI reports errors: at its key path.
  static func error(_ error: KeyedArchiveError) -> PropertyListError {
    PropertyListError(.invalidValue, at: .keyPath(error.keyPath), error.message)
  }
}
