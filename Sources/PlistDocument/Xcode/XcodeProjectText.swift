import PlistKit

/// What an Xcode project file's text says beyond its value.
enum XcodeProjectText {
  /// The project's name, as the comment after its configuration list gives it
  /// (`/* Build configuration list for PBXProject "NAME" */`); else its first target's name.
  static func projectName(in text: [UInt8], tree: SyntaxTree) -> String? {
    let objects = SyntaxProjectObjects(text: text, tree: tree)
    guard let root = objects.rootObject, let project = objects.object(withID: root),
      let list = objects.value("buildConfigurationList", in: project), tree.kind(list) == .string
    else { return XcodeProjectCommentRules.firstTargetName(in: objects) }
    let prefix = "Build configuration list for PBXProject \""
    if let comment = comment(after: list, text: text, tree: tree), comment.hasPrefix(prefix), comment.hasSuffix("\"") {
      return String(comment.dropFirst(prefix.count).dropLast())
    }
    return XcodeProjectCommentRules.firstTargetName(in: objects)
  }

  /// The text of the ` /* … */` comment right after a node, if there is one.
  static func comment(after node: Int, text: [UInt8], tree: SyntaxTree) -> String? {
    commentSpan(after: tree.end(node), text: text).map { span in
      String(decoding: text[(span.lowerBound + 4)..<(span.upperBound - 3)], as: UTF8.self)
    }
  }

  /// The span of ` /* … */` starting at `offset` (one space, then a block comment), if there
  /// is one there. The comment may span lines: Xcode writes a name's line breaks into it.
  static func commentSpan(after offset: Int, text: [UInt8]) -> Range<Int>? {
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
}
