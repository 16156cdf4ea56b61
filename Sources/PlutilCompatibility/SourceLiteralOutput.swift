import PlistKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the Swift and Objective-C literal writers share: the layout (four spaces a level,
/// `,` after every element, keys in ``PlutilKeyOrder``), the names taken from the source file,
/// and `plutil`'s forms of strings and numbers.
enum SourceLiteralOutput {
  /// The sequences that `plutil` escapes with one more backslash, in the order it replaces
  /// them: mostly regular-expression escapes (`\b`, `\s`, `\w`, …) and the quote.
  private static let escapedSequences: [[Unicode.Scalar]] = [
    ["\\", "b"], ["\\", "s"], ["\""], ["\\", "w"], ["\\", "."], ["\\", "|"], ["\\", "*"], ["\\", ")"], ["\\", "("],
  ]

  /// A string's body between the quotes, as `plutil` writes it. Each sequence is replaced in
  /// its own pass, as `plutil` does, and not where a combining mark follows it (Foundation's
  /// search does not end a match inside a character); the Swift form also writes a line feed
  /// as `\n`. Other backslashes and control characters are copied as they are, so the literal
  /// does not always mean the string (as with `plutil`).
  static func escaped(_ string: String, lineFeeds: Bool) -> String {
    var scalars = Array(string.unicodeScalars)
    for sequence in escapedSequences { scalars = replacing(sequence, in: scalars, with: ["\\"] + sequence) }
    if lineFeeds { scalars = replacing(["\n"], in: scalars, with: ["\\", "n"]) }
    var result = String.UnicodeScalarView()
    result.append(contentsOf: scalars)
    return String(result)
  }

  private static func replacing(
    _ sequence: [Unicode.Scalar], in scalars: [Unicode.Scalar], with replacement: [Unicode.Scalar]
  ) -> [Unicode.Scalar] {
    var result: [Unicode.Scalar] = []
    result.reserveCapacity(scalars.count)
    var index = 0
    while index < scalars.count {
      let end = index + sequence.count
      if end <= scalars.count, scalars[index..<end].elementsEqual(sequence),
        end == scalars.count || !scalars[end].properties.isGraphemeExtend
      {
        result.append(contentsOf: replacement)
        index = end
      } else {
        result.append(scalars[index])
        index += 1
      }
    }
    return result
  }

  /// A real as C's `%f` writes it (six decimals, `inf`), as `plutil` does; a NaN is `nan`
  /// whatever its sign bit, as Foundation's numbers keep none.
  static func formatted(_ real: Double) -> String {
    if real.isNaN { return "nan" }
    // 309 integer digits at most, the point and six decimals, a sign and the terminator.
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 330) { buffer in
      let count = withVaList([real]) { vsnprintf(buffer.baseAddress, buffer.count, "%f", $0) }
      return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(count)), as: UTF8.self)
    }
  }

  /// Four spaces for each level.
  static func indentation(_ depth: Int) -> String { String(repeating: " ", count: depth * 4) }

  /// Writes an array or dictionary as both languages lay it out: `open`, one element a line
  /// (a dictionary's as `KEY_PREFIX"key" : value`, in plutil's key order) each ending in `,`,
  /// then `close` on the container's own indentation.
  static func appendContainer(
    _ value: PropertyList, depth: Int, open: String, close: String, keyPrefix: String, to text: inout String,
    element: (PropertyList, Int, inout String) -> Void
  ) {
    let members: [(key: String?, value: PropertyList)]
    switch value {
    case .array(let elements): members = elements.map { (nil, $0) }
    case .dictionary(let dictionary): members = sortedEntries(dictionary).map { ($0.key, $0.value) }
    default: preconditionFailure("only containers have members")
    }
    text += open + "\n"
    for member in members {
      text += indentation(depth + 1)
      if let key = member.key { text += keyPrefix + "\"\(key)\" : " }
      element(member.value, depth + 1, &text)
      text += ",\n"
    }
    text += indentation(depth) + close
  }

  /// The last path component of a path (`-` for standard input), as `plutil` names the
  /// source in its `/// Generated from` line.
  static func lastComponent(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/"), trimmed.count > 1 else { return String(trimmed) }
    return String(trimmed[trimmed.index(after: slash)...])
  }

  /// A file name without its extension (`.hidden` has none).
  static func stem(of path: String) -> String {
    let name = lastComponent(of: path)
    guard name != ".", name != "..", let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }

  /// The variable `plutil` declares: the file's stem with `-` and spaces as `_`, and symbols
  /// and control characters left out (anything else stays, dots included).
  static func variableName(forFile path: String) -> String {
    var name = String.UnicodeScalarView()
    for scalar in stem(of: path).unicodeScalars {
      if scalar == "-" || scalar == " " {
        name.append("_")
        continue
      }
      switch scalar.properties.generalCategory {
      case .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol, .control, .format: continue
      default: name.append(scalar)
      }
    }
    return String(name)
  }

  /// The keys of a dictionary in `plutil`'s order, with their values.
  static func sortedEntries(_ dictionary: PropertyListDictionary) -> [(key: String, value: PropertyList)] {
    let order = PlutilKeyOrder.sorted(dictionary.keys)
    return order.map { ($0, dictionary[$0]!) }
  }

  /// The first UID, or (for Objective-C) date or data, by key path: what a literal cannot hold.
  static func firstUnrepresentable(in value: PropertyList, allowsDatesAndData: Bool) -> PropertyListKeyPath? {
    func isRefused(_ value: PropertyList) -> Bool {
      switch value {
      case .uid: true
      case .date, .data: !allowsDatesAndData
      default: false
      }
    }
    if isRefused(value) { return PropertyListKeyPath(components: []) }
    switch value {
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        if let path = firstUnrepresentable(in: element, allowsDatesAndData: allowsDatesAndData) {
          return PropertyListKeyPath(components: [String(index)] + path.components)
        }
      }
    case .dictionary(let dictionary):
      for (key, element) in dictionary {
        if let path = firstUnrepresentable(in: element, allowsDatesAndData: allowsDatesAndData) {
          return PropertyListKeyPath(components: [key] + path.components)
        }
      }
    default: break
    }
    return nil
  }
}
