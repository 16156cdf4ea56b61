/// Reads the OpenStep form. (Placeholder until the reader lands.)
public struct OpenStepPropertyListReader: Sendable {
  /// The options in force.
  public var options: PropertyListReadingOptions

  /// Makes a reader.
  public init(options: PropertyListReadingOptions = .default) { self.options = options }

  /// Reads one property list.
  public func read(_ bytes: UnsafeRawBufferPointer) throws(PropertyListError) -> PropertyList {
    throw PropertyListError(.unknownFormat, format: .openStep, "TODO: implement")
  }
}
