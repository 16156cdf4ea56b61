import PlistKit
import XcodeProject

/// What an Xcode project document's syntax says beyond its value, read with the rules of
/// `XcodeProject`.
enum XcodeProjectText {
  /// The project's name, as the comment after its configuration list gives it
  /// (`/* Build configuration list for PBXProject "NAME" */`); else its first target's name.
  static func projectName(in text: [UInt8], tree: SyntaxTree) -> String? {
    let objects = SyntaxProjectObjects(text: text, tree: tree)
    guard let root = objects.rootObject, let project = objects.object(withID: root),
      let list = objects.value("buildConfigurationList", in: project), tree.kind(list) == .string,
      let comment = XcodeProjectSyntax.commentSpan(after: tree.end(list), in: text).map({
        XcodeProjectSyntax.comment(in: $0, of: text)
      }),
      let name = XcodeProjectCommentRules.projectName(fromConfigurationListComment: comment)
    else { return XcodeProjectCommentRules.firstTargetName(in: objects) }
    return name
  }
}
