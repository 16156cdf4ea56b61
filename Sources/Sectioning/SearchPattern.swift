/// A search term folded and compiled once, ready to be matched against many keys.
///
/// A plain term is one byte string. A term with Hangul consonant letters (when the options
/// allow initial-consonant search) becomes a sequence of units: exact byte runs, and
/// consonants that stand for any syllable beginning with them, so `김ㅂ` matches `김밥`
/// syllable by syllable.
public struct SearchPattern: Sendable, Hashable {
  /// One step of an initial-consonant match.
  enum Unit: Sendable, Hashable {
    /// These bytes, exactly.
    case bytes([UInt8])
    /// A syllable (or a lone consonant) whose initial consonant has this choseong index.
    case initial(Int)
  }

  /// The options the term was compiled for.
  public let options: SearchOptions
  /// The folded term.
  public let key: [UInt8]
  /// The initial-consonant units, or nil for a plain byte match.
  let units: [Unit]?
  /// True when the term's first scalar continues a character (a lone combining mark): such a
  /// term may match inside a character, as there is no other way for it to match at all.
  let startsWithContinuation: Bool

  /// Folds and compiles `term`.
  public init(_ term: String, options: SearchOptions = .default) {
    self.options = options
    let key = options.folding.key(term)
    self.key = key
    startsWithContinuation =
      !key.isEmpty && key[0] >= 0x80 && UTF8Scalars.isContinuation(UTF8Scalars.decode(key, at: 0))
    units = options.matchesHangulInitials ? Self.initialConsonantUnits(of: key) : nil
  }

  /// True when the term is empty: it matches everything.
  public var isEmpty: Bool { key.isEmpty }

  /// True when the term uses initial-consonant matching.
  public var usesHangulInitials: Bool { units != nil }

  /// True when every item matching `self` also matches `shorter`, so a search for `self` may
  /// look only at what `shorter` found. That holds when `self` extends `shorter` (same options)
  /// by whole characters: an extension that begins with a combining mark or a Hangul vowel or
  /// final changes `shorter`'s last character, and with it what `shorter` could match.
  public func narrows(_ shorter: SearchPattern) -> Bool {
    guard options == shorter.options, key.count >= shorter.key.count,
      key.starts(with: shorter.key)
    else { return false }
    if key.count == shorter.key.count { return true }
    let next = key[shorter.key.count]
    return next < 0x80 || !UTF8Scalars.isContinuation(UTF8Scalars.decode(key, at: shorter.key.count))
  }

  /// Splits a folded term into units when it has a Hangul consonant letter standing alone;
  /// nil otherwise.
  private static func initialConsonantUnits(of key: [UInt8]) -> [Unit]? {
    var units: [Unit] = []
    var literal: [UInt8] = []
    var sawConsonant = false
    var position = 0
    while position < key.count {
      let value = UTF8Scalars.decode(key, at: position)
      let length = UTF8Scalars.length(ofLeadByte: key[position])
      let next = position + length
      let followedByVowel = next < key.count && HangulJamo.isJungseong(UTF8Scalars.decode(key, at: next))
      let initial =
        HangulJamo.choseongIndex(ofCompatibility: value)
        ?? (followedByVowel ? nil : HangulJamo.choseongIndex(ofConjoining: value))
      if let initial {
        if !literal.isEmpty {
          units.append(.bytes(literal))
          literal = []
        }
        units.append(.initial(initial))
        sawConsonant = true
      } else {
        literal.append(contentsOf: key[position..<next])
      }
      position = next
    }
    guard sawConsonant else { return nil }
    if !literal.isEmpty { units.append(.bytes(literal)) }
    return units
  }
}
