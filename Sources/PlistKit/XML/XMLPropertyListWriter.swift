/// Writes the XML form. (Placeholder until the writer lands.)
public struct XMLPropertyListWriter: Sendable {
  /// The options in force.
  public var options: PropertyListWritingOptions

  /// Makes a writer.
  public init(options: PropertyListWritingOptions = .default) { self.options = options }

  /// Writes one property list.
  public func write(_ value: PropertyList) throws(PropertyListError) -> [UInt8] {
    throw PropertyListError(.notRepresentable, format: .xml, "TODO: implement")
  }
}
