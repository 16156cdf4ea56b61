/// What a project file's text holds besides its value, as Xcode writes it: the header line, the
/// marks around each `isa`'s section of `objects`, and the ` /* … */` comment after an object
/// reference. ``XcodeProjectWriter`` writes these and the document's edits find them again, so
/// both spell them here.
package enum XcodeProjectSyntax {
  /// The first line of every project file Xcode writes, without its line break: a file that
  /// starts with it is a project file, whatever its name.
  package static let header = Array("// !$*UTF8*$!".utf8)

  /// The line before the first object of `isa` in `objects`: `/* Begin ISA section */`.
  package static func sectionBegin(_ isa: String) -> [UInt8] { Array("/* Begin \(isa) section */".utf8) }

  /// The line after the last object of `isa` in `objects`: `/* End ISA section */`.
  package static func sectionEnd(_ isa: String) -> [UInt8] { Array("/* End \(isa) section */".utf8) }

  /// How every `/* Begin … */` line starts, whatever its `isa`.
  package static let sectionBeginPrefix = Array("/* Begin ".utf8)

  /// The span of ` /* … */` starting at `offset` (one space, then a block comment with a space
  /// inside each end), if there is one there. The comment may span lines: Xcode writes a name's
  /// line breaks into it.
  package static func commentSpan(after offset: Int, in text: [UInt8]) -> Range<Int>? {
    guard offset + 4 <= text.count, text[offset] == 0x20, text[offset + 1] == UInt8(ascii: "/"),
      text[offset + 2] == UInt8(ascii: "*")
    else { return nil }
    var cursor = offset + 3
    while cursor + 1 < text.count {
      if text[cursor] == UInt8(ascii: "*"), text[cursor + 1] == UInt8(ascii: "/") {
        guard cursor >= offset + 4, text[offset + 3] == 0x20, text[cursor - 1] == 0x20 else { return nil }
        return offset..<(cursor + 2)
      }
      cursor += 1
    }
    return nil
  }

  /// The comment inside a span that ``commentSpan(after:in:)`` found, without ` /* ` and ` */`.
  package static func comment(in span: Range<Int>, of text: [UInt8]) -> String {
    String(decoding: text[(span.lowerBound + 4)..<(span.upperBound - 3)], as: UTF8.self)
  }
}
