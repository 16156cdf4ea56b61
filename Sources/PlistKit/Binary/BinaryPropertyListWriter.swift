/// Writes the binary form (`bplist00`) as CoreFoundation does.
///
/// Placeholder until the writer lands: every value is refused.
public struct BinaryPropertyListWriter: Sendable {
  /// The options in force.
  public var options: PropertyListWritingOptions

  /// Makes a writer.
  public init(options: PropertyListWritingOptions = .default) { self.options = options }

  /// Writes one property list.
  public func write(_ value: PropertyList) throws(PropertyListError) -> [UInt8] {
    throw PropertyListError(.notRepresentable, format: .binary, "the binary writer is not implemented yet")
  }
}
