import PlistKit

/// A hash table from container storage to a fingerprint, with a flag for storage met more
/// than once: open addressing on the address of the container's element buffer, which is
/// different for every live container (a dictionary's values buffer is its own). Much
/// cheaper than a `Dictionary` keyed by ``ContainerStorage``, and a diff fills one with
/// every container of both values.
struct StorageTable {
  private var addresses: [UInt]
  private var prints: [UInt64]
  private var shared: [Bool]
  private var mask: Int
  private(set) var count = 0

  init(capacity: Int = 64) {
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    addresses = [UInt](repeating: 0, count: size)
    prints = [UInt64](repeating: 0, count: size)
    shared = [Bool](repeating: false, count: size)
    mask = size - 1
  }

  private func slot(of address: UInt) -> Int {
    // The high bits of a multiplicative hash: buffers are 16-byte aligned and often close together.
    var index = Int(truncatingIfNeeded: ((address >> 4) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    while addresses[index] != 0 && addresses[index] != address { index = (index + 1) & mask }
    return index
  }

  /// The fingerprint recorded for `storage`.
  func print(of storage: ContainerStorage) -> UInt64? {
    let index = slot(of: storage.elements)
    return addresses[index] == 0 ? nil : prints[index]
  }

  /// True when `storage` was met more than once.
  func isShared(_ storage: ContainerStorage) -> Bool {
    let index = slot(of: storage.elements)
    return addresses[index] != 0 && shared[index]
  }

  /// Records the fingerprint of a container met for the first time.
  mutating func record(_ print: UInt64, for storage: ContainerStorage) {
    if (count + 1) * 2 > addresses.count { grow() }
    let index = slot(of: storage.elements)
    if addresses[index] == 0 { count += 1 }
    addresses[index] = storage.elements
    prints[index] = print
  }

  /// Notes that a container already recorded was met again.
  mutating func markShared(_ storage: ContainerStorage) {
    let index = slot(of: storage.elements)
    if addresses[index] != 0 { shared[index] = true }
  }

  private mutating func grow() {
    let old = (addresses, prints, shared)
    var bigger = StorageTable(capacity: addresses.count)
    for index in old.0.indices where old.0[index] != 0 {
      let slot = bigger.slot(of: old.0[index])
      bigger.addresses[slot] = old.0[index]
      bigger.prints[slot] = old.1[index]
      bigger.shared[slot] = old.2[index]
      bigger.count += 1
    }
    self = bigger
  }
}
