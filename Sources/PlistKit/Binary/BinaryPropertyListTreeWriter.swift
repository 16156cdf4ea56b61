#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes the nodes of a ``PropertyListNodeTree`` as the objects of a binary plist, in one
/// preorder walk: a container is written with room for its references, which are filled in
/// once its contents (written after it) have their numbers; scalars go straight into the
/// output, and one that repeats an earlier object's bytes is taken back and shared. The walk
/// keeps its own stack, so no value, however deep, exhausts the thread's.
struct BinaryPropertyListTreeWriter: ~Copyable {
  let tree: PropertyListNodeTree
  var output: ChunkedOutput
  /// Bytes per object reference.
  let referenceSize: Int
  /// The byte offset of every object, by object number.
  var offsets = GrowingBuffer<Int>(capacity: 1024)
  var shared = BinaryPropertyListSharedObjects()
  /// The references collected by the containers being written, the innermost last; a
  /// dictionary's keys, then its values.
  var references = GrowingBuffer<Int>(capacity: 1024)
  /// The containers being written, the innermost last.
  var frames = GrowingBuffer<Frame>(capacity: 64)
  /// The children of the open dictionaries that repeat a key, as they are written (each key
  /// once): see ``Frame``.
  var entryLists: [Int32] = []
  /// The key indices of the last dictionary written, and whether two of its keys are the same
  /// string: records of one type have the same keys, which need not be compared again.
  var lastKeyIndices: [Int32] = []
  var lastRepeatsKey = false
  /// The object of each of the tree's keys once written, or -1: a key is the same string in
  /// every record of a type, and is then looked up by its index rather than by its bytes.
  var keyObjects: [Int]
  /// The object of `nil` once written, or -1: Foundation writes it once, apart from any
  /// string `$null`.
  var nullObject = -1
  /// The object numbers of the containers that ``PropertyListNode/Kind/repeated`` nodes name.
  var repeatedObjects: [Int32: Int] = [:]
  /// The string encoder's output, for strings that are not ASCII.
  var scratch: [UInt8] = []

  /// An array or dictionary being written.
  struct Frame {
    /// Its object number.
    let number: Int
    /// Where its references go, and where in ``references`` they are being collected.
    let place: UnsafeMutablePointer<UInt8>
    let start: Int
    /// The next child to write: by its link, or for a dictionary that repeats a key, in
    /// ``entryLists``.
    var children: PropertyListChildCursor
  }

  init(tree: PropertyListNodeTree, output: consuming ChunkedOutput, referenceSize: Int) {
    self.tree = tree
    self.output = output
    self.referenceSize = referenceSize
    keyObjects = [Int](repeating: -1, count: tree.keys.count)
  }

  /// The fewest bytes (1…8) whose unsigned big-endian integers reach `value`.
  static func byteCount(holding value: Int) -> Int { BinaryPropertyListTrailer.byteCount(holding: value) }

  /// Writes `node` and everything in it and returns its object number.
  mutating func write(_ node: Int32) -> Int {
    if tree.nodes[Int(node)].form == PropertyListNode.uniquingScope { return writeInNewScope(node) }
    return walk(from: node)
  }

  /// Writes `node` with nothing shared between it and what is outside it (see
  /// ``PropertyListNode/uniquingScope``).
  private mutating func writeInNewScope(_ node: Int32) -> Int {
    var outerTable = BinaryPropertyListSharedObjects()
    swap(&shared, &outerTable)
    let outer = (keyObjects, nullObject)
    keyObjects = [Int](repeating: -1, count: keyObjects.count)
    nullObject = -1
    defer {
      swap(&shared, &outerTable)
      (keyObjects, nullObject) = outer
    }
    return walk(from: node)
  }

  /// Writes `root` and everything in it, children after their container, and returns its
  /// object number.
  private mutating func walk(from root: Int32) -> Int {
    let base = frames.count
    let rootNumber = open(root)
    while frames.count > base {
      let top = frames.count - 1
      let child = frames.address(of: top).pointee.children.advance(in: tree, lists: entryLists)
      if child >= 0 {
        let number: Int
        if tree.nodes[Int(child)].form == PropertyListNode.uniquingScope {
          number = writeInNewScope(child)
        } else {
          number = open(child)
        }
        // A container's number reaches its parent when the container is done.
        if frames.count == top + 1 { references.append(number) }
        continue
      }
      let frame = frames[top]
      fillReferences(from: frame.start, at: frame.place)
      if !frame.children.walksLinks { entryLists.removeSubrange(frame.children.listStart...) }
      frames.removeAll(from: top)
      if top > base { references.append(frame.number) }
    }
    return rootNumber
  }

  /// Writes a scalar and returns its number, or opens a container (its frame on the stack)
  /// and returns the number it will have.
  private mutating func open(_ node: Int32) -> Int {
    let value = tree.nodes[Int(node)]
    switch value.kind {
    case .string: return string(tree.strings[Int(value.payload)])
    case .null:
      if nullObject < 0 {
        offsets.append(output.count)
        output.append(0x55)
        output.append("$null")
        nullObject = offsets.count - 1
      }
      return nullObject
    case .integer where value.count == PropertyListNode.unsignedWidth, .largeInteger:
      return sharedObject(maximumSize: 17) { place in
        place[0] = BinaryPropertyListMarker.integerNibble << 4 | 4
        memset(place + 1, 0, 8)
        ChunkedOutput.writeBigEndian(value.payload, size: 8, at: place + 9)
        return 17
      }
    case .integer: return sharedObject(maximumSize: 9) { place in Self.writeInteger(value.payload, at: place) }
    case .real where value.count == PropertyListNode.floatWidth:
      let bits = UInt64(Float(Double(bitPattern: value.payload)).bitPattern)
      return sharedObject(maximumSize: 9) { place in
        place[0] = BinaryPropertyListMarker.realNibble << 4 | 2
        ChunkedOutput.writeBigEndian(bits, size: 4, at: place + 1)
        return 5
      }
    case .real: return eightByteObject(marker: BinaryPropertyListMarker.realNibble << 4 | 3, value.payload)
    case .date: return eightByteObject(marker: BinaryPropertyListMarker.date, value.payload)
    case .data:
      var number = 0
      let withData = tree.withData
      withData(Int(value.payload)) { bytes in
        number = sharedObject(maximumSize: 10 + bytes.count) { place in
          let marker = Self.writeMarker(BinaryPropertyListMarker.dataNibble, count: bytes.count, at: place)
          if bytes.count > 0 { memcpy(place + marker, bytes.baseAddress!, bytes.count) }
          return marker + bytes.count
        }
      }
      return number
    case .boolean:
      let marker = value.payload != 0 ? BinaryPropertyListMarker.true : BinaryPropertyListMarker.false
      // Foundation's encoder shares them (their bytes are no other object's); CoreFoundation's
      // writer does not.
      guard tree.sharesBooleans else {
        return unsharedObject(maximumSize: 1) {
          $0[0] = marker; return 1
        }
      }
      return sharedObject(maximumSize: 1) { place in
        place[0] = marker
        return 1
      }
    case .uid:
      let uid = value.payload
      let size = uid <= 0xFF ? 1 : uid <= 0xFFFF ? 2 : uid <= 0xFFFF_FFFF ? 4 : 8
      return unsharedObject(maximumSize: 9) { place in
        place[0] = BinaryPropertyListMarker.uidNibble << 4 | UInt8(size - 1)
        ChunkedOutput.writeBigEndian(uid, size: size, at: place + 1)
        return 1 + size
      }
    case .repeated:
      guard let number = repeatedObjects[Int32(truncatingIfNeeded: value.payload)] else {
        preconditionFailure("a repeated container comes after the one it repeats")
      }
      return number
    case .array:
      let number = offsets.count
      offsets.append(output.count)
      if value.form == PropertyListNode.repeatedLater { repeatedObjects[node] = number }
      let place = container(marker: BinaryPropertyListMarker.arrayNibble, count: Int(value.count))
      frames.append(
        Frame(
          number: number, place: place, start: references.count, children: PropertyListChildCursor(links: value.first)))
      return number
    case .dictionary:
      let number = offsets.count
      offsets.append(output.count)
      if value.form == PropertyListNode.repeatedLater { repeatedObjects[node] = number }
      if !tree.keysAreUnique && repeatsKey(value.first) {
        openWithEntries(value.first, number: number)
        return number
      }
      let place = container(marker: BinaryPropertyListMarker.dictionaryNibble, count: Int(value.count))
      let start = references.count
      var child = value.first
      while child >= 0 {
        references.append(key(tree.nodes[Int(child)].key))
        child = tree.nodes[Int(child)].next
      }
      frames.append(
        Frame(number: number, place: place, start: start, children: PropertyListChildCursor(links: value.first)))
      return number
    }
  }

  /// Writes a container's marker and leaves room for its references (`count` of them, twice
  /// that for a dictionary); returns where they go.
  private mutating func container(marker nibble: UInt8, count: Int) -> UnsafeMutablePointer<UInt8> {
    let references = (nibble == BinaryPropertyListMarker.dictionaryNibble ? 2 : 1) * count * referenceSize
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
        ChunkedOutput.writeBigEndian(reference, size: size, at: at)
      } else {
        for byte in 0..<size { at[byte] = UInt8(truncatingIfNeeded: reference >> UInt64(8 * (size - 1 - byte))) }
      }
    }
    references.removeAll(from: start)
  }

  /// Opens the dictionary from `first` whose keys repeat as Foundation keeps them: each key
  /// once, where it was first encoded, with the value encoded last.
  private mutating func openWithEntries(_ first: Int32, number: Int) {
    let entryStart = entryLists.count
    var child = first
    while child >= 0 {
      let key = tree.nodes[Int(child)].key
      if let position = entryLists[entryStart...].firstIndex(where: { sameKey(tree.nodes[Int($0)].key, key) }) {
        entryLists[position] = child
      } else {
        entryLists.append(child)
      }
      child = tree.nodes[Int(child)].next
    }
    let place = container(marker: BinaryPropertyListMarker.dictionaryNibble, count: entryLists.count - entryStart)
    let start = references.count
    for position in entryStart..<entryLists.count { references.append(key(tree.nodes[Int(entryLists[position])].key)) }
    frames.append(
      Frame(
        number: number, place: place, start: start,
        children: PropertyListChildCursor(list: entryStart..<entryLists.count)))
  }

  /// True when two of the keys of the children from `first` on are the same string, judged
  /// once for each list of key indices in a row.
  private mutating func repeatsKey(_ first: Int32) -> Bool {
    if hasLastKeys(first) { return lastRepeatsKey }
    lastKeyIndices.removeAll(keepingCapacity: true)
    var child = first
    while child >= 0 {
      lastKeyIndices.append(tree.nodes[Int(child)].key)
      child = tree.nodes[Int(child)].next
    }
    let keys = lastKeyIndices
    if keys.count <= 16 {
      lastRepeatsKey = keys.indices.contains { first in
        keys[(first + 1)...].contains { sameKey(keys[first], $0) }
      }
    } else {
      var seen = Set<ExactKey>(minimumCapacity: keys.count)
      lastRepeatsKey = keys.contains { !seen.insert(ExactKey(tree.keys[Int($0)])).inserted }
    }
    return lastRepeatsKey
  }

  /// True when the children from `first` on have the keys of the last dictionary written, by
  /// their indices in the tree.
  private func hasLastKeys(_ first: Int32) -> Bool {
    var child = first
    var position = 0
    while child >= 0 {
      guard position < lastKeyIndices.count, lastKeyIndices[position] == tree.nodes[Int(child)].key else {
        return false
      }
      child = tree.nodes[Int(child)].next
      position += 1
    }
    return position == lastKeyIndices.count
  }

  /// True when the tree's keys at `a` and `b` are the same string, scalar for scalar.
  private func sameKey(_ a: Int32, _ b: Int32) -> Bool {
    a == b || tree.keys[Int(a)].exactlyEquals(tree.keys[Int(b)])
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

  /// The object of the tree's key at `index`: written (or found among the strings) once.
  private mutating func key(_ index: Int32) -> Int {
    let known = keyObjects[Int(index)]
    if known >= 0 { return known }
    let number = string(tree.keys[Int(index)])
    keyObjects[Int(index)] = number
    return number
  }

  private mutating func string(_ string: String) -> Int {
    var string = string
    return string.withUTF8 { self.string(utf8: $0) }
  }

  /// A string object as CoreFoundation writes it: ASCII when it all is, else UTF-16.
  private mutating func string(utf8: UnsafeBufferPointer<UInt8>) -> Int {
    if ASCIIScan.isASCII(utf8) {
      return sharedObject(maximumSize: 10 + utf8.count) { place in
        let marker = Self.writeMarker(BinaryPropertyListMarker.asciiStringNibble, count: utf8.count, at: place)
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

  private mutating func eightByteObject(marker: UInt8, _ bits: UInt64) -> Int {
    sharedObject(maximumSize: 9) { place in
      place[0] = marker
      ChunkedOutput.writeBigEndian(bits, size: 8, at: place + 1)
      return 9
    }
  }

  /// Writes an object with `encode` (given room for `maximumSize` bytes, it returns how many
  /// it wrote), or takes it back when an object of the same bytes exists; returns its number.
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

  /// Writes an object that is never shared; returns its number.
  private mutating func unsharedObject(
    maximumSize: Int, _ encode: (UnsafeMutablePointer<UInt8>) -> Int
  ) -> Int {
    let size = encode(output.reserve(maximumSize))
    offsets.append(output.count)
    output.advance(size)
    return offsets.count - 1
  }

  /// An integer object: non-negative values below 2^8, 2^16 and 2^32 in 1, 2 and 4 bytes,
  /// the rest of the `Int64` range in 8.
  private static func writeInteger(_ bits: UInt64, at place: UnsafeMutablePointer<UInt8>) -> Int {
    let size = bits <= 0xFF ? 1 : bits <= 0xFFFF ? 2 : bits <= 0xFFFF_FFFF ? 4 : 8
    place[0] = BinaryPropertyListMarker.integerNibble << 4 | UInt8(size.trailingZeroBitCount)
    ChunkedOutput.writeBigEndian(bits, size: size, at: place + 1)
    return 1 + size
  }

  /// A marker whose low nibble holds `count` below 15, else 0xF followed by the count as an
  /// integer object; returns its length.
  private static func writeMarker(_ nibble: UInt8, count: Int, at place: UnsafeMutablePointer<UInt8>) -> Int {
    if count < Int(BinaryPropertyListMarker.extendedLength) {
      place[0] = nibble << 4 | UInt8(count)
      return 1
    }
    place[0] = nibble << 4 | BinaryPropertyListMarker.extendedLength
    return 1 + writeInteger(UInt64(count), at: place + 1)
  }
}
