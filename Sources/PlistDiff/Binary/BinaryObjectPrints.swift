import PlistKit

/// The fingerprint of every object of a binary property list, read straight from its object
/// table: for each object, the fingerprint ``ValueFingerprints`` gives the value the reader
/// makes of it, without making that value.
///
/// The walk keeps the references of the open containers, and their keys' fingerprints, on two
/// stacks of its own and hashes strings from the file's bytes, so it allocates nothing per
/// object; a dictionary key is one object that every dictionary with
/// that key refers to, so its fingerprint is taken once and its entries combine it as a word
/// (``FingerprintHash/entry(key:value:)``).
///
/// Only files whose value is a tree are taken: a container referenced from two places, a
/// dictionary that repeats a key, a container that holds itself or nesting beyond the depth
/// limit makes ``init(_:maximumDepth:)`` give up (nil), and the diff then reads the values as
/// usual (so that the reader reports a broken file its own way).
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
    /// shared); a scalar or empty container done, or a string done (which may be met any
    /// number of times: the reader makes a value of it at each place).
    case new, open, done, doneLeaf, doneString
  }

  /// One container being fingerprinted: where its children's objects (and a dictionary's key
  /// fingerprints) start on the walk's stacks, the next child and the hash so far.
  private struct Frame {
    let object: Int
    let isDictionary: Bool
    let count: Int
    let firstChild: Int
    let firstKey: Int
    var next = 0
    var accumulator: FingerprintHash
    var entrySum: UInt64 = 0
  }

  /// Fingerprints the objects of `objects`; nil when the file is not a plain tree or cannot
  /// be read (see the type's description).
  init?(_ objects: BinaryPropertyListObjects, maximumDepth: Int) {
    var walk = Walk(objects: objects)
    guard (try? walk.run(maximumDepth: maximumDepth)) == true else { return nil }
    self.objects = walk.objects
    prints = walk.prints
    valueCount = walk.valueCount
  }

  /// The walk itself, with its scratch state.
  private struct Walk {
    var objects: BinaryPropertyListObjects
    var prints: [UInt64]
    var states: [State]
    var valueCount = 0
    var stack: [Frame] = []
    /// UTF-8 transcoded from a UTF-16 or ISO Latin-1 string.
    var scratch: [UInt8] = []
    /// The children's objects of the open containers, each container's after its parent's.
    var children: [UInt32] = []
    /// The key fingerprints of the open dictionaries, likewise.
    var keyPrints: [UInt64] = []
    /// A dictionary's key objects, while its keys are fingerprinted.
    var keyObjects: [UInt32] = []

    init(objects: BinaryPropertyListObjects) {
      self.objects = objects
      prints = [UInt64](repeating: 0, count: objects.objectCount)
      states = [State](repeating: .new, count: objects.objectCount)
    }

    /// False when the file is not a plain tree.
    mutating func run(maximumDepth: Int) throws(PropertyListError) -> Bool {
      guard try enter(objects.topObject, maximumDepth: maximumDepth) else { return false }
      while !stack.isEmpty {
        let top = stack.count - 1
        let frame = stack[top]
        guard frame.next < frame.count else {
          stack.removeLast()
          children.removeSubrange(frame.firstChild...)
          if frame.isDictionary { keyPrints.removeSubrange(frame.firstKey...) }
          var hash = frame.accumulator
          hash.combine(frame.entrySum)
          prints[frame.object] = hash.value
          states[frame.object] = .done
          // Each child once, and the root container itself.
          valueCount += frame.count + (stack.isEmpty ? 1 : 0)
          if !stack.isEmpty { add(hash.value, to: stack.count - 1) }
          continue
        }
        let child = Int(children[frame.firstChild + frame.next])
        switch states[child] {
        case .new:
          guard try enter(child, maximumDepth: maximumDepth) else { return false }
        case .doneLeaf, .doneString: add(prints[child], to: top)
        case .open, .done: return false
        }
      }
      return true
    }

    /// Fingerprints a new object: a scalar at once (added to its container), a container by
    /// a frame. False when the file is not a plain tree.
    private mutating func enter(_ object: Int, maximumDepth: Int) throws(PropertyListError) -> Bool {
      let leaf: UInt64
      if try fingerprintString(object) {
        leaf = prints[object]
      } else {
        switch try objects.object(object) {
        case .scalar(let value): leaf = FingerprintHash.scalar(value) ?? 0
        case .data(let bytes): leaf = FingerprintHash.data(bytes)
        case .array(let count, let references) where count > 0:
          return try open(object, isDictionary: false, count: count, references: references, maximumDepth)
        case .dictionary(let count, let references) where count > 0:
          return try open(object, isDictionary: true, count: count, references: references, maximumDepth)
        case .array: leaf = FingerprintHash.empty(isDictionary: false)
        case .dictionary: leaf = FingerprintHash.empty(isDictionary: true)
        }
        prints[object] = leaf
        states[object] = .doneLeaf
      }
      if !stack.isEmpty { add(leaf, to: stack.count - 1) }
      return true
    }

    /// Opens a frame for a non-empty container; false when it nests too deep or is a
    /// dictionary with a key that is not a string or repeats.
    private mutating func open(
      _ object: Int, isDictionary: Bool, count: Int, references: Int, _ maximumDepth: Int
    ) throws(PropertyListError) -> Bool {
      guard stack.count < maximumDepth else { return false }
      let firstKey = keyPrints.count
      if isDictionary {
        guard try checkKeys(count, of: object, references: references) else { return false }
      }
      let firstChild = children.count
      try objects.appendReferences(
        isDictionary ? count..<(2 * count) : 0..<count, of: object, references: references, to: &children)
      var hash = FingerprintHash(isDictionary ? FingerprintHash.dictionaryTag : FingerprintHash.arrayTag)
      hash.combine(UInt64(count))
      stack.append(
        Frame(
          object: object, isDictionary: isDictionary, count: count, firstChild: firstChild, firstKey: firstKey,
          accumulator: hash))
      states[object] = .open
      return true
    }

    /// Fingerprints `object` from its UTF-8 when it is a string (and has not been yet); false
    /// when it is not a string.
    private mutating func fingerprintString(_ object: Int) throws(PropertyListError) -> Bool {
      if states[object] == .doneString { return true }
      guard
        let print = try objects.withStringUTF8(
          object, scratch: &scratch, { FingerprintHash.string(UnsafeRawBufferPointer($0)) })
      else { return false }
      prints[object] = print
      states[object] = .doneString
      return true
    }

    /// Pushes the fingerprints of a dictionary's keys on ``keyPrints``; false when a key is not
    /// a string or repeats (two keys with one fingerprint are taken for a repeat: the values'
    /// way then decides).
    private mutating func checkKeys(_ count: Int, of object: Int, references: Int) throws(PropertyListError) -> Bool {
      keyObjects.removeAll(keepingCapacity: true)
      try objects.appendReferences(0..<count, of: object, references: references, to: &keyObjects)
      let first = keyPrints.count
      for key in keyObjects {
        guard try fingerprintString(Int(key)) else { return false }
        keyPrints.append(prints[Int(key)])
      }
      if count <= 16 {
        for i in (first + 1)..<keyPrints.count where keyPrints[first..<i].contains(keyPrints[i]) { return false }
        return true
      }
      var sorted = Array(keyPrints[first...])
      sorted.sort()
      return !zip(sorted, sorted.dropFirst()).contains { $0 == $1 }
    }

    /// Adds a child's fingerprint to the hash of the container at `index` of the stack, as
    /// ``ValueFingerprints`` does: in order for an array, as a sum of entry hashes for a
    /// dictionary.
    private mutating func add(_ childPrint: UInt64, to index: Int) {
      let frame = stack[index]
      if frame.isDictionary {
        let key = keyPrints[frame.firstKey + frame.next]
        stack[index].entrySum &+= FingerprintHash.entry(key: key, value: childPrint)
      } else {
        stack[index].accumulator.combine(childPrint)
      }
      stack[index].next += 1
    }
  }
}
