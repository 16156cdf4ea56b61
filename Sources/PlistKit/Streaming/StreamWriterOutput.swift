/// Where a stream writer's output goes: kept whole in memory, or handed on in chunks of about
/// a megabyte, so that converting a large file never holds all of its output.
struct StreamWriterOutput {
  /// Takes a piece of the output; a failure stops the writing.
  typealias Write = (UnsafeRawBufferPointer) throws(PropertyListError) -> Void

  /// How much output to gather before handing it on.
  static let chunkSize = 1 << 20

  private let write: Write?
  /// The most bytes of output (``PropertyListWritingOptions/maximumOutputSize``).
  private let limit: Int
  /// Bytes handed on so far.
  private(set) var handedOn = 0
  /// True once the output passed `limit`: the writer stopped, and the value path decides.
  private(set) var exceededLimit = false
  /// The first failure of `write`: the output is then lost, and the writer stops.
  private(set) var failure: PropertyListError?

  /// Output handed to `write`, or kept for the caller without it, up to `limit` bytes (see
  /// ``PropertyListWritingOptions/maximumOutputSize``; nil for no limit).
  init(write: Write?, limit: Int? = nil) {
    self.write = write
    self.limit = limit ?? Int.max
  }

  /// The capacity to reserve for the writer's buffer.
  var initialCapacity: Int { write == nil ? 1 << 16 : Self.chunkSize + Self.chunkSize >> 2 }

  /// Hands `bytes` on and empties them, once they reach a chunk (and `force` is false).
  @inline(__always)
  mutating func handOn(_ bytes: inout [UInt8], force: Bool = false) throws(PropertyListError) {
    try checkLimit(pending: bytes.count)
    guard let write, force || bytes.count >= Self.chunkSize else { return }
    if let failure { throw failure }
    do {
      try bytes.withRawBytes { (buffer) throws(PropertyListError) in try write(buffer) }
    } catch {
      failure = error
      throw error
    }
    handedOn += bytes.count
    bytes.removeAll(keepingCapacity: true)
  }

  /// Stops the writer once the output, with `pending` bytes not handed on yet, passes the
  /// limit: for a writer that holds output back for a while (the JSON writer's dictionaries that
  /// may need a wrapper).
  @inline(__always)
  mutating func checkLimit(pending: Int) throws(PropertyListError) {
    guard handedOn &+ pending > limit else { return }
    exceededLimit = true
    throw .streamWriterStopped
  }

  /// Hands the rest of the output on at its end; returns what is left in memory (all of the
  /// output without a `write` function).
  mutating func finish(_ bytes: inout [UInt8]) throws(PropertyListError) -> [UInt8] {
    try handOn(&bytes, force: true)
    return bytes
  }
}
