/// Parses an ECMA-262 pattern, with the `u` flag's syntax (JSON Schema's patterns are
/// Unicode-aware), into a ``PatternNode``.
///
/// Where ECMA-262 without `u` (its Annex B) reads a stray `{`, `}` or `]` as itself, so does
/// this parser; an escape of a letter or digit that means nothing (`\a`, `\z`) is an error, as
/// is anything outside ECMA-262 (inline flags, possessive quantifiers).
struct PatternParser {
  private let scalars: [Unicode.Scalar]
  private let source: String
  private var position = 0
  /// Capturing groups opened so far.
  private var groupCount = 0
  /// Capturing groups in the whole pattern, counted up front: `\2` may come before group 2.
  private let totalGroups: Int
  private var groupNames: [String: Int] = [:]
  /// Named references, resolved once every group is known: (name, where it stands).
  private var namedReferences: [String] = []

  /// Parses `source`.
  static func parse(_ source: String) throws(ECMAPattern.PatternError) -> (node: PatternNode, groups: Int) {
    var parser = PatternParser(source)
    let node = try parser.disjunction()
    guard parser.position == parser.scalars.count else {
      throw parser.error("unmatched ')'")
    }
    for name in parser.namedReferences where parser.groupNames[name] == nil {
      throw parser.error("\\k<\(name)> names no group")
    }
    return (try parser.resolvingNames(node), parser.groupCount)
  }

  private init(_ source: String) {
    self.source = source
    scalars = Array(source.unicodeScalars)
    var count = 0
    var index = 0
    var inClass = false
    while index < scalars.count {
      switch scalars[index] {
      case "\\": index += 1
      case "[": inClass = true
      case "]": inClass = false
      case "(" where !inClass:
        let next = index + 1 < scalars.count ? scalars[index + 1] : " "
        let after = index + 2 < scalars.count ? scalars[index + 2] : " "
        if next != "?"
          || (after == "<" && index + 3 < scalars.count && !"=!".unicodeScalars.contains(scalars[index + 3]))
        {
          count += 1
        }
      default: break
      }
      index += 1
    }
    totalGroups = count
  }

  private func error(_ reason: String) -> ECMAPattern.PatternError {
    ECMAPattern.PatternError(message: "invalid regular expression \(JSONRendering.quoted(source)): \(reason)")
  }

  private var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

  private mutating func take(_ scalar: Unicode.Scalar) -> Bool {
    guard peek == scalar else { return false }
    position += 1
    return true
  }

  private mutating func next() throws(ECMAPattern.PatternError) -> Unicode.Scalar {
    guard let scalar = peek else { throw error("it ends too soon") }
    position += 1
    return scalar
  }

  // MARK: - Structure

  private mutating func disjunction() throws(ECMAPattern.PatternError) -> PatternNode {
    var alternatives = [try alternative()]
    while take("|") { alternatives.append(try alternative()) }
    return alternatives.count == 1 ? alternatives[0] : .alternation(alternatives)
  }

  private mutating func alternative() throws(ECMAPattern.PatternError) -> PatternNode {
    var terms: [PatternNode] = []
    while let scalar = peek, scalar != "|", scalar != ")" {
      terms.append(try term())
    }
    switch terms.count {
    case 0: return .empty
    case 1: return terms[0]
    default: return .sequence(terms)
    }
  }

  private mutating func term() throws(ECMAPattern.PatternError) -> PatternNode {
    let scalar = try next()
    let atom: PatternNode
    switch scalar {
    case "^": return .start
    case "$": return .end
    case "(": atom = try group()
    case ".": atom = .any
    case "[": atom = .set(try characterClass())
    case "\\":
      if take("b") { return .wordBoundary(negated: false) }
      if take("B") { return .wordBoundary(negated: true) }
      atom = try atomEscape()
    case "*", "+", "?": throw error("nothing to repeat before '\(scalar)'")
    case "{":
      if quantifierBounds() != nil { throw error("nothing to repeat before '{'") }
      atom = .scalar(scalar.value)
    default: atom = .scalar(scalar.value)
    }
    if case .lookaround = atom { return atom }
    return try quantified(atom)
  }

  private mutating func quantified(_ atom: PatternNode) throws(ECMAPattern.PatternError) -> PatternNode {
    let minimum: Int
    let maximum: Int?
    switch peek {
    case "*": (minimum, maximum) = (0, nil)
    case "+": (minimum, maximum) = (1, nil)
    case "?": (minimum, maximum) = (0, 1)
    case "{":
      guard let bounds = quantifierBounds() else { return atom }
      (minimum, maximum) = (bounds.minimum, bounds.maximum)
      position = bounds.end - 1
    default: return atom
    }
    position += 1
    if let maximum, maximum < minimum { throw error("numbers out of order in a {} quantifier") }
    let greedy = !take("?")
    if let scalar = peek, "*+?".unicodeScalars.contains(scalar) { throw error("nothing to repeat before '\(scalar)'") }
    return .repetition(atom, minimum: minimum, maximum: maximum, greedy: greedy)
  }

  /// `{n}`, `{n,}` or `{n,m}` at the current position, without moving: the bounds (each at
  /// most `Int32.max`) and the index just past the `}`; nil when it is not one.
  private func quantifierBounds() -> (minimum: Int, maximum: Int?, end: Int)? {
    var index = position
    guard index < scalars.count, scalars[index] == "{" else { return nil }
    index += 1
    func number() -> Int? {
      var value: Int?
      while index < scalars.count, ("0"..."9").contains(scalars[index]) {
        value = min(Int(Int32.max), (value ?? 0) * 10 + Int(scalars[index].value - 0x30))
        index += 1
      }
      return value
    }
    guard let minimum = number() else { return nil }
    var maximum: Int? = minimum
    if index < scalars.count, scalars[index] == "," {
      index += 1
      maximum = number()
    }
    guard index < scalars.count, scalars[index] == "}" else { return nil }
    return (minimum, maximum, index + 1)
  }

  private mutating func group() throws(ECMAPattern.PatternError) -> PatternNode {
    var capture: Int?
    var lookaround: (behind: Bool, negated: Bool)?
    if take("?") {
      if take(":") {
      } else if take("=") {
        lookaround = (false, false)
      } else if take("!") {
        lookaround = (false, true)
      } else if take("<") {
        if take("=") {
          lookaround = (true, false)
        } else if take("!") {
          lookaround = (true, true)
        } else {
          let name = try groupName()
          guard groupNames[name] == nil else { throw error("two groups are named \(name)") }
          groupCount += 1
          groupNames[name] = groupCount
          capture = groupCount
        }
      } else {
        throw error("'(?' must be followed by ':', '=', '!', '<=', '<!' or '<name>'")
      }
    } else {
      groupCount += 1
      capture = groupCount
    }
    let body = try disjunction()
    guard take(")") else { throw error("missing ')'") }
    if let lookaround { return .lookaround(body, behind: lookaround.behind, negated: lookaround.negated) }
    return .group(body, capture: capture)
  }

  /// A group name up to its `>`.
  private mutating func groupName() throws(ECMAPattern.PatternError) -> String {
    var name = ""
    while let scalar = peek, scalar != ">" {
      guard scalar.properties.isIDContinue || scalar == "$" else { throw error("invalid group name") }
      name.unicodeScalars.append(scalar)
      position += 1
    }
    guard take(">"), let first = name.unicodeScalars.first, first.properties.isIDStart || first == "$" || first == "_"
    else { throw error("invalid group name") }
    return name
  }

  // MARK: - Escapes

  private mutating func atomEscape() throws(ECMAPattern.PatternError) -> PatternNode {
    guard let scalar = peek else { throw error("it ends with a lone backslash") }
    if ("1"..."9").contains(scalar) {
      var number = 0
      while let digit = peek, ("0"..."9").contains(digit) {
        number = min(Int(Int32.max), number * 10 + Int(digit.value - 0x30))
        position += 1
      }
      guard number <= totalGroups else { throw error("\\\(number) refers to a group that does not exist") }
      return .backReference(number)
    }
    if take("k") {
      guard take("<") else { throw error("\\k must be followed by <name>") }
      let name = try groupName()
      namedReferences.append(name)
      // Looked up once every group is known (see `resolvingNames`).
      return .backReference(-namedReferences.count)
    }
    if let item = try classEscape() { return .set(ScalarSet(classes: [item])) }
    return .scalar(try characterEscape(inClass: false))
  }

  /// `\d`, `\D`, `\w`, `\W`, `\s`, `\S`, `\p{…}`, `\P{…}` after the backslash; nil (not
  /// moving) for anything else.
  private mutating func classEscape() throws(ECMAPattern.PatternError) -> ScalarClass? {
    guard let scalar = peek else { return nil }
    let item: ScalarClass
    switch scalar {
    case "d", "D": item = .digit(negated: scalar == "D")
    case "w", "W": item = .word(negated: scalar == "W")
    case "s", "S": item = .space(negated: scalar == "S")
    case "p", "P":
      position += 1
      guard take("{") else { throw error("\\\(scalar) must be followed by {property}") }
      var name = ""
      while let character = peek, character != "}" {
        name.unicodeScalars.append(character)
        position += 1
      }
      guard take("}") else { throw error("missing '}' after \\\(scalar){") }
      guard let property = UnicodeProperty(name) else { throw error("unknown Unicode property \(name)") }
      return .property(property, negated: scalar == "P")
    default: return nil
    }
    position += 1
    return item
  }

  /// The code point a character escape stands for, after the backslash.
  private mutating func characterEscape(inClass: Bool) throws(ECMAPattern.PatternError) -> UInt32 {
    let scalar = try next()
    switch scalar {
    case "t": return 0x09
    case "n": return 0x0A
    case "v": return 0x0B
    case "f": return 0x0C
    case "r": return 0x0D
    case "b" where inClass: return 0x08
    case "-" where inClass: return 0x2D
    case "0":
      if let digit = peek, ("0"..."9").contains(digit) { throw error("\\0 must not be followed by a digit") }
      return 0
    case "c":
      guard let letter = peek, letter.isASCII, letter.properties.isAlphabetic else {
        throw error("\\c must be followed by an ASCII letter")
      }
      position += 1
      return letter.value & 0x1F
    case "x":
      guard let value = hexDigits(count: 2) else { throw error("\\x must be followed by two hex digits") }
      return value
    case "u": return try unicodeEscape()
    default:
      // Syntax characters and `/` stand for themselves; a letter or digit that is no escape
      // is an error in ECMA-262's Unicode mode. Other punctuation is taken as itself.
      if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
        throw error("\\\(scalar) is not an escape ECMA-262 has")
      }
      return scalar.value
    }
  }

  /// `\uHHHH` (a surrogate pair written as two joins into one code point) or `\u{H…}`.
  private mutating func unicodeEscape() throws(ECMAPattern.PatternError) -> UInt32 {
    if take("{") {
      var value: UInt32 = 0
      var digits = 0
      while let scalar = peek, let digit = Self.hexValue(scalar) {
        value = value * 16 + digit
        digits += 1
        position += 1
        guard value <= 0x10FFFF else { throw error("\\u{…} is beyond U+10FFFF") }
      }
      guard digits > 0, take("}") else { throw error("\\u{ must hold hex digits and a '}'") }
      return value
    }
    guard let high = hexDigits(count: 4) else { throw error("\\u must be followed by four hex digits") }
    if (0xD800...0xDBFF).contains(high), position + 1 < scalars.count, scalars[position] == "\\",
      scalars[position + 1] == "u"
    {
      let saved = position
      position += 2
      if let low = hexDigits(count: 4), (0xDC00...0xDFFF).contains(low) {
        return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
      }
      position = saved
    }
    return high
  }

  private mutating func hexDigits(count: Int) -> UInt32? {
    guard position + count <= scalars.count else { return nil }
    var value: UInt32 = 0
    for index in position..<(position + count) {
      guard let digit = Self.hexValue(scalars[index]) else { return nil }
      value = value * 16 + digit
    }
    position += count
    return value
  }

  private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
    switch scalar {
    case "0"..."9": scalar.value - 0x30
    case "a"..."f": scalar.value - 0x61 + 10
    case "A"..."F": scalar.value - 0x41 + 10
    default: nil
    }
  }

  // MARK: - Classes

  /// `[…]` after the `[`.
  private mutating func characterClass() throws(ECMAPattern.PatternError) -> ScalarSet {
    var set = ScalarSet()
    set.negated = take("^")
    while true {
      guard let scalar = peek else { throw error("missing ']'") }
      if scalar == "]" {
        position += 1
        return set
      }
      let low = try classAtom()
      guard case .scalar(let lowValue) = low, peek == "-", position + 1 < scalars.count,
        scalars[position + 1] != "]"
      else {
        add(low, to: &set)
        continue
      }
      position += 1
      let high = try classAtom()
      guard case .scalar(let highValue) = high else {
        throw error("a class escape cannot end a range")
      }
      guard lowValue <= highValue else { throw error("range out of order in a character class") }
      set.ranges.append(lowValue...highValue)
    }
  }

  private enum ClassAtom {
    case scalar(UInt32)
    case item(ScalarClass)
  }

  private mutating func classAtom() throws(ECMAPattern.PatternError) -> ClassAtom {
    let scalar = try next()
    guard scalar == "\\" else { return .scalar(scalar.value) }
    if let item = try classEscape() { return .item(item) }
    return .scalar(try characterEscape(inClass: true))
  }

  private func add(_ atom: ClassAtom, to set: inout ScalarSet) {
    switch atom {
    case .scalar(let value): set.ranges.append(value...value)
    case .item(let item): set.classes.append(item)
    }
  }

  // MARK: - Names

  /// `node` with each named reference replaced by its group's number.
  private func resolvingNames(_ node: PatternNode) throws(ECMAPattern.PatternError) -> PatternNode {
    guard !namedReferences.isEmpty else { return node }
    switch node {
    case .backReference(let number) where number < 0:
      return .backReference(groupNames[namedReferences[-number - 1]]!)
    case .sequence(let nodes):
      return .sequence(try nodes.map { (node) throws(ECMAPattern.PatternError) in try resolvingNames(node) })
    case .alternation(let nodes):
      return .alternation(try nodes.map { (node) throws(ECMAPattern.PatternError) in try resolvingNames(node) })
    case .group(let body, let capture): return .group(try resolvingNames(body), capture: capture)
    case .repetition(let body, let minimum, let maximum, let greedy):
      return .repetition(try resolvingNames(body), minimum: minimum, maximum: maximum, greedy: greedy)
    case .lookaround(let body, let behind, let negated):
      return .lookaround(try resolvingNames(body), behind: behind, negated: negated)
    default: return node
    }
  }
}
