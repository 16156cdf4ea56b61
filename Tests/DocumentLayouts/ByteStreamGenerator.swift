/// A generator whose numbers are a fuzzer's input bytes, eight at a time, so that the fuzzer
/// steers every choice of ``RandomLayout`` and ``RandomEdit``. Past the input's end it goes on
/// as a ``SeededGenerator`` seeded from the input: the standard library draws again while a
/// number falls in a biased range, which a stream of zeros would make it do for ever.
public struct ByteStreamGenerator: RandomNumberGenerator {
  private let bytes: [UInt8]
  private var offset = 0
  private var rest: SeededGenerator

  public init(bytes: [UInt8]) {
    self.bytes = bytes
    rest = SeededGenerator(seed: bytes.reduce(0x5EED) { $0 &* 0x100_0000_01B3 ^ UInt64($1) })
  }

  public mutating func next() -> UInt64 {
    guard offset + 8 <= bytes.count else { return rest.next() }
    var value: UInt64 = 0
    for byte in bytes[offset..<(offset + 8)] { value = value << 8 | UInt64(byte) }
    offset += 8
    return value
  }
}
