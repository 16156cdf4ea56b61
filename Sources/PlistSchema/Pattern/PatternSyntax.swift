/// A parsed ECMA-262 regular expression (with the `u` flag's syntax): what ``PatternParser``
/// makes and ``PatternProgram`` compiles.
indirect enum PatternNode {
  /// Matches the empty string.
  case empty
  /// One code point.
  case scalar(UInt32)
  /// One code point in a set (a class, `\d`, `\p{…}`).
  case set(ScalarSet)
  /// `.`: any code point but a line terminator.
  case any
  /// `^` and `$` (no multiline flag: the start and end of the input).
  case start, end
  /// `\b`, or `\B` when `negated`.
  case wordBoundary(negated: Bool)
  case sequence([PatternNode])
  case alternation([PatternNode])
  /// A group; `capture` is its number (from 1) when it captures.
  case group(PatternNode, capture: Int?)
  /// `node{minimum,maximum}`; a nil `maximum` is unbounded.
  case repetition(PatternNode, minimum: Int, maximum: Int?, greedy: Bool)
  /// `\N`, or `\k<name>` once its name is looked up.
  case backReference(Int)
  /// `(?=…)`, `(?!…)`, `(?<=…)`, `(?<!…)`.
  case lookaround(PatternNode, behind: Bool, negated: Bool)

  /// True when the node can only match at the start of the input (it begins with `^` on
  /// every path), so that a search need not try other starts.
  var isAnchoredAtStart: Bool {
    switch self {
    case .start: true
    case .sequence(let nodes): nodes.first?.isAnchoredAtStart ?? false
    case .alternation(let nodes): nodes.allSatisfy(\.isAnchoredAtStart)
    case .group(let node, _): node.isAnchoredAtStart
    default: false
    }
  }
}

/// A set of code points: ranges and classes, possibly negated (`[^…]`).
struct ScalarSet: Sendable {
  var ranges: [ClosedRange<UInt32>] = []
  var classes: [ScalarClass] = []
  var negated = false

  func contains(_ scalar: UInt32) -> Bool {
    var found = false
    for range in ranges where range.contains(scalar) {
      found = true
      break
    }
    if !found {
      for item in classes where item.contains(scalar) {
        found = true
        break
      }
    }
    return found != negated
  }
}

/// A class escape: `\d`, `\w`, `\s` (and their complements), `\p{…}` and `\P{…}`.
enum ScalarClass: Sendable {
  case digit(negated: Bool)
  case word(negated: Bool)
  case space(negated: Bool)
  case property(UnicodeProperty, negated: Bool)

  func contains(_ scalar: UInt32) -> Bool {
    switch self {
    case .digit(let negated): Self.isDigit(scalar) != negated
    case .word(let negated): Self.isWord(scalar) != negated
    case .space(let negated): Self.isSpace(scalar) != negated
    case .property(let property, let negated): property.contains(scalar) != negated
    }
  }

  /// ECMA-262 `\d`: ASCII digits only.
  static func isDigit(_ scalar: UInt32) -> Bool { scalar >= 0x30 && scalar <= 0x39 }

  /// ECMA-262 `\w` (and what `\b` looks at): ASCII letters, digits and `_` only.
  static func isWord(_ scalar: UInt32) -> Bool {
    isDigit(scalar) || ((scalar | 0x20) >= 0x61 && (scalar | 0x20) <= 0x7A) || scalar == 0x5F
  }

  /// ECMA-262 `\s`: WhiteSpace (with U+FEFF and the Zs category) and LineTerminator.
  static func isSpace(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: true
    default: false
    }
  }

  /// ECMA-262 LineTerminator, which `.` does not match.
  static func isLineTerminator(_ scalar: UInt32) -> Bool {
    scalar == 0x0A || scalar == 0x0D || scalar == 0x2028 || scalar == 0x2029
  }
}

/// A Unicode property (`\p{Letter}`, `\p{Script=Greek}`), answered for one code point at a
/// time by Swift `Regex`, which knows the Unicode tables. A one-character match is bounded
/// work, unlike a whole pattern; ASCII answers are worked out once, up front.
final class UnicodeProperty: @unchecked Sendable {
  // `Regex` is not `Sendable` because it compiles its program lazily on first use; the
  // initializer runs matches, so the program is built before the value is shared, and after
  // that it is only read.
  private let regex: Regex<Substring>
  private let ascii: [Bool]

  /// Compiles the property `name` (what goes between the braces); nil when `Regex` does not
  /// know it.
  init?(_ name: String) {
    let allowed = name.unicodeScalars.allSatisfy {
      ($0.properties.isAlphabetic && $0.isASCII) || ("0"..."9").contains($0) || $0 == "_" || $0 == "="
    }
    guard allowed, !name.isEmpty, let regex = try? Regex<Substring>("\\p{" + name + "}") else { return nil }
    self.regex = regex.matchingSemantics(.unicodeScalar)
    var ascii: [Bool] = []
    for value in 0..<128 {
      ascii.append((try? self.regex.wholeMatch(in: String(Unicode.Scalar(UInt8(value))))) != nil)
    }
    self.ascii = ascii
  }

  func contains(_ scalar: UInt32) -> Bool {
    if scalar < 128 { return ascii[Int(scalar)] }
    guard let value = Unicode.Scalar(scalar) else { return false }
    return (try? regex.wholeMatch(in: String(value))) != nil
  }
}
