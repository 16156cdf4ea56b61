/// Reads the XML form. (Placeholder until the reader lands.)
public struct XMLPropertyListReader: Sendable {
  /// The options in force.
  public var options: PropertyListReadingOptions

  /// Makes a reader.
  public init(options: PropertyListReadingOptions = .default) { self.options = options }

  /// Reads one property list.
  public func read(_ bytes: UnsafeRawBufferPointer) throws(PropertyListError) -> PropertyList {
    throw PropertyListError(.unknownFormat, format: .xml, "TODO: implement")
  }
}
