import PlistKit
import XcodeProject

/// What an edit of an Xcode project file does beyond its splices: objects go into their
/// `isa`'s section, and the comments after object references follow the objects they name.
extension PropertyListDocument {
  /// The objects whose comments an edit may change, found before it is made.
  struct XcodeImpact {
    /// Every object (the edit replaces the objects, or the whole project).
    var everything = false
    /// The object the edit is inside, if any.
    var object: String?
    /// The objects whose comments may depend on that object, before the edit.
    var objects: Set<ExactKey> = []
    /// For an edit of the object itself or of its `isa`: its `isa` before (nil inside for
    /// none), to move it to its new section when that changes.
    var isaBefore: String??
    /// For an edit that may change the project's `objectVersion`: the version before, to
    /// write the objects whose layout depends on it again when that layout changes.
    var versionBefore: XcodeObjectVersion?
  }

  /// The keys under which Xcode writes no comments (see ``XcodeProjectWriter``).
  static let commentFreeKeys = XcodeProjectFragments.commentFreeKeys.map { Array($0.utf8) }

  /// The `objects` dictionary's node.
  var objectsNode: Int? { SyntaxProjectObjects.objectsNode(text: text, tree: tree) }

  /// The project's `objectVersion` as the text gives it now (an edit may change it), which
  /// decides which objects Xcode writes on one line.
  var xcodeObjectVersion: XcodeObjectVersion {
    XcodeObjectVersion(SyntaxProjectObjects.objectVersion(text: text, tree: tree))
  }

  func xcodeImpact(of path: PropertyListKeyPath) -> XcodeImpact {
    let components = path.components
    guard let first = components.first else { return XcodeImpact(everything: true, versionBefore: xcodeObjectVersion) }
    // The version decides comments (an exception set's) and which objects go on one line.
    if first == "objectVersion" { return XcodeImpact(everything: true, versionBefore: xcodeObjectVersion) }
    guard first == "objects" else { return XcodeImpact() }
    guard components.count >= 2 else { return XcodeImpact(everything: true) }
    let objects = SyntaxProjectObjects(text: text, tree: tree)
    var impact = XcodeImpact(object: components[1], objects: Self.dependents(of: components[1], in: objects))
    if components.count == 2 || (components.count == 3 && components[2] == "isa") {
      impact.isaBefore = .some(objects.object(withID: components[1]).flatMap { isaOfObject($0) })
    }
    return impact
  }

  /// An object and the objects whose comments depend on it: the build files that refer to
  /// it, the build files a phase lists, the configuration list a target or project owns, the
  /// exception sets of a synchronized group or of a target.
  static func dependents(of id: String, in objects: SyntaxProjectObjects) -> Set<ExactKey> {
    var result: Set<ExactKey> = [ExactKey(id)]
    guard let object = objects.object(withID: id) else { return result }
    for key in ["files", "exceptions"] {
      for member in objects.strings(key, in: object) { result.insert(ExactKey(member)) }
    }
    if let list = objects.string("buildConfigurationList", in: object) { result.insert(ExactKey(list)) }
    let utf8 = Array(id.utf8)
    let buildFile = Array("PBXBuildFile".utf8)
    let exceptionSet = Array("PBXFileSystemSynchronizedBuildFileExceptionSet".utf8)
    objects.forEachObjectNode { key, fields in
      let isa = objects.value("isa", in: fields)
      let refers: Bool
      if objects.stringNode(isa, is: buildFile) {
        refers =
          objects.stringNode(objects.value("fileRef", in: fields), is: utf8)
          || objects.stringNode(objects.value("productRef", in: fields), is: utf8)
      } else if objects.stringNode(isa, is: exceptionSet) {
        refers = objects.stringNode(objects.value("target", in: fields), is: utf8)
      } else {
        refers = false
      }
      if refers { result.insert(ExactKey(SyntaxText.string(objects.text, objects.tree.span(key), format: .openStep))) }
    }
    return result
  }

  /// After an edit: moves an object whose `isa` changed into its section, then writes again
  /// every comment that names an affected object, and every comment in the edited text.
  mutating func xcodeAfterEdit(_ impact: XcodeImpact, edited: [Range<Int>], path: PropertyListKeyPath) {
    var edited = edited
    // An ID the file repeats stays where it is: moving its last entry (the one that is the
    // value) before another of the same ID would make that other one the value.
    if let id = impact.object, let isaBefore = impact.isaBefore, let objectsNode,
      case let positions = entryPositions(in: objectsNode, key: id), positions.count == 1,
      isaOfObject(tree.entries(objectsNode)[positions[0]].value) != isaBefore
    {
      edited = relocateObject(id) ?? edited
    }
    if let versionBefore = impact.versionBefore, relayoutSynchronizedFolders(after: versionBefore),
      path.components.isEmpty
    {
      edited = [0..<text.count]
    }
    let objects = SyntaxProjectObjects(text: text, tree: tree)
    var affected = impact.objects
    if let id = impact.object { affected.formUnion(Self.dependents(of: id, in: objects)) }
    let sites = commentSites(objects: objects, affected: impact.everything ? nil : affected, edited: edited)
    var needed = affected
    for site in sites { needed.insert(ExactKey(site.id)) }
    let relations = XcodeProjectCommentRules.Relations(objects, only: impact.everything ? nil : needed)
    var comments: [ExactKey: String?] = [:]
    var splices: [Splice] = []
    for site in sites {
      let key = ExactKey(site.id)
      let comment: String?
      if let known = comments[key] {
        comment = known
      } else {
        comment = objects.object(withID: site.id).flatMap {
          XcodeProjectCommentRules.comment(
            of: $0, id: site.id, in: objects, relations: relations, projectName: projectName)
        }
        comments[key] = comment
      }
      let expected = comment.map(XcodeProjectFragments.comment) ?? []
      let end = tree.end(site.node)
      if let current = XcodeProjectSyntax.commentSpan(after: end, in: text) {
        if !text[current].elementsEqual(expected) { splices.append(Splice(range: current, bytes: expected)) }
      } else if !expected.isEmpty {
        splices.append(Splice(range: end..<end, bytes: expected))
      }
    }
    // The comments are the edit's last change: the syntax is found again when next needed.
    if !splices.isEmpty { apply(splices, value: nil, rescan: false) }
  }

  /// The strings that Xcode follows with a comment (see ``XcodeProjectWriter``) and that name
  /// an affected object (every one, for nil) or lie in the edited text.
  private func commentSites(
    objects: SyntaxProjectObjects, affected: Set<ExactKey>?, edited: [Range<Int>]
  ) -> [(node: Int, id: String)] {
    guard tree.count > 0, tree.kind(0) == .dictionary else { return [] }
    let hashes = Set((affected ?? []).map { SyntaxProjectObjects.hash($0.string.utf8) })
    var sites: [(node: Int, id: String)] = []
    func consider(_ node: Int) {
      let inEdited = edited.contains { $0.contains(tree.start(node)) }
      guard inEdited || affected == nil || hashes.contains(SyntaxProjectObjects.hash(text, tree.span(node))) else {
        return
      }
      let id = SyntaxText.string(text, tree.span(node), format: .openStep)
      let named: Bool
      if let affected { named = affected.contains(ExactKey(id)) } else { named = objects.keyNode(ofObject: id) != nil }
      if inEdited || named {
        sites.append((node, id))
      }
    }
    var pending: [(node: Int, referencing: Bool)] = []
    for (key, value) in tree.entries(0) {
      guard let key else { continue }
      if value == objects.objectsNode {
        for (objectKey, object) in tree.entries(value) {
          guard let objectKey else { continue }
          consider(objectKey)
          pending.append((object, true))
        }
      } else {
        pending.append((value, XcodeProjectFragments.comments(underKey: keyString(key))))
      }
    }
    while let (node, referencing) = pending.popLast() {
      switch tree.kind(node) {
      case .string:
        if referencing, node == 0 || tree.span(node - 1) != tree.span(node) { consider(node) }
      case .array:
        for child in tree.children(node) { pending.append((child, referencing)) }
      case .dictionary:
        for (key, value) in tree.entries(node) {
          pending.append(
            (
              value,
              referencing
                && !Self.commentFreeKeys.contains {
                  SyntaxText.matches(text, tree.span(key!), format: .openStep, utf8: $0)
                }
            ))
        }
      default:
        break
      }
    }
    return sites
  }

  // MARK: - Sections

  /// The splices that add a new object to `objects`: in the section of its `isa`, in the
  /// order of IDs, or in a new section where the order of `isa`s puts it.
  func objectInsertion(
    _ value: PropertyList, id: String, path: PropertyListKeyPath
  ) throws(PropertyListError) -> [Splice] {
    guard let objectsNode else { return [] }
    let layout = ContainerLayout(node: objectsNode, in: self)
    let isa = value.dictionaryValue?["isa"]?.stringValue
    let isas = layout.entries.map { isaOfObject($0.value) }
    let indentation =
      layout.entries.first.map { TextLines.indentation(text, $0.start) }
      ?? TextLines.indentation(text, layout.closeStart) + style.indentUnit
    let version = xcodeObjectVersion
    let flat = isa.map { XcodeProjectFragments.writesOnOneLine(isa: $0, version: version) } ?? false
    let rendered = try renderer.value(value, path: path, indentation: indentation, flat: flat)
    let line = indentation + (try renderer.entry(key: id, value: rendered, path: path, indentation: indentation))
    let eol = lineEnding.bytes
    if let lastOfISA = isas.lastIndex(of: isa) {
      // Objects of that `isa` (or, without one, the objects after the sections) are there:
      // among them, in the order of IDs.
      let firstOfISA = isas.firstIndex(of: isa)!
      let before = (firstOfISA...lastOfISA).first(where: {
        isas[$0] == isa && id.utf8.lexicographicallyPrecedes(keyString(layout.entries[$0].key!).utf8)
      })
      guard ownsLines(layout.entries[before ?? lastOfISA]) else {
        // Objects that share their lines: in place on the line, as in any dictionary.
        return try insertion(into: objectsNode, at: before ?? lastOfISA + 1, key: id, value: value, path: path)
      }
      if let before {
        let offset = TextLines.lineStart(text, layout.entries[before].start)
        return [Splice(range: offset..<offset, bytes: line + eol)]
      }
      let offset = TextLines.afterLineEnding(text, TextLines.lineEnd(text, layout.entries[lastOfISA].end))
      return [Splice(range: offset..<offset, bytes: line + eol)]
    }
    guard layout.multiline, layout.entries.allSatisfy(ownsLines) else {
      return try insertion(into: objectsNode, at: layout.entries.count, key: id, value: value, path: path)
    }
    guard let isa else {
      let offset = TextLines.lineStart(text, layout.closeStart)
      return [Splice(range: offset..<offset, bytes: line + eol)]
    }
    let section =
      eol + XcodeProjectSyntax.sectionBegin(isa) + eol + line + eol + XcodeProjectSyntax.sectionEnd(isa) + eol
    if let next = isas.indices.first(where: { isas[$0].map { isa.utf8.lexicographicallyPrecedes($0.utf8) } ?? true }) {
      var offset = TextLines.lineStart(text, layout.entries[next].start)
      // Before the next section's blank line and `/* Begin … */` mark.
      for _ in 0..<2 where offset > layout.interiorStart {
        let previous = TextLines.previousLineStart(text, offset)
        let content = text[previous..<TextLines.lineEnd(text, previous)]
        if content.isEmpty || content.starts(with: XcodeProjectSyntax.sectionBeginPrefix) {
          offset = previous
        } else {
          break
        }
      }
      return [Splice(range: offset..<offset, bytes: section)]
    }
    let offset = TextLines.lineStart(text, layout.closeStart)
    return [Splice(range: offset..<offset, bytes: section)]
  }

  /// The splices that take an object out of `objects`, with its section's marks when it is
  /// the last object in its section.
  ///
  /// The section is the one whose marks are on the lines just around the object's, whatever
  /// the object's `isa` is now: an edit that has just changed or removed the `isa` moves the
  /// object out of the section it was written in, and an emptied section goes with it.
  func objectRemoval(at position: Int, layout: ContainerLayout) -> [Splice]? {
    let entry = layout.entries[position]
    let lineStart = TextLines.lineStart(text, entry.start)
    let lineNext = TextLines.afterLineEnding(text, TextLines.lineEnd(text, entry.end))
    guard lineStart > 0, lineNext < text.count else { return nil }
    let beginStart = TextLines.previousLineStart(text, lineStart)
    let endLineEnd = TextLines.lineEnd(text, lineNext)
    let beginLine = Array(text[beginStart..<TextLines.lineEnd(text, beginStart)])
    let prefix = XcodeProjectSyntax.sectionBegin("")
    let suffixCount = prefix.count - XcodeProjectSyntax.sectionBeginPrefix.count
    guard beginLine.count >= prefix.count, beginLine.starts(with: XcodeProjectSyntax.sectionBeginPrefix),
      beginLine.suffix(suffixCount).elementsEqual(prefix.suffix(suffixCount))
    else { return nil }
    let isa = String(
      decoding: beginLine[XcodeProjectSyntax.sectionBeginPrefix.count..<(beginLine.count - suffixCount)], as: UTF8.self)
    guard text[lineNext..<endLineEnd].elementsEqual(XcodeProjectSyntax.sectionEnd(isa)) else { return nil }
    // Lines that read as the marks may be the inside of a longer comment (one left open on an
    // earlier line ends at the `*/` of a `Begin` line): only marks that are comments of their
    // own go, or the removal would leave a comment without its end.
    let before = position > 0 ? layout.entries[position - 1].end : layout.interiorStart
    guard commentStarts(at: beginStart, scanningFrom: before), commentStarts(at: lineNext, scanningFrom: entry.end)
    else { return nil }
    var start = beginStart
    if start > 0 {
      let blank = TextLines.previousLineStart(text, start)
      if TextLines.lineEnd(text, blank) == blank { start = blank }
    }
    return [Splice(range: start..<TextLines.afterLineEnding(text, endLineEnd), bytes: [])]
  }

  /// True when, reading the white space and comments from `start` as the reader does, a
  /// comment starts at `offset`.
  private func commentStarts(at offset: Int, scanningFrom start: Int) -> Bool {
    var cursor = start
    while cursor < offset {
      let byte = text[cursor]
      if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
        cursor += 1
        continue
      }
      guard byte == UInt8(ascii: "/"), cursor + 1 < text.count else { return false }
      if text[cursor + 1] == UInt8(ascii: "/") {
        cursor = TextLines.lineEnd(text, cursor)
      } else if text[cursor + 1] == UInt8(ascii: "*") {
        var close = cursor + 2
        while close + 1 < text.count, !(text[close] == UInt8(ascii: "*") && text[close + 1] == UInt8(ascii: "/")) {
          close += 1
        }
        guard close + 1 < text.count else { return false }
        cursor = close + 2
      } else {
        return false
      }
    }
    return cursor == offset && text[cursor...].starts(with: "/*".utf8)
  }

  /// The `isa` of an object node, if it has a string one.
  func isaOfObject(_ node: Int) -> String? {
    guard tree.kind(node) == .dictionary, let position = entryPositions(in: node, key: "isa").last else { return nil }
    let value = tree.entries(node)[position].value
    return tree.kind(value) == .string ? SyntaxText.string(text, tree.span(value), format: .openStep) : nil
  }

  /// Writes every synchronized folder again when the project's version now puts it on one
  /// line where it was written over several, or the other way round; true when it did.
  /// The comments inside are the caller's to write, as after any edit.
  private mutating func relayoutSynchronizedFolders(after versionBefore: XcodeObjectVersion) -> Bool {
    let version = xcodeObjectVersion
    guard version.keepsSynchronizedFoldersCompact != versionBefore.keepsSynchronizedFoldersCompact,
      let objectsNode
    else { return false }
    let ids = tree.entries(objectsNode).compactMap { key, value in
      key != nil && isaOfObject(value)?.exactlyEquals("PBXFileSystemSynchronizedRootGroup") == true
        ? keyString(key!) : nil
    }
    var changed = false
    for id in ids {
      // Each replacement moves the text after it: the object is found again each time.
      guard let objectsNode = self.objectsNode, let position = entryPositions(in: objectsNode, key: id).last else {
        continue
      }
      let path = PropertyListKeyPath(components: ["objects", id])
      let node = tree.entries(objectsNode)[position].value
      guard let value = try? value(ofNode: node, at: path),
        let splices = try? replacement(of: node, parent: objectsNode, with: value, path: path)
      else { continue }
      apply(splices, value: nil)
      changed = true
    }
    return changed
  }

  /// Moves an object whose `isa` was just changed to the section of its new `isa`, written
  /// on one line or over several as that `isa` is; returns the object's text in the result.
  private mutating func relocateObject(_ id: String) -> [Range<Int>]? {
    guard let objectsNode, let position = entryPositions(in: objectsNode, key: id).last else { return nil }
    let path = PropertyListKeyPath(components: ["objects", id])
    let node = tree.entries(objectsNode)[position].value
    guard let value = try? value(ofNode: node, at: path) else { return nil }
    apply(removal(from: objectsNode, at: position), value: nil)
    guard let splices = try? objectInsertion(value, id: id, path: path) else { return nil }
    return apply(splices, value: nil)
  }
}
