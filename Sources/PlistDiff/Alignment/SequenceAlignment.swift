/// The longest common subsequence of two sequences of fingerprints, by Myers' O(ND)
/// algorithm in linear space (the "middle snake" divide and conquer, as GNU diff uses).
///
/// Before the search, common prefixes and suffixes are matched directly, and elements that do
/// not occur in the other sequence at all are set aside (they can never be matched), which
/// keeps the search small for the usual edits. The search itself costs about
/// (N + M) · D steps for D differences, so hostile input (two long sequences with nothing in
/// order in common) is bounded by a budget of steps, which one diff shares among all its
/// arrays: a part of the problem that would cost more than what is left is given up, its
/// elements reported as removed and added rather than matched. The result is then a correct
/// alignment, only not the shortest.
struct SequenceAlignment {
  /// Steps a diff's alignments may take together: a few dozen per value compared, and at
  /// least a million.
  static func defaultBudget(_ count: Int) -> Int { max(1 << 20, 32 * count) }

  /// The pairs of equal elements matched, in increasing order of both indices; `budget` is
  /// what the search may spend, and is left with what it did not.
  static func matches(_ a: [UInt64], _ b: [UInt64], budget: inout Int) -> [(Int, Int)] {
    var search = SequenceAlignment(budget: budget)
    let pairs = search.align(a, b)
    budget = max(0, search.budget)
    return pairs
  }

  /// The matches with a budget of their own, proportional to the sequences.
  static func matches(_ a: [UInt64], _ b: [UInt64]) -> [(Int, Int)] {
    var budget = defaultBudget(a.count + b.count)
    return matches(a, b, budget: &budget)
  }

  private var budget: Int
  private var pairs: [(Int, Int)] = []

  private init(budget: Int) { self.budget = budget }

  private mutating func align(_ a: [UInt64], _ b: [UInt64]) -> [(Int, Int)] {
    var aLo = 0
    var bLo = 0
    var aHi = a.count
    var bHi = b.count
    while aLo < aHi && bLo < bHi && a[aLo] == b[bLo] {
      pairs.append((aLo, bLo))
      aLo += 1
      bLo += 1
    }
    var suffix: [(Int, Int)] = []
    while aLo < aHi && bLo < bHi && a[aHi - 1] == b[bHi - 1] {
      aHi -= 1
      bHi -= 1
      suffix.append((aHi, bHi))
    }
    if aLo < aHi && bLo < bHi {
      // Keep only the elements that occur on both sides; remember where each came from.
      let inB = Set(b[bLo..<bHi])
      let aIndices = (aLo..<aHi).filter { inB.contains(a[$0]) }
      let inA = Set(aIndices.map { a[$0] })
      let bIndices = (bLo..<bHi).filter { inA.contains(b[$0]) }
      let reducedA = aIndices.map { a[$0] }
      let reducedB = bIndices.map { b[$0] }
      let start = pairs.count
      solve(reducedA, reducedB)
      var middle = pairs[start...].map { (aIndices[$0.0], bIndices[$0.1]) }
      middle.sort { $0.0 < $1.0 }
      pairs.removeSubrange(start...)
      pairs.append(contentsOf: middle)
    }
    pairs.append(contentsOf: suffix.reversed())
    return pairs
  }

  /// Appends the matches of `a` and `b` (indices into them) to `pairs`, in any order.
  private mutating func solve(_ a: [UInt64], _ b: [UInt64]) {
    var pending = [(0, a.count, 0, b.count)]
    while var (aLo, aHi, bLo, bHi) = pending.popLast() {
      while aLo < aHi && bLo < bHi && a[aLo] == b[bLo] {
        pairs.append((aLo, bLo))
        aLo += 1
        bLo += 1
      }
      while aLo < aHi && bLo < bHi && a[aHi - 1] == b[bHi - 1] {
        aHi -= 1
        bHi -= 1
        pairs.append((aHi, bHi))
      }
      guard aLo < aHi && bLo < bHi, budget > 0 else { continue }
      guard let snake = middleSnake(a, aLo, aHi, b, bLo, bHi) else { continue }
      for step in 0..<(snake.aEnd - snake.aStart) { pairs.append((snake.aStart + step, snake.bStart + step)) }
      pending.append((aLo, snake.aStart, bLo, snake.bStart))
      pending.append((snake.aEnd, aHi, snake.bEnd, bHi))
    }
  }

  private struct Snake {
    var aStart: Int
    var bStart: Int
    var aEnd: Int
    var bEnd: Int
  }

  /// The middle snake of an optimal path from (aLo, bLo) to (aHi, bHi): searched from both
  /// ends at once until the paths meet. Nil when the budget runs out first.
  private mutating func middleSnake(
    _ a: [UInt64], _ aLo: Int, _ aHi: Int, _ b: [UInt64], _ bLo: Int, _ bHi: Int
  ) -> Snake? {
    let n = aHi - aLo
    let m = bHi - bLo
    let delta = n - m
    let odd = delta & 1 != 0
    // Each round d costs at least 2d steps, so the budget caps d; the tables need no more.
    let cap = Int(Double(max(budget, 0)).squareRoot()) + 2
    let maxD = min((n + m + 1) / 2, cap)
    let offset = maxD + 1
    var forward = [Int](repeating: 0, count: 2 * maxD + 3)
    var backward = [Int](repeating: 0, count: 2 * maxD + 3)
    return a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        forward.withUnsafeMutableBufferPointer { vf in
          backward.withUnsafeMutableBufferPointer { vb in
            for d in 0...maxD {
              // Forward from (aLo, bLo); an odd delta meets the backward paths of the round before.
              for k in stride(from: -d, through: d, by: 2) {
                let step = extend(vf, offset: offset, k: k, d: d, n: n, m: m) { a[aLo + $0] == b[bLo + $1] }
                let opposite = delta - k
                if odd && opposite >= -(d - 1) && opposite <= d - 1 && step.x + vb[offset + opposite] >= n {
                  return Snake(
                    aStart: aLo + step.startX, bStart: bLo + step.startY, aEnd: aLo + step.x, bEnd: bLo + step.y)
                }
              }
              // Backward from (aHi, bHi), x and y counted from the ends; an even delta meets here.
              for k in stride(from: -d, through: d, by: 2) {
                let step = extend(vb, offset: offset, k: k, d: d, n: n, m: m) { a[aHi - 1 - $0] == b[bHi - 1 - $1] }
                let opposite = delta - k
                if !odd && opposite >= -d && opposite <= d && step.x + vf[offset + opposite] >= n {
                  return Snake(
                    aStart: aHi - step.x, bStart: bHi - step.y, aEnd: aHi - step.startX, bEnd: bHi - step.startY)
                }
              }
              if budget <= 0 { return nil }
            }
            return nil
          }
        }
      }
    }
  }

  /// Myers' step on diagonal `k` in round `d`, from one end of the sequences: the furthest x
  /// its neighbours in `v` reach, then along the diagonal while `equal(x, y)`, elements counted
  /// from that end. Records the end in `v`, charges the budget, and returns where the slide
  /// started and where it ended.
  @inline(__always)
  private mutating func extend(
    _ v: UnsafeMutableBufferPointer<Int>, offset: Int, k: Int, d: Int, n: Int, m: Int,
    while equal: (Int, Int) -> Bool
  ) -> (startX: Int, startY: Int, x: Int, y: Int) {
    var x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1
    var y = x - k
    let (startX, startY) = (x, y)
    while x < n && y < m && equal(x, y) {
      x += 1
      y += 1
    }
    v[offset + k] = x
    budget -= 1 + x - startX
    return (startX, startY, x, y)
  }
}
