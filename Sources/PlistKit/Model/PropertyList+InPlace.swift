extension PropertyList {
  /// The value, moved out: it is left `false` in its place until the caller puts a value back.
  @inline(__always)
  package mutating func take() -> PropertyList {
    let taken = self
    self = .boolean(false)
    return taken
  }

  /// Runs `body` on the dictionary this value is, changed in place; nil (and `body` not run)
  /// for any other value.
  ///
  /// The dictionary is moved out of the value while `body` runs, so that `body` holds the only
  /// reference to its storage and changing it copies nothing. The obvious
  /// `switch value { case .dictionary(var dictionary): value = …` keeps a second reference
  /// alive through the switch, in optimized builds too, and every edit then copied the whole
  /// dictionary: ten thousand edits of one dictionary copied it ten thousand times.
  @inline(__always)
  package mutating func withDictionary<Result, Failure: Error>(
    _ body: (inout PropertyListDictionary) throws(Failure) -> Result
  ) throws(Failure) -> Result? {
    guard case .dictionary = self, case .dictionary(var dictionary) = take() else { return nil }
    defer { self = .dictionary(dictionary) }
    return try body(&dictionary)
  }

  /// Runs `body` on the array this value is, changed in place; nil (and `body` not run) for
  /// any other value. See ``withDictionary(_:)``.
  @inline(__always)
  package mutating func withArray<Result, Failure: Error>(
    _ body: (inout [PropertyList]) throws(Failure) -> Result
  ) throws(Failure) -> Result? {
    guard case .array = self, case .array(var array) = take() else { return nil }
    defer { self = .array(array) }
    return try body(&array)
  }
}
