import PlistKit

/// Short JSON text for values quoted in error messages ("found \"17a9\"").
enum JSONRendering {
  /// At most this many characters of a rendered value appear in a message.
  static let limit = 80

  /// The value as compact JSON (its plain JSON view), cut to ``limit`` characters.
  static func render(_ value: PropertyList) -> String {
    render(value, schemaNull: false)
  }

  /// A value of a schema document as compact JSON, its nulls (``SchemaNull``) as `null`.
  static func render(schemaValue value: PropertyList) -> String {
    render(value, schemaNull: true)
  }

  private static func render(_ value: PropertyList, schemaNull: Bool) -> String {
    var text = ""
    append(value, schemaNull: schemaNull, to: &text)
    guard text.count > limit else { return text }
    return String(text.prefix(limit - 1)) + "…"
  }

  /// A real as JSON writes it: `1.5`, `1.0`, `1e+308`.
  static func real(_ value: Double) -> String { value.description }

  /// A string as a JSON string literal, escaped as the JSON writer escapes it.
  static func quoted(_ string: String) -> String {
    var bytes: [UInt8] = []
    bytes.appendJSONString(string)
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func append(_ value: PropertyList, schemaNull: Bool, to text: inout String) {
    // Deep values are cut anyway: stop descending once the text is long enough.
    guard text.count <= limit else { return }
    if schemaNull, value.isIdentical(to: SchemaNull.value) { return text += "null" }
    switch value {
    case .string, .date, .data: text += quoted(value.jsonString!)
    case .integer(let integer): text += integer.description
    case .real(let real): text += Self.real(real)
    case .boolean(let boolean): text += boolean ? "true" : "false"
    case .array(let elements):
      text += "["
      for (position, element) in elements.enumerated() {
        if position > 0 { text += "," }
        append(element, schemaNull: schemaNull, to: &text)
        if text.count > limit { break }
      }
      text += "]"
    case .dictionary, .uid:
      text += "{"
      for (position, entry) in value.jsonObject!.enumerated() {
        if position > 0 { text += "," }
        text += quoted(entry.key) + ":"
        append(entry.value, schemaNull: schemaNull, to: &text)
        if text.count > limit { break }
      }
      text += "}"
    }
  }
}
