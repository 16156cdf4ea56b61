extension SearchKeys {
  /// The indices of the keys that `pattern` matches, in increasing order.
  ///
  /// - Parameter candidates: the keys to look at, in increasing order (an earlier result,
  ///   for incremental search); nil looks at every key.
  public func matches(_ pattern: SearchPattern, among candidates: [Int32]? = nil) -> [Int32] {
    precondition(pattern.options.folding == folding, "the pattern was folded differently from the keys")
    var found: [Int32] = []
    bytes.withUnsafeBufferPointer { base in
      pattern.key.withUnsafeBufferPointer { needle in
        offsets.withUnsafeBufferPointer { offsets in
          let matcher = KeyMatcher(pattern: pattern, needle: needle, base: base)
          if let candidates {
            found.reserveCapacity(candidates.count)
            for index in candidates where matcher.matches(start: offsets[Int(index)], end: offsets[Int(index) + 1]) {
              found.append(index)
            }
          } else {
            for index in 0..<(offsets.count - 1) where matcher.matches(start: offsets[index], end: offsets[index + 1]) {
              found.append(Int32(index))
            }
          }
        }
      }
    }
    return found
  }

  /// True when `pattern` matches the key of item `index`.
  public func matches(_ pattern: SearchPattern, at index: Int) -> Bool {
    bytes.withUnsafeBufferPointer { base in
      pattern.key.withUnsafeBufferPointer { needle in
        KeyMatcher(pattern: pattern, needle: needle, base: base)
          .matches(start: offsets[index], end: offsets[index + 1])
      }
    }
  }
}

/// Matches one compiled pattern against keys in a buffer. Plain terms take a byte loop with
/// a first-byte check; boundary rules are only consulted on a byte match next to non-ASCII.
struct KeyMatcher {
  let pattern: SearchPattern
  let needle: UnsafeBufferPointer<UInt8>
  let base: UnsafeBufferPointer<UInt8>

  @inline(__always)
  func matches(start: Int, end: Int) -> Bool {
    if needle.isEmpty { return true }
    if let units = pattern.units { return matchesUnits(units, start: start, end: end) }
    let length = needle.count
    guard end - start >= length else { return false }
    let first = needle[0]
    let last = pattern.options.mode == .prefix ? start : end - length
    var position = start
    while position <= last {
      if base[position] == first, equalsNeedle(at: position), acceptsStart(position, keyStart: start),
        acceptsEnd(position + length, keyEnd: end)
      {
        return true
      }
      position += 1
    }
    return false
  }

  @inline(__always)
  private func equalsNeedle(at position: Int) -> Bool {
    var offset = 1
    while offset < needle.count {
      if base[position + offset] != needle[offset] { return false }
      offset += 1
    }
    return true
  }

  /// A match may not start inside a character, nor (for word prefixes) inside a word.
  @inline(__always)
  private func acceptsStart(_ position: Int, keyStart: Int) -> Bool {
    guard position > keyStart else { return true }
    if pattern.options.mode == .wordPrefix {
      let previous = base[position - 1]
      if previous < 0x80 {
        if UTF8Scalars.isWordCharacter(UInt32(previous)) { return false }
      } else {
        let previousStart = UTF8Scalars.startOfScalar(before: position, in: base)
        if UTF8Scalars.isWordCharacter(UTF8Scalars.decode(base, at: previousStart)) { return false }
      }
    }
    let byte = base[position]
    guard byte >= 0x80, !pattern.startsWithContinuation else { return true }
    return !UTF8Scalars.isContinuation(UTF8Scalars.decode(base, at: position))
  }

  /// A match may not end inside a character: `cafe` does not find `café`, `기` not `김`.
  @inline(__always)
  private func acceptsEnd(_ position: Int, keyEnd: Int) -> Bool {
    guard position < keyEnd, base[position] >= 0x80 else { return true }
    return !UTF8Scalars.isContinuation(UTF8Scalars.decode(base, at: position))
  }

  private func matchesUnits(_ units: [SearchPattern.Unit], start: Int, end: Int) -> Bool {
    var position = start
    while position < end {
      if acceptsStart(position, keyStart: start), let matchEnd = matchUnits(units, at: position, end: end),
        acceptsEnd(matchEnd, keyEnd: end)
      {
        return true
      }
      if pattern.options.mode == .prefix { return false }
      position += UTF8Scalars.length(ofLeadByte: base[position])
    }
    return false
  }

  /// Where a match of `units` starting at `position` ends, or nil.
  private func matchUnits(_ units: [SearchPattern.Unit], at position: Int, end: Int) -> Int? {
    var position = position
    for unit in units {
      switch unit {
      case .bytes(let bytes):
        guard end - position >= bytes.count else { return nil }
        for (offset, byte) in bytes.enumerated() where base[position + offset] != byte { return nil }
        position += bytes.count
      case .initial(let index):
        guard position < end else { return nil }
        let value = UTF8Scalars.decode(base, at: position)
        if value == HangulJamo.compatibilityChoseong[index] {
          position += UTF8Scalars.length(ofLeadByte: base[position])
        } else if value == HangulJamo.choseongBase + UInt32(index) {
          // A decomposed syllable: the consonant, then its vowel and final if present.
          position += UTF8Scalars.length(ofLeadByte: base[position])
          if position < end, HangulJamo.isJungseong(UTF8Scalars.decode(base, at: position)) {
            position += UTF8Scalars.length(ofLeadByte: base[position])
            if position < end, HangulJamo.isJongseong(UTF8Scalars.decode(base, at: position)) {
              position += UTF8Scalars.length(ofLeadByte: base[position])
            }
          }
        } else {
          return nil
        }
      }
    }
    return position
  }
}
