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
  /// The fingerprint of every non-empty container of the tree, by storage, and which are
  /// shared (met more than once).
  private var known = StorageTable()
  /// The values fingerprinted, each shared container's contents counted once.
  private(set) var valueCount = 0
  /// Strings that stand for values (see ``BinaryDiffValues``).
  private var standIns: StandIns?

  /// Fingerprints every container of `root`; a stand-in has the fingerprint of what it
  /// stands for.
  init(_ root: PropertyList, standIns: StandIns? = nil) {
    self.standIns = standIns
    _ = fingerprint(root)
  }

  /// The fingerprint of a value of the tree (computed on the spot for scalars and for
  /// containers that are not part of it).
  mutating func fingerprint(_ value: PropertyList) -> UInt64 {
    if let scalar = scalarPrint(value) { return scalar }
    if let storage = ContainerStorage(of: value), let done = known.print(of: storage) { return done }
    return computeContainer(value)
  }

  /// The fingerprint of a value: looked up for the tree's own containers, computed afresh
  /// for others.
  func lookup(_ value: PropertyList) -> UInt64 {
    if let scalar = scalarPrint(value) { return scalar }
    guard let storage = ContainerStorage(of: value) else { return Self.emptyFingerprint(value) }
    if let done = known.print(of: storage) { return done }
    return Self.of(value)
  }

  /// The fingerprint of a value on its own.
  static func of(_ value: PropertyList) -> UInt64 {
    var prints = ValueFingerprints()
    return prints.fingerprint(value)
  }

  private init() {}

  /// True when the container is shared within its tree.
  func isShared(_ storage: ContainerStorage) -> Bool { known.isShared(storage) }

  /// A frame of the post-order walk: a container and the fingerprints of its children so far.
  private struct Frame {
    let storage: ContainerStorage
    let value: PropertyList
    let children: [PropertyList]
    var next = 0
    var accumulator: FingerprintHash
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
        if let scalar = scalarPrint(child) {
          childPrint = scalar
        } else if let storage = ContainerStorage(of: child) {
          if let done = known.print(of: storage) {
            known.markShared(storage)
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
      known.record(print, for: frame.storage)
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
    switch value {
    case .array(let elements):
      var hash = FingerprintHash(FingerprintHash.arrayTag)
      hash.combine(UInt64(elements.count))
      return Frame(storage: storage, value: value, children: elements, accumulator: hash)
    case .dictionary(let dictionary):
      var hash = FingerprintHash(FingerprintHash.dictionaryTag)
      hash.combine(UInt64(dictionary.count))
      return Frame(storage: storage, value: value, children: dictionary.values, accumulator: hash)
    default:
      preconditionFailure("only containers have frames")
    }
  }

  /// Arrays hash their children in order; dictionaries add up a hash of each entry, so that
  /// key order does not change the fingerprint.
  private static func add(_ childPrint: UInt64, to frame: inout Frame) {
    switch frame.value {
    case .dictionary(let dictionary):
      var key = dictionary.keys[frame.next]
      let keyPrint = key.withUTF8 { FingerprintHash.string(UnsafeRawBufferPointer($0)) }
      frame.entrySum &+= FingerprintHash.entry(key: keyPrint, value: childPrint)
    default:
      frame.accumulator.combine(childPrint)
    }
  }

  private static func finish(_ frame: Frame) -> UInt64 {
    var hash = frame.accumulator
    hash.combine(frame.entrySum)
    return hash.value
  }

  /// The fingerprint of a scalar, or nil for a container.
  static func scalarFingerprint(_ value: PropertyList) -> UInt64? { FingerprintHash.scalar(value) }

  /// The fingerprint of a scalar (of what a stand-in stands for), or nil for a container.
  private func scalarPrint(_ value: PropertyList) -> UInt64? {
    if let standIns, case .string(let string) = value, let print = standIns.print(of: string) { return print }
    return FingerprintHash.scalar(value)
  }

  private static func emptyFingerprint(_ value: PropertyList) -> UInt64 {
    FingerprintHash.empty(isDictionary: value.kind == .dictionary)
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
