/// Where ``PropertyListConverter`` hands its output, in pieces as it is made.
///
/// A converter that writes while it reads may meet something it cannot write that way (a
/// dictionary that repeats a key, say) after handing some output on: it then calls
/// ``restart()`` and writes the whole output again, converted from the value. A byte array is
/// a stream that keeps everything.
public protocol PropertyListOutputStream {
  /// Takes the next piece of the output; a throw stops the conversion.
  mutating func write(_ bytes: UnsafeRawBufferPointer) throws(PropertyListError)
  /// Drops everything written so far: the output starts again.
  mutating func restart() throws(PropertyListError)
}

extension Array: PropertyListOutputStream where Element == UInt8 {
  /// Appends the bytes.
  public mutating func write(_ bytes: UnsafeRawBufferPointer) { append(contentsOf: bytes) }

  /// Empties the array.
  public mutating func restart() { removeAll(keepingCapacity: true) }
}
