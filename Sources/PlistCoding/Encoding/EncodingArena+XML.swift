import FoundationEssentials
import PlistKit

extension EncodingArena {
  /// The value of `node` in XML, byte for byte as PlistKit's XML writer writes it with keys in
  /// Swift's string order (Foundation's `PropertyListEncoder` output), written straight from
  /// the arena; nil when a dictionary repeats a key or a string or date cannot be written in
  /// XML: the caller then writes the value, which keeps the key once or reports the error with
  /// its key path.
  func xml(_ node: Int32, realStyle: XMLRealStyle) -> [UInt8]? {
    EncodingOutput.collect(estimate: xmlSizeEstimate) { output in
      var writer = ArenaXMLWriter(arena: self, realStyle: realStyle, output: output)
      writer.output.append(XMLPropertyListOutput.header)
      guard writer.write(node, depth: 0) else { return nil }
      writer.output.append("</plist>\n")
      return writer.output
    }
  }
}

/// Writes arena nodes as XML elements, one per line, indented with tabs.
private struct ArenaXMLWriter: ~Copyable {
  let arena: EncodingArena
  var output: EncodingOutput
  /// PlistKit's own XML output, for what is not written here: reals, dates, escaped text.
  var scratch = XMLPropertyListOutput(sortedKeys: false)
  var order = KeyOrder()
  /// The children of the dictionaries being written, the innermost last, each in key order.
  var children: [Int32] = []
  /// Each of the arena's keys as its `<key>` element once escaped (`start` -1 until then):
  /// a type's keys are written once per record, and are then copied rather than looked at.
  var keyElements: [(start: Int32, count: Int32)]
  var keyElementBytes: [UInt8] = []

  init(arena: EncodingArena, realStyle: XMLRealStyle, output: consuming EncodingOutput) {
    self.arena = arena
    self.output = output
    scratch.realStyle = realStyle
    keyElements = Array(repeating: (-1, 0), count: arena.keys.count)
  }

  /// Writes `node` at `depth`; false when it cannot be (see ``EncodingArena/xml(_:realStyle:)``).
  mutating func write(_ node: Int32, depth: Int) -> Bool {
    let value = arena.nodes[Int(node)]
    output.appendTabs(depth)
    switch value.kind {
    case .string:
      return element("<string>", text: arena.strings[Int(value.payload)], "</string>\n")
    case .null:
      return element("<string>", text: DecodingMap.null, "</string>\n")
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
      guard seconds.isFinite, ISO8601.writableRange.contains(seconds) else { return false }
      output.append("<date>")
      output.advance(ISO8601.write(seconds, to: output.reserve(ISO8601.longestForm), calendar: .julianBeforeReform))
      output.append("</date>\n")
    case .data:
      output.append("<data>\n")
      appendBase64(arena.data[Int(value.payload)], depth: depth)
      output.appendTabs(depth)
      output.append("</data>\n")
    case .uid:
      // Only archives hold UIDs, and they are written from the value.
      return false
    case .shared, .shadowed:
      preconditionFailure("an encoding shares and repeats nothing")
    case .array:
      guard value.first >= 0 else {
        output.append("<array/>\n")
        return true
      }
      output.append("<array>\n")
      var child = value.first
      while child >= 0 {
        guard write(child, depth: depth + 1) else { return false }
        child = arena.nodes[Int(child)].next
      }
      output.appendTabs(depth)
      output.append("</array>\n")
    case .dictionary:
      guard value.first >= 0 else {
        output.append("<dict/>\n")
        return true
      }
      output.append("<dict>\n")
      // This dictionary's children go on the stack, are put in order there, and come off
      // when it is written; a dictionary inside it uses the stack above them.
      let start = children.count
      var child = value.first
      while child >= 0 {
        children.append(child)
        child = arena.nodes[Int(child)].next
      }
      let end = children.count
      defer { children.removeSubrange(start...) }
      let repeatsKey = children.withUnsafeMutableBufferPointer { stack in
        order.sort(UnsafeMutableBufferPointer(rebasing: stack[start..<end]), in: arena)
      }
      guard !repeatsKey else { return false }
      for position in start..<end {
        let child = children[position]
        output.appendTabs(depth + 1)
        guard keyElement(arena.nodes[Int(child)].key), write(child, depth: depth + 1) else { return false }
      }
      output.appendTabs(depth)
      output.append("</dict>\n")
    }
    return true
  }

  /// Writes `text` escaped between `opening` and `closing`; false when XML cannot hold it.
  private mutating func element(_ opening: StaticString, text: String, _ closing: StaticString) -> Bool {
    output.append(opening)
    var text = text
    let written = text.withUTF8 { utf8 in
      // Most text has nothing to escape and is copied as it is.
      if XMLTextScan.isPlain(utf8) {
        output.append(UnsafeRawBufferPointer(utf8))
        return true
      }
      scratch.bytes.removeAll(keepingCapacity: true)
      guard scratch.appendEscaped(utf8: utf8) == nil else { return false }
      output.append(scratch.bytes)
      return true
    }
    output.append(closing)
    return written
  }

  /// Writes the `<key>` element of the arena's key at `index` (escaped the first time, copied
  /// after); false when XML cannot hold the key.
  private mutating func keyElement(_ index: Int32) -> Bool {
    var known = keyElements[Int(index)]
    if known.start < 0 {
      var key = arena.keys[Int(index)]
      scratch.bytes.removeAll(keepingCapacity: true)
      scratch.bytes.append(contentsOf: "<key>".utf8)
      guard key.withUTF8({ scratch.appendEscaped(utf8: $0) }) == nil else { return false }
      scratch.bytes.append(contentsOf: "</key>\n".utf8)
      guard keyElementBytes.count + scratch.bytes.count < Int(Int32.max) else {
        // Past what the table holds: written each time instead.
        output.append(scratch.bytes)
        return true
      }
      known = (Int32(keyElementBytes.count), Int32(scratch.bytes.count))
      keyElementBytes.append(contentsOf: scratch.bytes)
      keyElements[Int(index)] = known
    }
    keyElementBytes.withUnsafeBytes { bytes in
      output.append(UnsafeRawBufferPointer(rebasing: bytes[Int(known.start)..<Int(known.start + known.count)]))
    }
    return true
  }

  /// Writes a real in the writer's style: a finite one in the shortest style straight from
  /// its description, as `XMLPropertyListOutput.appendShortestReal` writes it (without a
  /// trailing `.0`; sharing that through a closure cost 0.4% of an XML encoding); anything
  /// else through PlistKit's writer.
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
  private mutating func appendBase64(_ data: Data, depth: Int) {
    guard !data.isEmpty else { return }
    let (levels, lineLength) = XMLPropertyListOutput.base64Lines(depth: depth)
    // A line of whole groups: four characters for every three bytes.
    let lineBytes = lineLength / 4 * 3
    data.withUnsafeBytes { bytes in
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
}
