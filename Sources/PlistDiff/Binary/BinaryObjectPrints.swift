import PlistKit

/// The fingerprint of every object of a binary property list, read straight from its object
/// table: for each object, the fingerprint ``ValueFingerprints`` gives the value the reader
/// makes of it, without making that value.
///
/// Only files whose value is a tree are taken: a container referenced from two places, a
/// dictionary that repeats a key, a container that holds itself or nesting beyond the depth
/// limit makes ``init(_:)`` give up (nil), and the diff then reads the values as usual (so that
/// the reader reports a broken file its own way).
struct BinaryObjectPrints {
  /// The fingerprint of each object reached from the root (0 for the others).
  private(set) var prints: [UInt64]
  /// The number of values ``ValueFingerprints`` counts for the whole value: what the
  /// alignment budget of a diff of the values is made of.
  private(set) var valueCount = 0
  /// The objects of the file.
  var objects: BinaryPropertyListObjects

  private enum State: UInt8 {
    /// Not met yet; a container being fingerprinted; a container done (met again, it is
    /// shared); a scalar or empty container done (which may be met any number of times: the
    /// reader makes a value of it at each place).
    case new, open, done, doneLeaf
  }

  /// One container being fingerprinted: its children's objects and the hash so far.
  private struct Frame {
    let object: Int
    let isDictionary: Bool
    /// The values' objects (for a dictionary, after its keys' UTF-8).
    let children: [UInt32]
    let keys: [[UInt8]]
    var next = 0
    var accumulator: FingerprintHash
    var entrySum: UInt64 = 0
  }

  /// Fingerprints the objects of `objects`; nil when the file is not a plain tree or cannot
  /// be read (see the type's description).
  init?(_ objects: BinaryPropertyListObjects, maximumDepth: Int) {
    self.objects = objects
    prints = [UInt64](repeating: 0, count: objects.objectCount)
    var states = [State](repeating: .new, count: objects.objectCount)
    do throws(PropertyListError) {
      var stack: [Frame] = []
      var pending: Int? = objects.topObject
      while true {
        if let object = pending {
          pending = nil
          switch try self.objects.object(object) {
          case .scalar(let value):
            prints[object] = FingerprintHash.scalar(value) ?? 0
            states[object] = .doneLeaf
          case .data(let bytes):
            var hash = FingerprintHash(6)
            hash.combine(bytes: bytes)
            prints[object] = hash.value
            states[object] = .doneLeaf
          case .array(let count, let references):
            guard count > 0 else {
              prints[object] = FingerprintHash(FingerprintHash.arrayTag).value
              states[object] = .doneLeaf
              break
            }
            guard stack.count < maximumDepth else { return nil }
            var children: [UInt32] = []
            children.reserveCapacity(count)
            try self.objects.appendReferences(0..<count, of: object, references: references, to: &children)
            var hash = FingerprintHash(FingerprintHash.arrayTag)
            hash.combine(UInt64(count))
            stack.append(Frame(object: object, isDictionary: false, children: children, keys: [], accumulator: hash))
            states[object] = .open
          case .dictionary(let count, let references):
            guard count > 0 else {
              prints[object] = FingerprintHash(FingerprintHash.dictionaryTag).value
              states[object] = .doneLeaf
              break
            }
            guard stack.count < maximumDepth, let keys = try keyBytes(count, of: object, references: references)
            else { return nil }
            var children: [UInt32] = []
            children.reserveCapacity(count)
            try self.objects.appendReferences(count..<(2 * count), of: object, references: references, to: &children)
            var hash = FingerprintHash(FingerprintHash.dictionaryTag)
            hash.combine(UInt64(count))
            stack.append(Frame(object: object, isDictionary: true, children: children, keys: keys, accumulator: hash))
            states[object] = .open
          }
          if states[object] == .doneLeaf, !stack.isEmpty { add(prints[object], to: &stack[stack.count - 1]) }
          continue
        }
        guard !stack.isEmpty else { break }
        let top = stack.count - 1
        if stack[top].next < stack[top].children.count {
          let child = Int(stack[top].children[stack[top].next])
          switch states[child] {
          case .new: pending = child
          case .doneLeaf: add(prints[child], to: &stack[top])
          case .open, .done: return nil
          }
          continue
        }
        let frame = stack.removeLast()
        var hash = frame.accumulator
        hash.combine(frame.entrySum)
        prints[frame.object] = hash.value
        states[frame.object] = .done
        // Each child once, and the root container itself.
        valueCount += frame.children.count + (stack.isEmpty ? 1 : 0)
        if !stack.isEmpty { add(hash.value, to: &stack[stack.count - 1]) }
      }
    } catch {
      return nil
    }
  }

  /// Adds a child's fingerprint to its container's hash, as ``ValueFingerprints`` does: in
  /// order for an array, as a sum of entry hashes for a dictionary.
  private func add(_ childPrint: UInt64, to frame: inout Frame) {
    if frame.isDictionary {
      var entry = FingerprintHash(childPrint)
      frame.keys[frame.next].withUnsafeBytes { entry.combine(bytes: $0) }
      frame.entrySum &+= entry.value
    } else {
      frame.accumulator.combine(childPrint)
    }
    frame.next += 1
  }

  /// The UTF-8 of a dictionary's keys; nil when one is not a string or a key repeats.
  private mutating func keyBytes(
    _ count: Int, of object: Int, references: Int
  ) throws(PropertyListError) -> [[UInt8]]? {
    var keyObjects: [UInt32] = []
    keyObjects.reserveCapacity(count)
    try objects.appendReferences(0..<count, of: object, references: references, to: &keyObjects)
    var keys: [[UInt8]] = []
    keys.reserveCapacity(count)
    var seen = Set<[UInt8]>()
    for key in keyObjects {
      guard case .scalar(.string(var string)) = try objects.object(Int(key)) else { return nil }
      let utf8 = string.withUTF8 { Array($0) }
      guard seen.insert(utf8).inserted else { return nil }
      keys.append(utf8)
    }
    return keys
  }
}
