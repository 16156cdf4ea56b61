import PlistKit

/// A fixed table of names, told apart by UTF-8 length first and then bytes: a project file has
/// one `isa` per object and a handful of keys, and hashing each into a set of names costs more
/// than the one or two byte comparisons this takes.
struct ByteNameTable<Value: Sendable>: Sendable {
  private let byLength: [Int: [(name: [UInt8], value: Value)]]

  /// A table of `entries`.
  init(_ entries: [(String, Value)]) {
    var table: [Int: [(name: [UInt8], value: Value)]] = [:]
    for (name, value) in entries { table[name.utf8.count, default: []].append((Array(name.utf8), value)) }
    byLength = table
  }

  /// The value of the name spelled by `bytes`, if the table has it.
  subscript(bytes: UnsafeBufferPointer<UInt8>) -> Value? {
    guard let candidates = byLength[bytes.count] else { return nil }
    for candidate in candidates where candidate.name.withUnsafeBufferPointer({ bytes.hasSameBytes(as: $0) }) {
      return candidate.value
    }
    return nil
  }
}
