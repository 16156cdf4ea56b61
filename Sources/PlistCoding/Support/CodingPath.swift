/// A coding path while encoding or decoding: a ``CodingPathNode`` and maybe one array index
/// more, kept apart until the path is needed, so that going into an array's element allocates
/// nothing (an element's path is asked for only by an error, a nested container that is not a
/// scalar's, or a type that reads `codingPath`).
struct CodingPath {
  var parent: CodingPathNode
  /// The index of the array element the path ends in, or -1.
  var index: Int

  static var root: CodingPath { CodingPath(parent: .root, index: -1) }

  /// The path as a chain of nodes.
  var node: CodingPathNode { index < 0 ? parent : parent.appending(index: index) }

  /// The keys from the root down.
  var path: [any CodingKey] { node.path }

  /// The path with `key` appended, as an array.
  func path(appending key: (any CodingKey)?) -> [any CodingKey] { node.path(appending: key) }

  /// This path and one key more.
  func appending(_ key: some CodingKey) -> CodingPath {
    CodingPath(parent: node.appending(key), index: -1)
  }

  /// This path and an array index more.
  func appending(index: Int) -> CodingPath {
    CodingPath(parent: node, index: index)
  }
}
