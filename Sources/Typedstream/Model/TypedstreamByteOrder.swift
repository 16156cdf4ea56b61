/// The byte order of a typedstream's multi-byte numbers, which its signature names.
public enum TypedstreamByteOrder: String, Sendable, Equatable {
  /// `streamtyped`, which every Mac since the Intel move writes.
  case littleEndian
  /// `typedstream`, from big-endian machines (NeXT on 68k, PowerPC Macs).
  case bigEndian
}
