import PlistKit

/// Key paths of a project file shown with the comment Xcode writes after each object's ID:
/// `objects.1D6058900D05DD3D006BFB54 (main.swift).path`.
public struct ProjectPathLabels: Sendable {
  private let old: XcodeProjectComments
  private let new: XcodeProjectComments

  /// Labels for the paths of a diff or merge of project files; nil unless both are project
  /// files. Comments come from `old` for paths in it, from `new` for additions.
  public init?(old: PropertyList, new: PropertyList, projectName: String? = nil) {
    guard ProjectFile.isProject(old), ProjectFile.isProject(new) else { return nil }
    self.old = XcodeProjectComments(project: old, projectName: projectName)
    self.new = XcodeProjectComments(project: new, projectName: projectName)
  }

  /// The dotted path with the object's comment after an object ID under `objects`.
  /// `inNew` says which side the path is in (an addition's is in the new one).
  public func label(_ path: PropertyListKeyPath, inNew: Bool = false) -> String {
    let components = path.components
    guard components.count >= 2, components[0] == "objects" else { return path.description }
    guard let comment = comment(forObject: components[1], inNew: inNew) else { return path.description }
    let head = PropertyListKeyPath(components: Array(components.prefix(2))).description
    let rest = PropertyListKeyPath(components: Array(components.dropFirst(2))).description
    return "\(head) (\(comment))" + (rest.isEmpty ? "" : ".\(rest)")
  }

  /// Xcode's comment for the object `id` (the key of an entry of `objects`), or nil when
  /// Xcode writes none. `inNew` says which side the object is in (an added one is in the new
  /// one); the other side is asked when that one has no comment for it.
  public func comment(forObject id: String, inNew: Bool = false) -> String? {
    inNew ? (new[object: id] ?? old[object: id]) : (old[object: id] ?? new[object: id])
  }
}
