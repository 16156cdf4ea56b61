import PlistKit

extension ValueDiffer {
  /// True when two containers the alignment matched (their fingerprints are equal) are
  /// exactly equal, checked by a plain walk: cheaper than comparing them as a diff does, and
  /// the usual answer, since nearly every element of a large array is matched to an equal one.
  ///
  /// False when they differ (a fingerprint collision) and also, to keep the walk linear, when
  /// it meets a shared container: the diff then compares them its own way (with its memo of
  /// shared containers), so the answer is never wrong, only sometimes slower. Key order is
  /// not looked at: with ``PropertyListDiffOptions/reportsKeyOrder`` this is not used.
  func exactlyEqualContainers(_ old: PropertyList, _ new: PropertyList) -> Bool {
    var pending = [(old, new)]
    while let (a, b) = pending.popLast() {
      guard let oldStorage = ContainerStorage(of: a), let newStorage = ContainerStorage(of: b) else {
        if !a.isScalarEqual(to: b) { return false }
        continue
      }
      if oldStorage == newStorage { continue }
      guard !oldPrints.isShared(oldStorage), !newPrints.isShared(newStorage) else { return false }
      switch (a, b) {
      case (.array(let x), .array(let y)):
        guard x.count == y.count else { return false }
        for (element, other) in zip(x, y) {
          if element.isContainer || other.isContainer {
            pending.append((element, other))
          } else if !element.isScalarEqual(to: other) {
            return false
          }
        }
      case (.dictionary(let x), .dictionary(let y)):
        guard x.count == y.count else { return false }
        for (position, key) in x.keys.enumerated() {
          let otherPosition =
            y.keys[position].exactlyEquals(key) ? position : y.position(of: key)
          guard let otherPosition else { return false }
          let (value, other) = (x.values[position], y.values[otherPosition])
          if value.isContainer || other.isContainer {
            pending.append((value, other))
          } else if !value.isScalarEqual(to: other) {
            return false
          }
        }
      default:
        return false
      }
    }
    return true
  }
}
