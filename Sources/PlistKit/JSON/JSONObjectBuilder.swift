/// An object being read: its members so far, and in the typed form what it takes to decide,
/// once it closes, whether it is a tag.
struct JSONObjectBuilder {
  var dictionary = PropertyListDictionary()
  /// The key of the member being read.
  var pendingKey = ""
  /// Where that member's value starts.
  var pendingValuePosition = PropertyListLocator.Position(rawValue: 0)
  /// Where the first member's value starts: a tag's errors point at its payload.
  var firstValuePosition = PropertyListLocator.Position(rawValue: 0)
  /// When the first member is `"$dict": {…}`: the inner object read as a plain dictionary,
  /// which is this object's value if no other member follows.
  var escapedDictionary: Result<PropertyListDictionary, PropertyListError>?
  /// The failure of the first member's tag reading, thrown if a second member shows that this
  /// object is no `$dict` escape.
  var deferredFailure: PropertyListError?

  /// Adds the member whose value was just read.
  mutating func add(_ member: JSONParsedValue, typed: Bool) throws(PropertyListError) {
    if dictionary.isEmpty { firstValuePosition = pendingValuePosition }
    if typed, dictionary.isEmpty, let reading = member.dictionaryReading,
      JSONTypedTag.named(pendingKey) == .dict
    {
      escapedDictionary = reading
      deferredFailure = member.failure
      dictionary[pendingKey] = member.value
      return
    }
    if let deferredFailure { throw deferredFailure }
    escapedDictionary = nil
    dictionary[pendingKey] = try member.resolved()
  }

  /// The value of the closed object in the typed form: a tag's value when it is one, else the
  /// dictionary; with both readings for the container to choose from (see ``JSONParsedValue``).
  func closeTyped(error: (PropertyListLocator.Position, String) -> PropertyListError) -> JSONParsedValue {
    let plainReading: Result<PropertyListDictionary, PropertyListError> =
      deferredFailure.map { .failure($0) } ?? .success(dictionary)
    guard dictionary.count == 1, let tag = JSONTypedTag.named(dictionary.keys[0]) else {
      return JSONParsedValue(.dictionary(dictionary), failure: deferredFailure, dictionaryReading: plainReading)
    }
    let payload = dictionary.values[0]
    let tagReading: Result<PropertyList, PropertyListError>
    if tag == .dict {
      if let escapedDictionary {
        tagReading = escapedDictionary.map { .dictionary($0) }
      } else if case .dictionary = payload {
        tagReading = .success(payload)
      } else {
        tagReading = .failure(error(firstValuePosition, "$dict must be an object, found \(Self.describe(payload))"))
      }
    } else {
      tagReading = Self.decode(tag, payload).mapError { error(firstValuePosition, $0.message) }
    }
    switch tagReading {
    case .success(let value): return JSONParsedValue(value, dictionaryReading: plainReading)
    case .failure(let failure):
      return JSONParsedValue(.dictionary(dictionary), failure: failure, dictionaryReading: plainReading)
    }
  }

  /// A message for a payload of the wrong shape.
  struct PayloadProblem: Error {
    var message: String
  }

  /// The value a scalar tag's payload stands for.
  static func decode(_ tag: JSONTypedTag, _ payload: PropertyList) -> Result<PropertyList, PayloadProblem> {
    switch (tag, payload) {
    case (.real, .string(let word)):
      if let real = JSONNonFiniteReal.value(of: word) { return .success(.real(real)) }
      return .failure(
        PayloadProblem(message: "$real must be \"NaN\", \"Infinity\" or \"-Infinity\", found \"\(word)\""))
    case (.real, .real(let real)): return .success(.real(real))
    case (.real, .integer(let integer)): return .success(.real(integer.doubleValue))
    case (.real, _):
      return .failure(PayloadProblem(message: "$real must be a string or a number, found \(describe(payload))"))
    case (.date, .string(let text)):
      if let seconds = ISO8601.parse(Array(text.utf8)[...]) ?? JSONNonFiniteReal.value(of: text) {
        return .success(.date(PropertyListDate(secondsSinceReferenceDate: seconds)))
      }
      return .failure(PayloadProblem(message: "$date is not an ISO 8601 date: \"\(text)\""))
    case (.date, .real(let seconds)):
      return .success(.date(PropertyListDate(secondsSinceReferenceDate: seconds)))
    case (.date, .integer(let seconds)):
      return .success(.date(PropertyListDate(secondsSinceReferenceDate: seconds.doubleValue)))
    case (.date, _):
      return .failure(
        PayloadProblem(message: "$date must be an ISO 8601 string or seconds since 2001, found \(describe(payload))"))
    case (.data, .string(let text)):
      do throws(Base64.DecodingFailure) {
        return .success(.data(try Base64.decode(Array(text.utf8))))
      } catch {
        return .failure(PayloadProblem(message: "$data is not valid base64"))
      }
    case (.data, _):
      return .failure(PayloadProblem(message: "$data must be a base64 string, found \(describe(payload))"))
    case (.uid, .integer(let integer)):
      if let value = integer.uint64Value { return .success(.uid(value)) }
      return .failure(PayloadProblem(message: "$uid must not be negative, found \(integer)"))
    case (.uid, _):
      return .failure(PayloadProblem(message: "$uid must be an integer, found \(describe(payload))"))
    case (.dict, _):
      return .success(payload)
    }
  }

  /// The JSON kind of a payload, for messages.
  static func describe(_ payload: PropertyList) -> String {
    switch payload {
    case .string: "a string"
    case .integer, .real: "a number"
    case .boolean: "a boolean"
    case .array: "an array"
    default: "an object"
    }
  }
}
