/// How a stream writer stops the read when it meets what it cannot write as it goes (see
/// ``PropertyListEventSink``): it notes why in its own state, for its caller, and throws this.
/// ``PropertyListConverter`` catches it and converts from the value instead.
extension PropertyListError {
  static let streamWriterStopped = PropertyListError(
    .notRepresentable, "the input cannot be written while it is read; convert it from its value")
}
