import FoundationEssentials
import PlistKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension EncodingArena {
  /// The value of `node` as a `bplist00`, written straight from the arena with the layout of
  /// PlistKit's binary stream writer: objects numbered as they complete (a container after its
  /// contents, the root last), strings, numbers, dates and data shared by their encoded bytes,
  /// booleans and containers written at each occurrence, references wide enough for two
  /// objects a node. Nil when a dictionary repeats a key: the caller then writes the value,
  /// which keeps the key once.
  func binary(_ node: Int32) -> [UInt8]? {
    EncodingOutput.collect(estimate: binarySizeEstimate) { output in
      var writer = ArenaBinaryWriter(arena: self, output: output)
      writer.output.append("bplist00")
      guard let root = writer.write(node) else { return nil }
      writer.finish(root: root)
      return writer.output
    }
  }
}

/// Writes arena nodes as the objects of a binary plist.
private struct ArenaBinaryWriter: ~Copyable {
  let arena: EncodingArena
  var output: EncodingOutput
  /// Bytes per object reference.
  let referenceSize: Int
  /// The byte offset of every object, by object number.
  var offsets = GrowingBuffer<Int>(capacity: 1024)
  var shared = SharedObjectTable()
  /// The references collected by the containers being written, the innermost last; a
  /// dictionary's alternate key, value, key, value.
  var references = GrowingBuffer<Int>(capacity: 1024)
  /// The key indices of the last dictionary written, and whether it repeated a key: records
  /// of one type have the same keys, whose objects need not be compared again.
  var lastKeyIndices: [Int32] = []
  var lastRepeatsKey = false
  /// The object of each of the arena's keys once written, or -1: a key is the same string in
  /// every record of a type, and is then looked up by its index rather than by its bytes.
  var keyObjects: [Int]
  /// PlistKit's string encoder's output, for strings that are not ASCII.
  var scratch: [UInt8] = []

  init(arena: EncodingArena, output: consuming EncodingOutput) {
    self.arena = arena
    self.output = output
    // Every node is at most one object, and every key one more.
    referenceSize = Self.byteCount(holding: 2 * arena.nodeCount + 1)
    keyObjects = [Int](repeating: -1, count: arena.keys.count)
  }

  /// The fewest bytes (1…8) whose unsigned big-endian integers reach `value`.
  static func byteCount(holding value: Int) -> Int {
    var count = 1
    while count < 8 && UInt64(value) >> (8 * UInt64(count)) != 0 { count += 1 }
    return count
  }

  /// Writes `node` and returns its object number; nil when a dictionary in it repeats a key or
  /// it holds a UID.
  mutating func write(_ node: Int32) -> Int? {
    let value = arena.nodes[Int(node)]
    switch value.kind {
    case .string: return string(arena.strings[Int(value.payload)])
    case .null: return string(DecodingMap.null)
    case .integer: return sharedObject(maximumSize: 9) { place in Self.writeInteger(value.payload, at: place) }
    case .largeInteger:
      return sharedObject(maximumSize: 17) { place in
        place[0] = 0x14
        memset(place + 1, 0, 8)
        EncodingOutput.writeBigEndian(value.payload, size: 8, at: place + 9)
        return 17
      }
    case .real: return eightByteObject(marker: 0x23, value.payload)
    case .date: return eightByteObject(marker: 0x33, value.payload)
    case .data:
      return arena.data[Int(value.payload)].withUnsafeBytes { bytes in
        sharedObject(maximumSize: 10 + bytes.count) { place in
          let marker = Self.writeMarker(0x4, count: bytes.count, at: place)
          if bytes.count > 0 { memcpy(place + marker, bytes.baseAddress!, bytes.count) }
          return marker + bytes.count
        }
      }
    case .boolean:
      offsets.append(output.count)
      output.append(value.payload != 0 ? 0x09 : 0x08)
      return offsets.count - 1
    case .uid:
      // Only archives hold UIDs, and they are written from the value.
      return nil
    case .shared, .shadowed:
      preconditionFailure("an encoding shares and repeats nothing")
    case .array:
      let start = references.count
      var child = value.first
      while child >= 0 {
        guard let element = write(child) else { return nil }
        references.append(element)
        child = arena.nodes[Int(child)].next
      }
      return container(marker: 0xA, from: start, keyed: false)
    case .dictionary:
      let start = references.count
      var child = value.first
      while child >= 0 {
        references.append(key(arena.nodes[Int(child)].key))
        guard let element = write(child) else { return nil }
        references.append(element)
        child = arena.nodes[Int(child)].next
      }
      // After the values, which may be dictionaries that change what was last written.
      if !hasLastKeys(value.first) {
        lastRepeatsKey = repeatsKey(from: start)
        lastKeyIndices.removeAll(keepingCapacity: true)
        var child = value.first
        while child >= 0 {
          lastKeyIndices.append(arena.nodes[Int(child)].key)
          child = arena.nodes[Int(child)].next
        }
      }
      guard !lastRepeatsKey else { return nil }
      return container(marker: 0xD, from: start, keyed: true)
    }
  }

  /// Writes the offset table and the trailer after the objects.
  mutating func finish(root: Int) {
    let tableOffset = output.count
    let offsetSize = Self.byteCount(holding: tableOffset)
    for offset in offsets.elements { output.appendBigEndian(UInt64(offset), size: offsetSize) }
    // Five unused bytes, the sort version, the two sizes, then the count, the top object and
    // where the offset table starts.
    output.append(repeating: 0, count: 6)
    output.append(UInt8(offsetSize))
    output.append(UInt8(referenceSize))
    output.appendBigEndian(UInt64(offsets.count), size: 8)
    output.appendBigEndian(UInt64(root), size: 8)
    output.appendBigEndian(UInt64(tableOffset), size: 8)
  }

  /// The object of the arena's key at `index`: written (or found among the strings) once.
  private mutating func key(_ index: Int32) -> Int {
    let known = keyObjects[Int(index)]
    if known >= 0 { return known }
    let number = string(arena.keys[Int(index)])
    keyObjects[Int(index)] = number
    return number
  }

  /// True when the children from `first` on have the keys of the last dictionary written, by
  /// their indices in the arena.
  private func hasLastKeys(_ first: Int32) -> Bool {
    var child = first
    var position = 0
    while child >= 0 {
      guard position < lastKeyIndices.count, lastKeyIndices[position] == arena.nodes[Int(child)].key else {
        return false
      }
      child = arena.nodes[Int(child)].next
      position += 1
    }
    return position == lastKeyIndices.count
  }

  /// True when the dictionary whose references start at `start` has a key object twice:
  /// equal keys are one shared object.
  private func repeatsKey(from start: Int) -> Bool {
    let end = references.count
    if end - start <= 32 {
      for first in stride(from: start, to: end, by: 2) {
        for second in stride(from: first + 2, to: end, by: 2) where references[first] == references[second] {
          return true
        }
      }
      return false
    }
    var seen = Set<Int>(minimumCapacity: (end - start) / 2)
    for index in stride(from: start, to: end, by: 2) where !seen.insert(references[index]).inserted { return true }
    return false
  }

  /// Writes the array or dictionary whose references start at `start`, and takes them off.
  private mutating func container(marker nibble: UInt8, from start: Int, keyed: Bool) -> Int {
    let count = references.count - start
    offsets.append(output.count)
    let size = referenceSize
    // Each reference is written as eight bytes, of which the next overwrites the rest.
    let place = output.reserve(10 + count * size + 8)
    var written = Self.writeMarker(nibble, count: keyed ? count / 2 : count, at: place)
    if keyed {
      for index in stride(from: start, to: references.count, by: 2) {
        EncodingOutput.writeBigEndian(UInt64(references[index]), size: size, at: place + written)
        written += size
      }
      for index in stride(from: start + 1, to: references.count, by: 2) {
        EncodingOutput.writeBigEndian(UInt64(references[index]), size: size, at: place + written)
        written += size
      }
    } else {
      for index in start..<references.count {
        EncodingOutput.writeBigEndian(UInt64(references[index]), size: size, at: place + written)
        written += size
      }
    }
    output.advance(written)
    references.removeAll(from: start)
    return offsets.count - 1
  }

  private mutating func string(_ string: String) -> Int {
    var string = string
    return string.withUTF8 { self.string(utf8: $0) }
  }

  /// A string object as CoreFoundation writes it: ASCII when it all is, else UTF-16.
  private mutating func string(utf8: UnsafeBufferPointer<UInt8>) -> Int {
    if Self.isASCII(utf8) {
      return sharedObject(maximumSize: 10 + utf8.count) { place in
        let marker = Self.writeMarker(0x5, count: utf8.count, at: place)
        if utf8.count > 0 { memcpy(place + marker, utf8.baseAddress!, utf8.count) }
        return marker + utf8.count
      }
    }
    scratch.removeAll(keepingCapacity: true)
    scratch.appendBinaryString(utf8: utf8)
    return scratch.withUnsafeBytes { encoded in
      sharedObject(maximumSize: encoded.count) { place in
        memcpy(place, encoded.baseAddress!, encoded.count)
        return encoded.count
      }
    }
  }

  /// True when no byte has its high bit set, looked at eight bytes at a time.
  private static func isASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = utf8.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var offset = 0
    while offset + 8 <= utf8.count {
      if raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
      offset += 8
    }
    while offset < utf8.count {
      if base[offset] >= 0x80 { return false }
      offset += 1
    }
    return true
  }

  private mutating func eightByteObject(marker: UInt8, _ bits: UInt64) -> Int {
    sharedObject(maximumSize: 9) { place in
      place[0] = marker
      EncodingOutput.writeBigEndian(bits, size: 8, at: place + 1)
      return 9
    }
  }

  /// Writes an object with `encode` (given room for `maximumSize` bytes, it returns how many it
  /// wrote), or takes it back when an object of the same bytes exists; returns its number.
  private mutating func sharedObject(
    maximumSize: Int, _ encode: (UnsafeMutablePointer<UInt8>) -> Int
  ) -> Int {
    let place = output.reserve(maximumSize)
    let size = encode(place)
    let number = offsets.count
    if let existing = shared.number(of: UnsafeRawBufferPointer(start: place, count: size), insertingIfAbsent: number) {
      return existing
    }
    offsets.append(output.count)
    output.advance(size)
    return number
  }

  /// An integer object: non-negative values below 2^8, 2^16 and 2^32 in 1, 2 and 4 bytes,
  /// the rest of the `Int64` range in 8 (as PlistKit's writer writes them).
  private static func writeInteger(_ bits: UInt64, at place: UnsafeMutablePointer<UInt8>) -> Int {
    let size = bits <= 0xFF ? 1 : bits <= 0xFFFF ? 2 : bits <= 0xFFFF_FFFF ? 4 : 8
    place[0] = 0x10 | UInt8(size.trailingZeroBitCount)
    EncodingOutput.writeBigEndian(bits, size: size, at: place + 1)
    return 1 + size
  }

  /// A marker whose low nibble holds `count` below 15, else 0xF followed by the count as an
  /// integer object; returns its length.
  private static func writeMarker(_ nibble: UInt8, count: Int, at place: UnsafeMutablePointer<UInt8>) -> Int {
    if count < 15 {
      place[0] = nibble << 4 | UInt8(count)
      return 1
    }
    place[0] = nibble << 4 | 0xF
    return 1 + writeInteger(UInt64(count), at: place + 1)
  }
}
