import FoundationEssentials
@_spi(PropertyListMap) import PlistKit

/// The places and values of a map's errors.
extension MapDecodingSource {
  func location(of index: Int) -> PropertyListError.Location { map.location(ofEntry: index) }

  /// What the entry at `index` holds, for messages: `a string "abc"`, `an integer 300`.
  func found(_ index: Int) -> String {
    if let chain = archive?.classes[map.resolved(index)] { return "an object of class \(chain.className)" }
    let entry = map.entries[map.resolved(index)]
    switch entry.kind {
    case .null: return "null ($null)"
    case .string: return found(string: map.strings[Int(entry.payload)])
    case .integer: return "an integer \(Int64(bitPattern: entry.payload))"
    case .largeInteger: return "an integer \(entry.payload)"
    case .real: return "a real \(Double(bitPattern: entry.payload))"
    case .boolean: return "a boolean \(entry.payload != 0)"
    case .date:
      return "a date \(PropertyListDate(secondsSinceReferenceDate: Double(bitPattern: entry.payload)).iso8601)"
    case .data: return "data (\(map.withData(Int(entry.payload)) { $0.count }) bytes)"
    case .uid: return "a UID \(entry.payload)"
    case .array: return "an array (\(counted(entry.count, "element")))"
    case .dictionary: return "a dictionary (\(counted(entry.count, "key")))"
    case .shared: return "a shared value"
    case .shadowed: return "a repeated key"
    }
  }
}
