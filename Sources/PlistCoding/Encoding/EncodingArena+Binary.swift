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
  /// The value of `node` as a `bplist00`, written straight from the arena with Foundation's
  /// `PropertyListEncoder` layout, so that the bytes are the same as Foundation's: objects
  /// numbered in preorder (a container before its contents, a dictionary's keys before its
  /// values, the root first) and written in that order; strings, numbers, dates, data and the
  /// two booleans shared, containers written at each occurrence; `Float` as a 4-byte real and
  /// `UInt`/`UInt64` as 16-byte integers, as Foundation writes them; the fewest bytes for
  /// references and offsets. Where Foundation shares values that are not the same, this does
  /// not (it shares by encoded bytes: `-0.0` and `0.0`, or a precomposed and a decomposed "é",
  /// stay two objects, and `nil` and the string `$null` two). A key encoded twice is written
  /// once, where it was first encoded, with the value encoded last, as Foundation writes it.
  /// Nil for a UID, which only archives hold.
  func binary(_ node: Int32) -> [UInt8]? {
    // The references' width depends on the count of objects, known at the end: the first
    // write takes it from a bound, and is done again in the rare case that the bound needs a
    // byte more than the count.
    let bound = nodeCount + (keys.count + 3) * (uniquingScopeCount + 1)
    let width = ArenaBinaryWriter.byteCount(holding: bound)
    guard let (bytes, objectCount) = binary(node, referenceSize: width) else { return nil }
    let exactWidth = ArenaBinaryWriter.byteCount(holding: objectCount)
    return exactWidth == width ? bytes : binary(node, referenceSize: exactWidth)?.bytes
  }

  private func binary(_ node: Int32, referenceSize: Int) -> (bytes: [UInt8], objectCount: Int)? {
    var objectCount = 0
    let bytes = EncodingOutput.collect(estimate: binarySizeEstimate) { output in
      var writer = ArenaBinaryWriter(arena: self, output: output, referenceSize: referenceSize)
      writer.output.append("bplist00")
      guard writer.write(node) != nil else { return nil }
      writer.finish()
      objectCount = writer.offsets.count
      return writer.output
    }
    return bytes.map { ($0, objectCount) }
  }
}

/// Writes arena nodes as the objects of a binary plist, in one preorder walk: a container is
/// written with room for its references, which are filled in once its contents (written
/// after it) have their numbers.
private struct ArenaBinaryWriter: ~Copyable {
  let arena: EncodingArena
  var output: EncodingOutput
  /// Bytes per object reference.
  let referenceSize: Int
  /// The byte offset of every object, by object number.
  var offsets = GrowingBuffer<Int>(capacity: 1024)
  var shared = SharedObjectTable()
  /// The references collected by the containers being written, the innermost last; a
  /// dictionary's keys, then its values.
  var references = GrowingBuffer<Int>(capacity: 1024)
  /// The key indices of the last dictionary written, and whether two of its keys are the same
  /// string: records of one type have the same keys, which need not be compared again.
  var lastKeyIndices: [Int32] = []
  var lastRepeatsKey = false
  /// The object of each of the arena's keys once written, or -1: a key is the same string in
  /// every record of a type, and is then looked up by its index rather than by its bytes.
  var keyObjects: [Int]
  /// The object of `nil` once written, or -1: Foundation writes it once, apart from any
  /// string `$null`.
  var nullObject = -1
  /// PlistKit's string encoder's output, for strings that are not ASCII.
  var scratch: [UInt8] = []

  init(arena: EncodingArena, output: consuming EncodingOutput, referenceSize: Int) {
    self.arena = arena
    self.output = output
    self.referenceSize = referenceSize
    keyObjects = [Int](repeating: -1, count: arena.keys.count)
  }

  /// The fewest bytes (1…8) whose unsigned big-endian integers reach `value`.
  static func byteCount(holding value: Int) -> Int {
    var count = 1
    while count < 8 && UInt64(value) >> (8 * UInt64(count)) != 0 { count += 1 }
    return count
  }

  /// Writes `node` and everything in it and returns its object number; nil when it holds a
  /// UID.
  mutating func write(_ node: Int32) -> Int? {
    if arena.nodes[Int(node)].form == EncodingArena.Node.uniquingScope { return writeInNewScope(node) }
    return writeInScope(node)
  }

  /// Writes `node` with nothing shared between it and what is outside it (see
  /// ``EncodingArena/Node/uniquingScope``).
  private mutating func writeInNewScope(_ node: Int32) -> Int? {
    var outerTable = SharedObjectTable()
    swap(&shared, &outerTable)
    let outer = (keyObjects, nullObject)
    keyObjects = [Int](repeating: -1, count: keyObjects.count)
    nullObject = -1
    defer {
      swap(&shared, &outerTable)
      (keyObjects, nullObject) = outer
    }
    return writeInScope(node)
  }

  private mutating func writeInScope(_ node: Int32) -> Int? {
    let value = arena.nodes[Int(node)]
    switch value.kind {
    case .string: return string(arena.strings[Int(value.payload)])
    case .null:
      if nullObject < 0 {
        offsets.append(output.count)
        output.append(0x55)
        output.append("$null")
        nullObject = offsets.count - 1
      }
      return nullObject
    case .integer where value.count == EncodingArena.Node.unsignedWidth, .largeInteger:
      return sharedObject(maximumSize: 17) { place in
        place[0] = 0x14
        memset(place + 1, 0, 8)
        EncodingOutput.writeBigEndian(value.payload, size: 8, at: place + 9)
        return 17
      }
    case .integer: return sharedObject(maximumSize: 9) { place in Self.writeInteger(value.payload, at: place) }
    case .real where value.count == EncodingArena.Node.floatWidth:
      let bits = UInt64(Float(Double(bitPattern: value.payload)).bitPattern)
      return sharedObject(maximumSize: 9) { place in
        place[0] = 0x22
        EncodingOutput.writeBigEndian(bits, size: 4, at: place + 1)
        return 5
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
      // Shared, as Foundation shares them; 0x08 and 0x09 are no other object's bytes.
      return sharedObject(maximumSize: 1) { place in
        place[0] = value.payload != 0 ? 0x09 : 0x08
        return 1
      }
    case .uid:
      // Only archives hold UIDs, and they are written from the value.
      return nil
    case .shared, .shadowed:
      preconditionFailure("an encoding shares and repeats nothing")
    case .array:
      let number = offsets.count
      offsets.append(output.count)
      let count = Int(value.count)
      let place = container(marker: 0xA, count: count)
      let start = references.count
      var child = value.first
      while child >= 0 {
        guard let element = write(child) else { return nil }
        references.append(element)
        child = arena.nodes[Int(child)].next
      }
      fillReferences(from: start, at: place)
      return number
    case .dictionary:
      let number = offsets.count
      offsets.append(output.count)
      if repeatsKey(value.first) { return writeEntries(of: value.first) ? number : nil }
      let place = container(marker: 0xD, count: Int(value.count))
      let start = references.count
      var child = value.first
      while child >= 0 {
        references.append(key(arena.nodes[Int(child)].key))
        child = arena.nodes[Int(child)].next
      }
      child = value.first
      while child >= 0 {
        guard let element = write(child) else { return nil }
        references.append(element)
        child = arena.nodes[Int(child)].next
      }
      fillReferences(from: start, at: place)
      return number
    }
  }

  /// Writes a container's marker and leaves room for its references (`count` of them, twice
  /// that for a dictionary); returns where they go.
  private mutating func container(marker nibble: UInt8, count: Int) -> UnsafeMutablePointer<UInt8> {
    let references = (nibble == 0xD ? 2 : 1) * count * referenceSize
    let place = output.reserve(10 + references)
    let marker = Self.writeMarker(nibble, count: count, at: place)
    output.advance(marker + references)
    return place + marker
  }

  /// Writes the references collected from `start` at `place`, where the container left room
  /// for them, and takes them off. Objects follow the room, so the last references are
  /// written a byte at a time rather than as stores of eight bytes.
  private mutating func fillReferences(from start: Int, at place: UnsafeMutablePointer<UInt8>) {
    let count = references.count - start
    let size = referenceSize
    let wholeStores = Swift.max(0, count - (8 + size - 1) / size)
    for index in 0..<count {
      let reference = UInt64(references[start + index])
      let at = place + index * size
      if index < wholeStores {
        EncodingOutput.writeBigEndian(reference, size: size, at: at)
      } else {
        for byte in 0..<size { at[byte] = UInt8(truncatingIfNeeded: reference >> UInt64(8 * (size - 1 - byte))) }
      }
    }
    references.removeAll(from: start)
  }

  /// Writes the dictionary from `first` whose keys repeat as Foundation keeps them: each key
  /// once, where it was first encoded, with the value encoded last.
  private mutating func writeEntries(of first: Int32) -> Bool {
    var entries: [Int32] = []
    var child = first
    while child >= 0 {
      let key = arena.nodes[Int(child)].key
      if let position = entries.firstIndex(where: { sameKey(arena.nodes[Int($0)].key, key) }) {
        entries[position] = child
      } else {
        entries.append(child)
      }
      child = arena.nodes[Int(child)].next
    }
    let place = container(marker: 0xD, count: entries.count)
    let start = references.count
    for entry in entries { references.append(key(arena.nodes[Int(entry)].key)) }
    for entry in entries {
      guard let element = write(entry) else { return false }
      references.append(element)
    }
    fillReferences(from: start, at: place)
    return true
  }

  /// True when two of the keys of the children from `first` on are the same string, judged
  /// once for each list of key indices in a row.
  private mutating func repeatsKey(_ first: Int32) -> Bool {
    if hasLastKeys(first) { return lastRepeatsKey }
    lastKeyIndices.removeAll(keepingCapacity: true)
    var child = first
    while child >= 0 {
      lastKeyIndices.append(arena.nodes[Int(child)].key)
      child = arena.nodes[Int(child)].next
    }
    let keys = lastKeyIndices
    if keys.count <= 16 {
      lastRepeatsKey = keys.indices.contains { first in
        keys[(first + 1)...].contains { sameKey(keys[first], $0) }
      }
    } else {
      var seen = Set<ExactKey>(minimumCapacity: keys.count)
      lastRepeatsKey = keys.contains { !seen.insert(ExactKey(arena.keys[Int($0)])).inserted }
    }
    return lastRepeatsKey
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

  /// True when the arena's keys at `a` and `b` are the same string, scalar for scalar.
  private func sameKey(_ a: Int32, _ b: Int32) -> Bool {
    a == b || arena.keys[Int(a)].exactlyEquals(arena.keys[Int(b)])
  }

  /// Writes the offset table and the trailer after the objects; the root is object 0.
  mutating func finish() {
    let tableOffset = output.count
    let offsetSize = Self.byteCount(holding: tableOffset)
    for offset in offsets.elements { output.appendBigEndian(UInt64(offset), size: offsetSize) }
    // Five unused bytes, the sort version, the two sizes, then the count, the top object and
    // where the offset table starts.
    output.append(repeating: 0, count: 6)
    output.append(UInt8(offsetSize))
    output.append(UInt8(referenceSize))
    output.appendBigEndian(UInt64(offsets.count), size: 8)
    output.appendBigEndian(0, size: 8)
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

  /// Writes an object with `encode` (given room for `maximumSize` bytes, it returns how many
  /// it wrote), or takes it back when an object of the same bytes exists;
  /// returns its number.
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
