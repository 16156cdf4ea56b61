extension SearchKeys {
  /// The indices of the keys that `pattern` matches, in increasing order.
  ///
  /// - Parameters:
  ///   - pattern: the term, folded as these keys are.
  ///   - candidates: the keys to look at, in increasing order (an earlier result, for
  ///     incremental search); nil looks at every key.
  public func matches(_ pattern: SearchPattern, among candidates: [Int32]? = nil) -> [Int32] {
    precondition(pattern.options.folding == folding, "the pattern was folded differently from the keys")
    var found: [Int32] = []
    bytes.withUnsafeBufferPointer { base in
      pattern.key.withUnsafeBufferPointer { needle in
        offsets.withUnsafeBufferPointer { offsets in
          let matcher = KeyMatcher(pattern: pattern, needle: needle, base: base)
          // A scan of the whole buffer is faster than visiting items one by one, as long as
          // the candidates are a good part of all items; after that, narrowing wins.
          if matcher.canScanBuffer, (candidates?.count ?? offsets.count) * 4 >= offsets.count {
            found = matcher.scanBuffer(offsets: offsets)
            if let candidates { found = Self.intersection(found, candidates) }
          } else if let candidates {
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

  /// The elements of two increasing lists that are in both.
  private static func intersection(_ lhs: [Int32], _ rhs: [Int32]) -> [Int32] {
    var result: [Int32] = []
    result.reserveCapacity(min(lhs.count, rhs.count))
    var left = 0
    var right = 0
    while left < lhs.count, right < rhs.count {
      if lhs[left] < rhs[right] {
        left += 1
      } else if lhs[left] > rhs[right] {
        right += 1
      } else {
        result.append(lhs[left])
        left += 1
        right += 1
      }
    }
    return result
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
  let needle: UnsafeBufferPointer<UInt8>
  let base: UnsafeBufferPointer<UInt8>
  // Booleans, not the mode: comparing a String-backed enum goes through RawRepresentable's
  // generic `==`, which costs more than the byte loop it guards.
  let isPrefix: Bool
  let isWordPrefix: Bool
  let startsWithContinuation: Bool
  /// The initial-consonant units; empty for a plain byte match.
  let units: [SearchPattern.Unit]
  /// The first byte a unit match can start with at all: a Hangul letter is never ASCII.
  let unitsNeedNonASCII: Bool

  init(pattern: SearchPattern, needle: UnsafeBufferPointer<UInt8>, base: UnsafeBufferPointer<UInt8>) {
    self.needle = needle
    self.base = base
    switch pattern.options.mode {
    case .contains: (isPrefix, isWordPrefix) = (false, false)
    case .prefix: (isPrefix, isWordPrefix) = (true, false)
    case .wordPrefix: (isPrefix, isWordPrefix) = (false, true)
    }
    startsWithContinuation = pattern.startsWithContinuation
    units = pattern.units ?? []
    if case .initial = units.first { unitsNeedNonASCII = true } else { unitsNeedNonASCII = false }
  }

  @inline(__always)
  func matches(start: Int, end: Int) -> Bool {
    if needle.isEmpty { return true }
    if !units.isEmpty { return matchesUnits(start: start, end: end) }
    let length = needle.count
    guard end - start >= length else { return false }
    let first = needle[0]
    let last = isPrefix ? start : end - length
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
    if isWordPrefix {
      let previous = base[position - 1]
      if previous < 0x80 {
        if UTF8Scalars.isWordCharacter(UInt32(previous)) { return false }
      } else {
        let previousStart = UTF8Scalars.startOfScalar(before: position, in: base)
        if UTF8Scalars.isWordCharacter(UTF8Scalars.decode(base, at: previousStart)) { return false }
      }
    }
    let byte = base[position]
    guard byte >= 0x80, !startsWithContinuation else { return true }
    return !UTF8Scalars.isContinuation(UTF8Scalars.decode(base, at: position))
  }

  /// A match may not end inside a character: `cafe` does not find `café`, `기` not `김`.
  @inline(__always)
  private func acceptsEnd(_ position: Int, keyEnd: Int) -> Bool {
    guard position < keyEnd, base[position] >= 0x80 else { return true }
    return !UTF8Scalars.isContinuation(UTF8Scalars.decode(base, at: position))
  }

  private func matchesUnits(start: Int, end: Int) -> Bool {
    var position = start
    while position < end {
      if !unitsNeedNonASCII || base[position] >= 0x80, acceptsStart(position, keyStart: start),
        let matchEnd = matchUnits(at: position, end: end), acceptsEnd(matchEnd, keyEnd: end)
      {
        return true
      }
      if isPrefix { return false }
      position += UTF8Scalars.length(ofLeadByte: base[position])
    }
    return false
  }

  /// Where a match of `units` starting at `position` ends, or nil.
  private func matchUnits(at position: Int, end: Int) -> Int? {
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

  /// True when a plain term can be found by scanning the whole buffer (not for prefixes,
  /// which only ever look at the start of each key).
  var canScanBuffer: Bool { units.isEmpty && !isPrefix && !needle.isEmpty }

  /// Every key that the plain term matches, found by scanning the whole buffer 16 bytes at a
  /// time for the term's first and last bytes (a hit is then checked in full, and must lie
  /// inside one key).
  func scanBuffer(offsets: UnsafeBufferPointer<Int>) -> [Int32] {
    var found: [Int32] = []
    let length = needle.count
    let first = needle[0]
    let last = needle[length - 1]
    let total = base.count
    var item = 0
    var skipUntil = 0  // the end of the last key found: later hits in it add nothing
    /// Checks a hit; true when it was a match (the scan then goes on after its key).
    func check(_ position: Int) -> Bool {
      guard position >= skipUntil else { return false }
      while offsets[item + 1] <= position { item += 1 }
      let keyEnd = offsets[item + 1]
      guard position + length <= keyEnd, equalsNeedle(at: position),
        acceptsStart(position, keyStart: offsets[item]), acceptsEnd(position + length, keyEnd: keyEnd)
      else { return false }
      found.append(Int32(item))
      skipUntil = keyEnd
      return true
    }
    var position = 0
    if let raw = UnsafeRawPointer(base.baseAddress) {
      let firsts = SIMD16<UInt8>(repeating: first)
      let lasts = SIMD16<UInt8>(repeating: last)
      while position + length - 1 + 16 <= total {
        let atFirst = raw.loadUnaligned(fromByteOffset: position, as: SIMD16<UInt8>.self) .== firsts
        let atLast = raw.loadUnaligned(fromByteOffset: position + length - 1, as: SIMD16<UInt8>.self) .== lasts
        let hits = atFirst .& atLast
        var next = position + 16
        if any(hits) {
          for lane in 0..<16 where hits[lane] && check(position + lane) {
            next = skipUntil
            break
          }
        }
        position = next
      }
    }
    while position + length <= total {
      if base[position] == first, check(position) { position = skipUntil } else { position += 1 }
    }
    return found
  }
}
