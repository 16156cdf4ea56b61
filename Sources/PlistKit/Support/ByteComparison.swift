extension UnsafeBufferPointer where Element == UInt8 {
  /// True when both buffers hold the same bytes.
  ///
  /// Compares eight bytes at a time: string equality by code units is on the hot path of
  /// dictionary lookup and of the binary writer's uniquing, where a generic element-by-element
  /// comparison cost more than the hashing around it. Inlinable, so that a short comparison
  /// in another module costs no call.
  @inlinable
  package func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
    guard count == other.count else { return false }
    guard let lhs = baseAddress, let rhs = other.baseAddress, lhs != rhs else { return true }
    let lhsRaw = UnsafeRawPointer(lhs)
    let rhsRaw = UnsafeRawPointer(rhs)
    var offset = 0
    while offset + 8 <= count {
      guard
        lhsRaw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          == rhsRaw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      else { return false }
      offset += 8
    }
    while offset < count {
      guard lhs[offset] == rhs[offset] else { return false }
      offset += 1
    }
    return true
  }
}
