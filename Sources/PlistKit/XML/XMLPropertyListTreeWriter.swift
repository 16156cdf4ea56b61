/// Writes the nodes of a ``PropertyListNodeTree`` as XML elements, one per line, indented with
/// tabs, straight into the output: the walk behind ``XMLPropertyListWriter`` for a value and for
/// the Codable encoder's arena. It keeps its own stack, so no value, however deep, exhausts the
/// thread's.
struct XMLPropertyListTreeWriter: ~Copyable {
  let tree: PropertyListNodeTree
  var output: ChunkedOutput
  /// The format's own output, for what is not written here: reals in CoreFoundation's style,
  /// escaped text.
  var scratch = XMLPropertyListOutput(sortedKeys: false)
  /// Sorts each dictionary's children as Swift sorts their keys (Foundation's encoder), or
  /// nil to write them as they are linked.
  var order: SwiftStringKeyOrder?
  let budget: OutputBudget
  /// The containers being written, the innermost last.
  var frames = GrowingBuffer<Frame>(capacity: 64)
  /// The children of the dictionaries being written when they are sorted or repeat a key,
  /// in writing order: see ``Frame``.
  var children: [Int32] = []
  /// Each of the tree's keys as its `<key>` element once escaped (`start` -1 until then):
  /// a type's keys are written once per record, and are then copied rather than looked at.
  var keyElements: [(start: Int32, count: Int32)]
  var keyElementBytes: [UInt8] = []

  /// An array or dictionary being written.
  struct Frame {
    let node: Int32
    let isDictionary: Bool
    /// The child being written, and its position (for the key path of an error).
    var current: Int32 = -1
    var position = -1
    /// The next child: by its link, or when the children are sorted or repeat a key, in
    /// ``XMLPropertyListTreeWriter/children``.
    var cursor: PropertyListChildCursor
  }

  init(
    tree: PropertyListNodeTree, output: consuming ChunkedOutput, realStyle: XMLRealStyle, sortsKeys: Bool,
    budget: OutputBudget
  ) {
    self.tree = tree
    self.output = output
    self.budget = budget
    scratch.realStyle = realStyle
    order = sortsKeys ? SwiftStringKeyOrder() : nil
    keyElements = Array(repeating: (-1, 0), count: tree.keys.count)
  }

  /// Why a value cannot be written: kept small, so that the walk's calls return it in
  /// registers (a thrown `PropertyListError` at each call cost 2% of an encoding); the error
  /// is made once, with the key path, by ``writeDocument(_:)``.
  enum Refusal {
    /// A string or key holds this character.
    case character(UInt32)
    /// A date of these seconds.
    case date(Double)
  }

  /// Writes the document whose value is `root`.
  mutating func writeDocument(_ root: Int32) throws(PropertyListError) {
    output.append(XMLPropertyListOutput.header)
    if let refusal = walk(from: root) {
      let what: String
      switch refusal {
      case .character(let scalar): what = XMLPropertyListOutput.refusal(ofCharacter: scalar)
      case .date(let seconds): what = XMLPropertyListOutput.refusal(ofDate: seconds) ?? ""
      }
      throw PropertyListError(.notRepresentable, format: .xml, at: .keyPath(keyPath.description), what)
    }
    guard budget.allows(output.count) else { throw budget.exceeded() }
    output.append("</plist>\n")
    try budget.check(output.count)
  }

  /// Writes `root` and everything in it; stops at the first value that cannot be written, or
  /// when the output passes the budget (then nil, and the caller finds the output over it).
  private mutating func walk(from root: Int32) -> Refusal? {
    if let refusal = write(root, depth: 0) { return refusal }
    while frames.count > 0 {
      let top = frames.count - 1
      let depth = frames.count
      let frame = frames.address(of: top)
      let child = frame.pointee.cursor.advance(in: tree, lists: children)
      guard child >= 0 else {
        let isDictionary = frame.pointee.isDictionary
        if !frame.pointee.cursor.walksLinks { children.removeSubrange(frame.pointee.cursor.listStart...) }
        frames.removeAll(from: top)
        output.appendTabs(depth - 1)
        output.append(isDictionary ? "</dict>\n" : "</array>\n")
        continue
      }
      guard budget.allows(output.count) else { return nil }
      frame.pointee.current = child
      frame.pointee.position += 1
      if frame.pointee.isDictionary {
        output.appendTabs(depth)
        if let refusal = keyElement(tree.nodes[Int(child)].key) { return refusal }
      }
      if let refusal = write(child, depth: depth) { return refusal }
    }
    return nil
  }

  /// Writes a scalar whole, or the opening of a container (its contents follow from the stack).
  private mutating func write(_ node: Int32, depth: Int) -> Refusal? {
    var value = tree.nodes[Int(node)]
    var container = node
    if value.kind == .repeated {
      // Text has no references: a container in several places is written at each.
      container = Int32(truncatingIfNeeded: value.payload)
      value = tree.nodes[Int(container)]
    }
    output.appendTabs(depth)
    switch value.kind {
    case .string: return element("<string>", text: tree.strings[Int(value.payload)], "</string>\n")
    case .null: return element("<string>", text: "$null", "</string>\n")
    case .integer:
      output.append("<integer>")
      appendDecimal(Int64(bitPattern: value.payload))
      output.append("</integer>\n")
    case .largeInteger:
      output.append("<integer>")
      appendDecimal(magnitude: value.payload)
      output.append("</integer>\n")
    case .real:
      output.append("<real>")
      appendReal(Double(bitPattern: value.payload))
      output.append("</real>\n")
    case .boolean:
      output.append(value.payload != 0 ? "<true/>\n" : "<false/>\n")
    case .date:
      let seconds = Double(bitPattern: value.payload)
      guard seconds.isFinite, ISO8601.writableRange.contains(seconds) else { return .date(seconds) }
      output.append("<date>")
      output.advance(ISO8601.write(seconds, to: output.reserve(ISO8601.longestForm), calendar: .julianBeforeReform))
      output.append("</date>\n")
    case .data:
      output.append("<data>\n")
      let withData = tree.withData
      withData(Int(value.payload)) { appendBase64($0, depth: depth) }
      output.appendTabs(depth)
      output.append("</data>\n")
    case .uid:
      output.append("<dict>\n")
      output.appendTabs(depth + 1)
      output.append("<key>CF$UID</key>\n")
      output.appendTabs(depth + 1)
      output.append("<integer>")
      appendDecimal(magnitude: value.payload)
      output.append("</integer>\n")
      output.appendTabs(depth)
      output.append("</dict>\n")
    case .repeated:
      preconditionFailure("a repeated node names an array or dictionary")
    case .array:
      guard value.first >= 0 else {
        output.append("<array/>\n")
        return nil
      }
      output.append("<array>\n")
      frames.append(Frame(node: container, isDictionary: false, cursor: PropertyListChildCursor(links: value.first)))
    case .dictionary:
      guard value.first >= 0 else {
        output.append("<dict/>\n")
        return nil
      }
      output.append("<dict>\n")
      guard order != nil || !tree.keysAreUnique else {
        frames.append(Frame(node: container, isDictionary: true, cursor: PropertyListChildCursor(links: value.first)))
        return nil
      }
      openListed(container, first: value.first)
    }
    return nil
  }

  /// Opens the dictionary `node` with its children listed in writing order: sorted when the
  /// writer sorts, and each key once, where it comes first, with the value that comes last
  /// (as a ``PropertyListDictionary`` keeps a key given twice).
  private mutating func openListed(_ node: Int32, first: Int32) {
    let start = children.count
    var child = first
    while child >= 0 {
      children.append(child)
      child = tree.nodes[Int(child)].next
    }
    let end = children.count
    var repeatsKey = false
    if order != nil {
      repeatsKey = children.withUnsafeMutableBufferPointer { list in
        order!.sort(UnsafeMutableBufferPointer(rebasing: list[start..<end]), in: tree)
      }
    } else {
      repeatsKey = (start..<end).contains { position in
        (start..<position).contains { sameKey(children[$0], children[position]) }
      }
    }
    if repeatsKey {
      var kept = start
      for position in start..<end {
        let entry = children[position]
        if let earlier = (start..<kept).first(where: { sameKey(children[$0], entry) }) {
          children[earlier] = entry
        } else {
          children[kept] = entry
          kept += 1
        }
      }
      children.removeSubrange(kept...)
    }
    frames.append(Frame(node: node, isDictionary: true, cursor: PropertyListChildCursor(list: start..<children.count)))
  }

  /// True when two children have the same key, scalar for scalar.
  private func sameKey(_ a: Int32, _ b: Int32) -> Bool {
    let first = tree.nodes[Int(a)].key
    let second = tree.nodes[Int(b)].key
    return first == second || tree.keys[Int(first)].exactlyEquals(tree.keys[Int(second)])
  }

  /// The key path of the value being written: the current entry of every open container.
  private var keyPath: PropertyListKeyPath {
    PropertyListKeyPath(
      components: frames.elements.map { frame in
        frame.isDictionary ? tree.key(of: frame.current) : String(frame.position)
      })
  }

  /// Writes `text` escaped between `opening` and `closing`.
  private mutating func element(_ opening: StaticString, text: String, _ closing: StaticString) -> Refusal? {
    output.append(opening)
    var text = text
    let refused = text.withUTF8 { utf8 -> UInt32? in
      // Most text has nothing to escape and is copied as it is.
      if XMLTextScan.isPlain(utf8) {
        output.append(UnsafeRawBufferPointer(utf8))
        return nil
      }
      scratch.bytes.removeAll(keepingCapacity: true)
      if let refused = scratch.appendEscaped(utf8: utf8) { return refused }
      output.append(scratch.bytes)
      return nil
    }
    if let refused { return .character(refused) }
    output.append(closing)
    return nil
  }

  /// Writes the `<key>` element of the tree's key at `index` (escaped the first time, copied
  /// after).
  private mutating func keyElement(_ index: Int32) -> Refusal? {
    var known = keyElements[Int(index)]
    if known.start < 0 {
      var key = tree.keys[Int(index)]
      scratch.bytes.removeAll(keepingCapacity: true)
      scratch.bytes.append(contentsOf: "<key>".utf8)
      if let refused = key.withUTF8({ scratch.appendEscaped(utf8: $0) }) { return .character(refused) }
      scratch.bytes.append(contentsOf: "</key>\n".utf8)
      guard keyElementBytes.count + scratch.bytes.count < Int(Int32.max) else {
        // Past what the table holds: written each time instead.
        output.append(scratch.bytes)
        return nil
      }
      known = (Int32(keyElementBytes.count), Int32(scratch.bytes.count))
      keyElementBytes.append(contentsOf: scratch.bytes)
      keyElements[Int(index)] = known
    }
    keyElementBytes.withUnsafeBytes { bytes in
      output.append(UnsafeRawBufferPointer(rebasing: bytes[Int(known.start)..<Int(known.start + known.count)]))
    }
    return nil
  }

  /// Writes a real in the writer's style: a finite one in the shortest style straight from
  /// its description, as `XMLPropertyListOutput.appendShortestReal` writes it (without a
  /// trailing `.0`; sharing that through a closure cost 0.4% of an XML encoding); anything
  /// else through the format's output.
  private mutating func appendReal(_ real: Double) {
    guard scratch.realStyle == .shortest, real.isFinite else {
      scratch.bytes.removeAll(keepingCapacity: true)
      if scratch.realStyle == .shortest { scratch.appendShortestReal(real) } else { scratch.appendReal(real) }
      output.append(scratch.bytes)
      return
    }
    var text = real.description
    text.withUTF8 { utf8 in
      let trimmed = utf8.count > 2 && utf8[utf8.count - 2] == UInt8(ascii: ".") && utf8[utf8.count - 1] == 0x30
      output.append(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(utf8)[..<(utf8.count - (trimmed ? 2 : 0))]))
    }
  }

  private mutating func appendDecimal(_ integer: Int64) {
    if integer < 0 { output.append(UInt8(ascii: "-")) }
    appendDecimal(magnitude: integer.magnitude)
  }

  private mutating func appendDecimal(magnitude: UInt64) {
    var digits = magnitude
    var count = 1
    while digits >= 10 {
      digits /= 10
      count += 1
    }
    let place = output.reserve(count)
    digits = magnitude
    for index in stride(from: count - 1, through: 0, by: -1) {
      place[index] = UInt8(truncatingIfNeeded: digits % 10) &+ 0x30
      digits /= 10
    }
    output.advance(count)
  }

  /// Base64 lines as CoreFoundation wraps them (see ``XMLPropertyListOutput/base64Lines(depth:)``).
  private mutating func appendBase64(_ bytes: UnsafeRawBufferPointer, depth: Int) {
    guard !bytes.isEmpty else { return }
    let (levels, lineLength) = XMLPropertyListOutput.base64Lines(depth: depth)
    // A line of whole groups: four characters for every three bytes.
    let lineBytes = lineLength / 4 * 3
    var start = 0
    while start < bytes.count {
      let end = min(start + lineBytes, bytes.count)
      let characters = Base64.encodedCount(end - start)
      output.appendTabs(levels)
      Base64.encode(UnsafeRawBufferPointer(rebasing: bytes[start..<end]), into: output.reserve(characters))
      output.advance(characters)
      output.append(0x0A)
      start = end
    }
  }
}
