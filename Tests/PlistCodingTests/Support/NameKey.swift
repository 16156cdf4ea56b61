/// A coding key of any name and no integer value, for test types that ask for keys they are
/// given rather than a fixed set.
struct NameKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
