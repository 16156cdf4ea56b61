import PlistKit

/// An output stream that keeps the chunks a conversion hands on, and counts its restarts.
struct ChunkStream: PropertyListOutputStream {
  var parts: [[UInt8]] = []
  var restarts = 0
  /// What was handed on before the first restart: a streamed attempt's output, dropped.
  var droppedParts: [[UInt8]]?

  /// The chunks joined: the output.
  var joined: [UInt8] { Array(parts.joined()) }

  mutating func write(_ bytes: UnsafeRawBufferPointer) { parts.append(Array(bytes)) }

  mutating func restart() {
    if droppedParts == nil { droppedParts = parts }
    parts.removeAll()
    restarts += 1
  }
}

/// An output stream that hands each chunk to a function, which may refuse it, and counts its
/// restarts.
struct CallbackStream: PropertyListOutputStream {
  let take: (UnsafeRawBufferPointer) throws(PropertyListError) -> Void
  private(set) var restarts = 0

  init(take: @escaping (UnsafeRawBufferPointer) throws(PropertyListError) -> Void) { self.take = take }

  func write(_ bytes: UnsafeRawBufferPointer) throws(PropertyListError) { try take(bytes) }

  mutating func restart() { restarts += 1 }
}

extension PropertyListConverter {
  /// Converts `bytes` in chunks: whether the output was written while reading, and the chunks.
  ///
  /// - Throws: the error of the input or the output, whichever failed.
  func convertInChunks(_ bytes: [UInt8]) throws(PropertyListError) -> (streamed: Bool, chunks: ChunkStream) {
    var stream = ChunkStream()
    do {
      let report = try bytes.withRawBytesForTests { buffer throws(Failure) in try convert(buffer, into: &stream) }
      return (report.fallback == nil, stream)
    } catch {
      throw error.error
    }
  }

  /// Converts `bytes` into `stream`, throwing the error of the input or the output.
  func convert(_ bytes: [UInt8], into stream: inout some PropertyListOutputStream) throws(PropertyListError) -> Report {
    do {
      return try bytes.withRawBytesForTests { buffer throws(Failure) in try convert(buffer, into: &stream) }
    } catch {
      throw error.error
    }
  }
}

extension Array where Element == UInt8 {
  /// `withUnsafeBytes` with a typed error.
  func withRawBytesForTests<Result, Failure: Error>(
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let outcome = withUnsafeBytes { buffer in Swift.Result { () throws(Failure) -> Result in try body(buffer) } }
    return try outcome.get()
  }
}
