/// A generator whose numbers are a fuzzer's input bytes, eight at a time (zeros once they run
/// out), so that the fuzzer steers every choice of ``RandomLayout`` and ``RandomEdit``.
public struct ByteStreamGenerator: RandomNumberGenerator {
  private let bytes: [UInt8]
  private var offset = 0

  public init(bytes: [UInt8]) { self.bytes = bytes }

  public mutating func next() -> UInt64 {
    var value: UInt64 = 0
    for _ in 0..<8 {
      value = value << 8 | UInt64(offset < bytes.count ? bytes[offset] : 0)
      offset += 1
    }
    return value
  }
}
