import PlistKit

/// The kinds of documents ``RandomLayout`` makes.
public enum DocumentLayoutKind: String, CaseIterable, Sendable {
  case xml, openStep, strings, json

  /// The format a reader detects for the document.
  public var format: PropertyListFormat {
    switch self {
    case .xml: .xml
    case .openStep, .strings: .openStep
    case .json: .json
    }
  }
}

/// Writes property lists in random but legal layouts, the forms real files take and the
/// writers never make: empty containers written with start and end tags (`<dict></dict>`) or
/// holding only white space, comments or processing instructions; comments between entries;
/// one-line and multi-line containers side by side; CRLF line endings; quoted and bare OpenStep
/// strings; `.strings` files without braces, with blank lines and `"key";` entries; UTF-8 with
/// and without a byte-order mark and UTF-16 in either byte order.
///
/// Every choice comes from the generator, so a seed replays a layout exactly (and a fuzzer's
/// bytes steer it).
public struct RandomLayout<Source: RandomNumberGenerator> {
  public typealias Kind = DocumentLayoutKind

  public var source: Source
  private var lineEnding = "\n"

  public init(source: Source) { self.source = source }

  // MARK: - Choices

  mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &source) < percent }
  mutating func pick<T>(_ options: [T]) -> T { options[Int.random(in: 0..<options.count, using: &source)] }
  mutating func count(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &source) }

  // MARK: - Values

  /// A random value that `kind` can hold, with empty containers often.
  public mutating func value(for kind: Kind, depth: Int = 0) -> PropertyList {
    let containers = depth < 3
    let roll = count(0...(containers ? 11 : 5))
    switch roll {
    case 0, 1: return .string(pick(RandomEdit.words + ["x", "Name", "a b", "-ObjC"]))
    case 2 where kind == .xml || kind == .json: return .integer(Int64(count(-300...300)))
    case 3 where kind == .xml || kind == .json: return .real(Double(count(-80...80)) / 8)
    case 4 where kind == .xml || kind == .json: return .boolean(chance(50))
    case 5 where kind != .json: return .data((0..<count(0...6)).map { _ in UInt8.random(in: 0...255, using: &source) })
    case 6, 7, 8:
      var dictionary = PropertyListDictionary()
      for _ in 0..<pick([0, 0, 1, 2, 3]) {
        let key = pick(["a", "b", "Key", "k.dotted", "two words", "ключ", "e\u{301}", "\u{E9}", "1", "x_y"])
        if dictionary[key] == nil { dictionary[key] = value(for: kind, depth: depth + 1) }
      }
      return .dictionary(dictionary)
    case 9, 10, 11:
      return .array((0..<pick([0, 0, 1, 2, 3])).map { _ in value(for: kind, depth: depth + 1) })
    default:
      return .string(pick(["plain", "x", ""]))
    }
  }

  /// A root value for `kind`: a dictionary for `.strings`, mostly one elsewhere.
  public mutating func rootValue(for kind: Kind) -> PropertyList {
    if kind == .strings || chance(70) {
      var dictionary = PropertyListDictionary()
      for index in 0..<count(0...4) {
        let key = kind == .strings && chance(25) ? "same\(index)" : "key\(index)"
        // A `.strings` entry whose value is its key is written `"key";`.
        dictionary[key] = key.hasPrefix("same") ? .string(key) : value(for: kind, depth: 1)
      }
      return .dictionary(dictionary)
    }
    return chance(70) ? .array((0..<count(0...3)).map { _ in value(for: kind, depth: 1) }) : value(for: kind, depth: 1)
  }

  // MARK: - Documents

  /// `value` written as a document of `kind` in a random layout and encoding.
  public mutating func document(_ value: PropertyList, as kind: Kind) -> [UInt8] {
    lineEnding = chance(25) ? "\r\n" : "\n"
    var text: String
    switch kind {
    case .xml: text = xmlDocument(value)
    case .openStep: text = openStepDocument(value)
    case .strings: text = stringsDocument(value)
    case .json: text = json(value, level: 0, multiline: chance(60))
    }
    if chance(50) { text += lineEnding }
    let encodings = kind == .json ? [0] : [0, 0, 0, 1, 2, 3]
    switch pick(encodings) {
    case 1: return [0xEF, 0xBB, 0xBF] + Array(text.utf8)
    case 2: return [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    case 3: return [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    default: return Array(text.utf8)
    }
  }

  private func indent(_ level: Int) -> String { String(repeating: "\t", count: level) }

  // MARK: XML

  private mutating func xmlDocument(_ value: PropertyList) -> String {
    var text = ""
    if chance(70) { text += "<?xml version=\"1.0\"?>" + lineEnding }
    if chance(50) {
      text +=
        "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">"
        + lineEnding
    }
    if chance(15) { text += "<!-- head -->" + lineEnding }
    guard chance(90) else { return text + xml(value, level: 0) }
    let multiline = chance(70)
    text += "<plist version=\"1.0\">" + (multiline ? lineEnding : "")
    text += xml(value, level: 0)
    return text + (multiline ? lineEnding : "") + "</plist>"
  }

  /// What may stand between two elements of a container: nothing, blanks, comments, a
  /// processing instruction; on lines of their own when the container is multi-line.
  private mutating func xmlTrivia(_ level: Int, multiline: Bool) -> String {
    var text = multiline ? lineEnding + indent(level) : pick(["", "", " "])
    if chance(12) {
      text += pick(["<!-- c -->", "<!--\(lineEnding)  two lines -->", "<?pi data?>"])
      text += multiline ? lineEnding + indent(level) : pick(["", " "])
    }
    return text
  }

  private mutating func xml(_ value: PropertyList, level: Int) -> String {
    switch value {
    case .string(let string):
      return string.isEmpty && chance(30) ? "<string/>" : "<string>\(Self.xmlEscaped(string))</string>"
    case .integer(let integer): return "<integer>\(integer)</integer>"
    case .real(let real): return "<real>\(real)</real>"
    case .boolean(let boolean): return boolean ? "<true/>" : "<false/>"
    case .data(let data):
      return data.isEmpty && chance(30) ? "<data></data>" : "<data>\(Self.base64(data))</data>"
    case .array(let elements):
      guard !elements.isEmpty else { return emptyXML("array", level: level) }
      let multiline = chance(65)
      var text = "<array>"
      for element in elements { text += xmlTrivia(level + 1, multiline: multiline) + xml(element, level: level + 1) }
      return text + (multiline ? lineEnding + indent(level) : pick(["", " "])) + "</array>"
    case .dictionary(let dictionary):
      guard !dictionary.isEmpty else { return emptyXML("dict", level: level) }
      let multiline = chance(65)
      var text = "<dict>"
      for (key, element) in dictionary {
        text += xmlTrivia(level + 1, multiline: multiline) + "<key>\(Self.xmlEscaped(key))</key>"
        text += multiline ? (chance(85) ? lineEnding + indent(level + 1) : "") : pick(["", " "])
        text += xml(element, level: level + 1)
      }
      return text + (multiline ? lineEnding + indent(level) : pick(["", " "])) + "</dict>"
    default:
      return "<string>?</string>"
    }
  }

  /// An empty container in one of the forms real files have.
  private mutating func emptyXML(_ name: String, level: Int) -> String {
    switch count(0...7) {
    case 7: return "<\(name)><!--\(lineEnding)  two lines --></\(name)>"
    case 0, 1: return "<\(name)/>"
    case 2: return "<\(name)></\(name)>"
    case 3: return "<\(name)>\(lineEnding)\(indent(level))</\(name)>"
    case 4: return "<\(name)> \t </\(name)>"
    case 5: return "<\(name)><!-- none --></\(name)>"
    default: return "<\(name)>\(lineEnding)\(indent(level + 1))<?pi x?>\(lineEnding)\(indent(level))</\(name)>"
    }
  }

  /// A string's text as PlistKit's XML writer escapes it (the layout is random; the escapes
  /// are not): what `xmlKey` writes between `<key>` and `</key>`.
  static func xmlEscaped(_ string: String) -> String {
    let element = String(decoding: (try? PropertyListFragments.xmlKey(string)) ?? [], as: UTF8.self)
    return String(element.dropFirst("<key>".count).dropLast("</key>".count))
  }

  static func base64(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
    var text = ""
    for start in stride(from: 0, to: bytes.count, by: 3) {
      let chunk = Array(bytes[start..<min(start + 3, bytes.count)]) + [0, 0]
      let bits = Int(chunk[0]) << 16 | Int(chunk[1]) << 8 | Int(chunk[2])
      let characters = (0..<4).map { alphabet[(bits >> (18 - 6 * $0)) & 63] }
      let kept = bytes.count - start >= 3 ? 4 : bytes.count - start + 1
      text += String(characters.prefix(kept)) + String(repeating: "=", count: 4 - kept)
    }
    return text
  }

  // MARK: OpenStep

  private mutating func openStepDocument(_ value: PropertyList) -> String {
    var text = chance(20) ? "// head" + lineEnding : ""
    if chance(15) { text += "/* block */" + lineEnding }
    guard case .string = value else { return text + openStep(value, level: 0) }
    // A lone string must be quoted, or it reads as another format's value.
    return text + openStepString(value.stringValue ?? "", bare: false)
  }

  private mutating func openStepString(_ string: String, bare allowed: Bool) -> String {
    let quoted = !allowed || chance(50)
    if !quoted, !string.isEmpty, string.utf8.allSatisfy(PropertyListFragments.openStepReadsUnquoted) {
      return string
    }
    return String(decoding: PropertyListFragments.openStepString(string, quoted: true), as: UTF8.self)
  }

  private mutating func openStepGap(_ level: Int, multiline: Bool) -> String {
    var text = multiline ? lineEnding + indent(level) : pick(["", " ", "  "])
    if chance(12) {
      text += pick(["/* c */", "/* two\(lineEnding)lines */"]) + (multiline ? lineEnding + indent(level) : " ")
    } else if multiline, chance(8) {
      text += "// note" + lineEnding + indent(level)
    }
    return text
  }

  private mutating func openStep(_ value: PropertyList, level: Int) -> String {
    switch value {
    case .string(let string): return openStepString(string, bare: true)
    case .data(let data):
      var text = "<"
      for (index, byte) in data.enumerated() {
        if index > 0, index % 4 == 0 || chance(10) { text += " " }
        text += String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
      }
      return text + ">"
    case .array(let elements):
      let multiline = !elements.isEmpty && chance(60)
      var text = "("
      for (index, element) in elements.enumerated() {
        text += openStepGap(level + 1, multiline: multiline) + openStep(element, level: level + 1)
        if index < elements.count - 1 || multiline && chance(70) || chance(15) { text += "," }
      }
      if elements.isEmpty, chance(30) { text += pick([" ", " /* none */ ", lineEnding + indent(level)]) }
      return text + (multiline ? lineEnding + indent(level) : pick(["", " "])) + ")"
    case .dictionary(let dictionary):
      let multiline = !dictionary.isEmpty && chance(60)
      var text = "{"
      for (key, element) in dictionary {
        text += openStepGap(level + 1, multiline: multiline) + openStepString(key, bare: true)
        text += pick([" = ", "=", " ="]) + openStep(element, level: level + 1) + pick([";", ";", " ;"])
      }
      if dictionary.isEmpty, chance(30) { text += pick([" ", " /* none */ ", lineEnding + indent(level)]) }
      return text + (multiline ? lineEnding + indent(level) : pick(["", " "])) + "}"
    default:
      return "?"
    }
  }

  /// A `.strings` file: entries on lines of their own, no braces, comments and blank lines.
  private mutating func stringsDocument(_ value: PropertyList) -> String {
    guard case .dictionary(let dictionary) = value else { return openStep(value, level: 0) }
    var text = chance(30) ? "/* Localizable.strings */" + lineEnding + lineEnding : ""
    let blankLines = chance(50)
    for (index, (key, element)) in dictionary.enumerated() {
      if index > 0, blankLines { text += lineEnding }
      if chance(40) { text += "/* \(key) */" + lineEnding }
      let keyText = openStepString(key, bare: chance(10))
      if case .string(let string) = element, string == key {
        text += keyText + ";" + lineEnding
      } else {
        text += keyText + " = " + openStep(element, level: 0) + ";" + lineEnding
      }
    }
    return text
  }

  // MARK: JSON

  private mutating func json(_ value: PropertyList, level: Int, multiline: Bool) -> String {
    func breakLine(_ level: Int) -> String {
      multiline ? lineEnding + String(repeating: "  ", count: level) : ""
    }
    let colon = multiline ? pick([": ", " : "]) : pick([":", ": "])
    switch value {
    case .string(let string): return Self.jsonString(string)
    case .integer(let integer): return "\(integer)"
    case .real(let real): return "\(real)"
    case .boolean(let boolean): return boolean ? "true" : "false"
    case .array(let elements):
      guard !elements.isEmpty else { return pick(["[]", "[ ]", "[" + breakLine(level) + "]"]) }
      let parts = elements.map { breakLine(level + 1) + json($0, level: level + 1, multiline: multiline) }
      return "[" + parts.joined(separator: multiline ? "," : pick([",", ", "])) + breakLine(level) + "]"
    case .dictionary(let dictionary):
      guard !dictionary.isEmpty else { return pick(["{}", "{ }", "{" + breakLine(level) + "}"]) }
      let parts = dictionary.map { key, element in
        breakLine(level + 1) + Self.jsonString(key) + colon + json(element, level: level + 1, multiline: multiline)
      }
      return "{" + parts.joined(separator: multiline ? "," : pick([",", ", "])) + breakLine(level) + "}"
    default:
      return "null"
    }
  }

  /// A JSON string as PlistKit's JSON writer writes it (the layout is random; the escapes are not).
  static func jsonString(_ string: String) -> String {
    var bytes = (try? JSONPropertyListWriter(options: .init(prettyPrinted: false)).write(.string(string))) ?? []
    if bytes.last == 0x0A { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
  }
}
