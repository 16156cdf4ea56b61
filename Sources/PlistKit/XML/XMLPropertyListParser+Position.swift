internal import CLibXML2

/// A line and a column in the document, both from 1, counted in characters.
struct XMLPosition: Equatable {
  var line: Int
  var column: Int
}

// The positions are worked out from libxml2's parser context alone, by static functions: a
// method of the parser would copy the whole parser to read one field, on the hot path.
extension XMLPropertyListParser {
  /// Where libxml2 is: the next character it will read.
  var currentPosition: XMLPosition? { Self.currentPosition(in: context) }

  /// Where libxml2 is in `context`.
  static func currentPosition(in context: xmlParserCtxtPtr?) -> XMLPosition? {
    guard let input = context?.pointee.input else { return nil }
    return XMLPosition(line: Int(input.pointee.line), column: Int(input.pointee.col))
  }

  /// Where the construct that libxml2 has just read starts: the nearest `opening` byte
  /// before its current position (`<` for a tag, `&` for a reference). libxml2 reports
  /// positions after a construct; an error about it should point at its start.
  func startPosition(of opening: Unicode.Scalar = "<") -> XMLPosition? { Self.startPosition(of: opening, in: context) }

  /// ``startPosition(of:)`` in `context`.
  static func startPosition(of opening: Unicode.Scalar = "<", in context: xmlParserCtxtPtr?) -> XMLPosition? {
    let currentPosition = Self.currentPosition(in: context)
    guard let input = context?.pointee.input, let base = input.pointee.base, let current = input.pointee.cur,
      let position = currentPosition
    else { return currentPosition }
    var cursor = current
    while cursor > base {
      cursor -= 1
      if cursor.pointee == UInt8(ascii: opening) {
        return Self.position(of: cursor, before: current, at: position, lineStartBound: base)
      }
    }
    return position
  }

  /// The start of a tag just read; `<` cannot occur inside a tag, not even in an attribute.
  var tagStartPosition: XMLPosition? { startPosition(of: "<") }

  /// The start of the start tag of a scalar element just read, kept for errors about its
  /// value. libxml2 reports a start tag with its position at the closing `>` (or `/>`). Nearly
  /// every such tag is `<name>` or `<name/>`, ASCII on one line: the bytes that bound it give
  /// its start without walking back over it, as `tagStartPosition` does for any other shape
  /// (attributes, white space, a line break inside the tag).
  static func scalarTagStartPosition(_ element: XMLElementName, in context: xmlParserCtxtPtr?) -> XMLPosition? {
    guard let input = context?.pointee.input, let base = input.pointee.base, let current = input.pointee.cur,
      let end = input.pointee.end
    else { return currentPosition(in: context) }
    let back = element.nameLength + 1
    if current < end, current[0] == UInt8(ascii: ">") || current[0] == UInt8(ascii: "/"),
      current - base >= back, current[-back] == UInt8(ascii: "<"), Int(input.pointee.col) > back
    {
      return XMLPosition(line: Int(input.pointee.line), column: Int(input.pointee.col) - back)
    }
    return startPosition(of: "<", in: context)
  }

  /// The position of `target` inside a chunk of text being reported to `characters`.
  /// libxml2 has already counted the chunk's lines and columns, so its position is that of
  /// the chunk's end.
  func textPosition(of target: UnsafePointer<UInt8>, in chunk: UnsafeBufferPointer<UInt8>) -> XMLPosition? {
    guard let position = currentPosition, let start = chunk.baseAddress else { return nil }
    // A chunk inside libxml2's input buffer may look further back for the start of its line.
    var lineStartBound = start
    if let input = context?.pointee.input, let base = input.pointee.base, let end = input.pointee.end,
      start >= base, start <= end
    {
      lineStartBound = base
    }
    return Self.position(of: target, before: start + chunk.count, at: position, lineStartBound: lineStartBound)
  }

  /// The position of `target`, counting back from `reference` whose position is known;
  /// nil when the start of `target`'s line is not in memory (before `lineStartBound`).
  private static func position(
    of target: UnsafePointer<UInt8>, before reference: UnsafePointer<UInt8>, at referencePosition: XMLPosition,
    lineStartBound: UnsafePointer<UInt8>
  ) -> XMLPosition? {
    var line = referencePosition.line
    var column = referencePosition.column
    var cursor = reference
    var crossedLine = false
    while cursor > target {
      cursor -= 1
      if cursor.pointee == 0x0A {
        line -= 1
        crossedLine = true
      } else if cursor.pointee & 0xC0 != 0x80 {
        column -= 1
      }
    }
    guard crossedLine else { return XMLPosition(line: line, column: column) }
    // Count the column from the start of the target's own line.
    column = 1
    while cursor > lineStartBound {
      cursor -= 1
      if cursor.pointee == 0x0A { return XMLPosition(line: line, column: column) }
      if cursor.pointee & 0xC0 != 0x80 { column += 1 }
    }
    return line == 1 ? XMLPosition(line: line, column: column) : nil
  }
}
