import PlistKit

/// Structural hashes of the values in one tree, and which of its containers are shared.
///
/// Two equal values have equal fingerprints (dictionaries whatever their key order); two
/// different values almost surely do not. Aligning arrays compares fingerprints, so each
/// comparison costs one integer compare however large the elements are; the differ still
/// compares the values it pairs in full, so a collision can only make a diff longer, never
/// wrong.
///
/// A container is fingerprinted once per distinct storage: a binary plist's reader shares an
/// object referenced from many places, and a value built from it (sixty levels of an array
/// holding its child twice) is walked in time linear in its distinct containers, not in the
/// 2^60 places they occur.
struct ValueFingerprints {
  /// The fingerprint of every non-empty container of the tree, by storage.
  private var known: [ContainerStorage: UInt64] = [:]
  /// Containers met more than once in the tree (shared storage).
  private(set) var shared: Set<ContainerStorage> = []
  /// The values fingerprinted, each shared container's contents counted once.
  private(set) var valueCount = 0

  /// Fingerprints every container of `root`.
  init(_ root: PropertyList) {
    _ = fingerprint(root)
  }

  /// The fingerprint of a value of the tree (computed on the spot for scalars and for
  /// containers that are not part of it).
  mutating func fingerprint(_ value: PropertyList) -> UInt64 {
    if let scalar = Self.scalarFingerprint(value) { return scalar }
    if let storage = ContainerStorage(of: value), let done = known[storage] { return done }
    return computeContainer(value)
  }

  /// The fingerprint of a value: looked up for the tree's own containers, computed afresh
  /// for others.
  func lookup(_ value: PropertyList) -> UInt64 {
    if let scalar = Self.scalarFingerprint(value) { return scalar }
    guard let storage = ContainerStorage(of: value) else { return Self.emptyFingerprint(value) }
    if let done = known[storage] { return done }
    return Self.of(value)
  }

  /// The fingerprint of a value on its own.
  static func of(_ value: PropertyList) -> UInt64 {
    var prints = ValueFingerprints()
    return prints.fingerprint(value)
  }

  private init() {}

  /// True when the container is shared within its tree.
  func isShared(_ storage: ContainerStorage) -> Bool { shared.contains(storage) }

  /// A frame of the post-order walk: a container and the fingerprints of its children so far.
  private struct Frame {
    let storage: ContainerStorage
    let value: PropertyList
    let children: [PropertyList]
    var next = 0
    var accumulator: Hasher
    var entrySum: UInt64 = 0
  }

  private mutating func computeContainer(_ root: PropertyList) -> UInt64 {
    guard let rootStorage = ContainerStorage(of: root) else { return Self.emptyFingerprint(root) }
    var stack = [Self.frame(root, storage: rootStorage)]
    var result: UInt64 = 0
    while !stack.isEmpty {
      let top = stack.count - 1
      if stack[top].next < stack[top].children.count {
        let child = stack[top].children[stack[top].next]
        let childPrint: UInt64
        if let scalar = Self.scalarFingerprint(child) {
          childPrint = scalar
        } else if let storage = ContainerStorage(of: child) {
          if let done = known[storage] {
            shared.insert(storage)
            childPrint = done
          } else {
            stack.append(Self.frame(child, storage: storage))
            continue
          }
        } else {
          childPrint = Self.emptyFingerprint(child)
        }
        Self.add(childPrint, to: &stack[top])
        stack[top].next += 1
        valueCount += 1
        continue
      }
      let frame = stack.removeLast()
      let print = Self.finish(frame)
      valueCount += 1
      known[frame.storage] = print
      if stack.isEmpty {
        result = print
      } else {
        Self.add(print, to: &stack[stack.count - 1])
        stack[stack.count - 1].next += 1
      }
    }
    return result
  }

  private static func frame(_ value: PropertyList, storage: ContainerStorage) -> Frame {
    var hasher = Hasher()
    switch value {
    case .array(let elements):
      hasher.combine(PropertyList.Kind.array)
      hasher.combine(elements.count)
      return Frame(storage: storage, value: value, children: elements, accumulator: hasher)
    case .dictionary(let dictionary):
      hasher.combine(PropertyList.Kind.dictionary)
      hasher.combine(dictionary.count)
      return Frame(storage: storage, value: value, children: dictionary.values, accumulator: hasher)
    default:
      preconditionFailure("only containers have frames")
    }
  }

  /// Arrays hash their children in order; dictionaries add up a hash of each entry, so that
  /// key order does not change the fingerprint.
  private static func add(_ childPrint: UInt64, to frame: inout Frame) {
    switch frame.value {
    case .dictionary(let dictionary):
      var entry = Hasher()
      entry.combine(ExactKey(dictionary.keys[frame.next]))
      entry.combine(childPrint)
      frame.entrySum &+= UInt64(bitPattern: Int64(entry.finalize()))
    default:
      frame.accumulator.combine(childPrint)
    }
  }

  private static func finish(_ frame: Frame) -> UInt64 {
    var hasher = frame.accumulator
    hasher.combine(frame.entrySum)
    return UInt64(bitPattern: Int64(hasher.finalize()))
  }

  /// The fingerprint of a scalar, or nil for a container.
  static func scalarFingerprint(_ value: PropertyList) -> UInt64? {
    var hasher = Hasher()
    switch value {
    case .array, .dictionary: return nil
    case .data(let bytes):
      hasher.combine(PropertyList.Kind.data)
      hasher.combine(bytes.count)
      bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    default:
      // PropertyList's own hash is exact for scalars: strings by their scalars, reals by bits.
      hasher.combine(value)
    }
    return UInt64(bitPattern: Int64(hasher.finalize()))
  }

  private static func emptyFingerprint(_ value: PropertyList) -> UInt64 {
    var hasher = Hasher()
    hasher.combine(value.kind)
    hasher.combine(0)
    hasher.combine(UInt64(0))
    return UInt64(bitPattern: Int64(hasher.finalize()))
  }
}

extension ContainerStorage {
  /// The storage of a non-empty array or dictionary; nil for scalars and empty containers.
  init?(of value: PropertyList) {
    switch value {
    case .array(let elements): self.init(elements)
    case .dictionary(let dictionary): self.init(dictionary)
    default: return nil
    }
  }
}
