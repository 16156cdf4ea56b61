import PlistKit

/// Hears a project file's events and keeps what its integrity check needs, never the value:
/// every object ID with the place of its definition and its class, every reference with its
/// place, and the problems one object shows by itself. The checks that need the whole file
/// (undefined references, unreferenced objects) run when the top-level dictionary closes, and
/// every place kept is turned into a line and column then, in one pass over the text.
///
/// A repeated key in `objects` is an object ID defined twice, the later definition the one a
/// reader keeps: the value model cannot tell, so the events are the only place to see it.
struct ProjectObjectsSink: PropertyListEventSink {
  typealias Position = PropertyListLocator.Position

  /// One open container.
  private struct Frame {
    let isDictionary: Bool
    /// In a dictionary, the role of the key whose value comes next; in an array, the role of
    /// the key that holds the array.
    var role: ProjectFieldRole = .plain
    /// A dictionary whose keys are object IDs (`TargetAttributes`).
    var keysAreReferences = false
  }

  /// The object being read, between its `{` and its `}`.
  private struct OpenObject {
    var id: Int
    var position: Position
    var isa: ProjectClassRole?
    var hasClass = false
    /// The reference fields it has, as bits by their index in ``ProjectFieldRole/names``.
    var fields: UInt64 = 0
    var containerPortal: Int?
    var remoteGlobalID: (id: Int, position: Position)?
  }

  /// A problem whose places are still positions. The message of a problem with a related place
  /// is made once that place is a line and column, from `message`, the ID or key it is about.
  private struct PendingProblem {
    var kind: ProjectProblem.Kind
    var position: Position?
    var related: Position?
    var objectID: Int?
    var message: String
  }

  private var locator = PropertyListLocator.none
  private var frames: [Frame] = []
  private var keys = RepeatedKeyFinder()
  private var rootPosition: Position?
  private var sawObjects = false
  private var inObjects = false
  private var object: OpenObject?
  private var rootObject: Int?
  private var hasRootObjectKey = false

  /// Object IDs and referenced IDs, numbered in the order first seen.
  private var ids = ByteSequenceTable()
  private var definitions: [Position?] = []
  /// Each ID's class, as a number in `classNames`; -1 for none.
  private var classes: [Int32] = []
  private var classNames = ByteSequenceTable()
  private var referenced: [Bool] = []
  /// References, to check once every object is known: the ID, where, which field.
  private var references: [(position: Position, id: Int32, field: Int16)] = []
  /// Remote IDs of container proxies, with their portal, for the same.
  private var remoteIDs: [(id: Int, position: Position, portal: Int?)] = []
  private var pending: [PendingProblem] = []

  /// The problems found, in document order, once the read has ended.
  private(set) var problems: [ProjectProblem] = []
  /// True once the top-level dictionary closed and the whole-file checks ran.
  private(set) var finished = false
  /// The number of objects defined.
  var objectCount: Int { definitions.count { $0 != nil } }

  static var takesSharedContainers: Bool { true }

  mutating func start(locator: PropertyListLocator) { self.locator = locator }

  mutating func beginArray() throws(PropertyListError) {
    try noteObjectValue(isDictionary: false)
    let role = frames.last.map { $0.isDictionary ? $0.role : .plain } ?? .plain
    frames.append(Frame(isDictionary: false, role: role))
  }

  mutating func beginDictionary() throws(PropertyListError) {
    if frames.isEmpty { rootPosition = locator.position }
    try noteObjectValue(isDictionary: true)
    var frame = Frame(isDictionary: true)
    if object != nil, frames.last?.role == .targetAttributes { frame.keysAreReferences = true }
    if frames.count == 1, frames[0].role == .objects {
      inObjects = true
      sawObjects = true
    }
    frames.append(frame)
    keys.openDictionary()
  }

  mutating func key(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
    let position = locator.position
    let top = frames.count - 1
    if inObjects, top == 1 {
      // The ID table knows every definition: a second one is a duplicate, found without
      // keeping the keys of `objects` twice.
      let id = number(of: utf8)
      if let first = definitions[id] {
        pending.append(
          PendingProblem(
            kind: .duplicateObjectID, position: position, related: first, objectID: id,
            message: String(decoding: utf8, as: UTF8.self)))
      }
      object = OpenObject(id: id, position: position)
      frames[1].role = .plain
      return
    }
    if let first = keys.insert(utf8, at: position) {
      pending.append(
        PendingProblem(
          kind: .repeatedKey, position: position, related: first, objectID: object?.id,
          message: String(decoding: utf8, as: UTF8.self)))
    }
    if top == 0 {
      frames[0].role = Self.rootRole(of: utf8)
      if frames[0].role == .reference(ProjectFieldRole.rootObject) { hasRootObjectKey = true }
    } else if object != nil {
      if frames[top].keysAreReferences {
        reference(utf8, at: position, field: ProjectFieldRole.targetAttributeKey)
        frames[top].role = .plain
        return
      }
      let role = ProjectFieldRole(key: utf8)
      frames[top].role = role
      if top == 2 {
        if case .reference(let field) = role { object!.fields |= 1 << field }
        if role == .isa { object!.hasClass = true }
      }
    }
  }

  mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
    try noteObjectValue(isDictionary: false)
    guard let top = frames.last else { return }
    let position = locator.position
    switch top.role {
    case .plain, .targetAttributes, .objects: break
    case .reference(let field):
      guard frames.count == 1 || object != nil else { return }
      let id = reference(utf8, at: position, field: field)
      if frames.count == 1, field == ProjectFieldRole.rootObject { rootObject = id }
      if frames.count == 3, field == ProjectFieldRole.containerPortal { object?.containerPortal = id }
    case .isa:
      guard frames.count == 3, object != nil else { return }
      object!.isa = ProjectClassRole(isa: utf8)
      let name =
        classNames.value(for: UnsafeRawBufferPointer(utf8), insertingIfAbsent: classNames.count) ?? classNames.count - 1
      classes[object!.id] = Int32(name)
      if object!.isa == nil {
        pending.append(
          PendingProblem(
            kind: .unknownClass, position: position, objectID: object!.id,
            message: "unknown isa '\(String(decoding: utf8, as: UTF8.self))' (Xcode writes no such class)"))
      }
    case .remoteGlobalID:
      guard frames.count == 3, object != nil, !utf8.isEmpty else { return }
      object!.remoteGlobalID = (number(of: utf8), position)
    }
  }

  mutating func scalar(_ value: PropertyList) throws(PropertyListError) { try noteObjectValue(isDictionary: false) }

  mutating func endArray() throws(PropertyListError) { frames.removeLast() }

  mutating func endDictionary() throws(PropertyListError) {
    keys.closeDictionary()
    frames.removeLast()
    if inObjects, frames.count == 2, let closed = object {
      endObject(closed)
      object = nil
    } else if inObjects, frames.count == 1 {
      inObjects = false
    } else if frames.isEmpty {
      finish()
    }
  }

  mutating func repeatContainer(_ object: Int) throws(PropertyListError) {}

  // MARK: - Objects and references

  /// The role of a top-level key: `objects` opens the object table, `rootObject` is a reference.
  private static func rootRole(of utf8: UnsafeBufferPointer<UInt8>) -> ProjectFieldRole {
    if utf8.elementsEqual("objects".utf8) { return .objects }
    if utf8.elementsEqual("rootObject".utf8) { return .reference(ProjectFieldRole.rootObject) }
    return .plain
  }

  /// An entry of `objects` that is no dictionary is reported where its value starts.
  private mutating func noteObjectValue(isDictionary: Bool) throws(PropertyListError) {
    guard inObjects, frames.count == 2, !isDictionary, let open = object else { return }
    // Defined, if badly: references to it are not reported as well.
    definitions[open.id] = open.position
    pending.append(
      PendingProblem(
        kind: .invalidObject, position: locator.position, objectID: open.id,
        message: "object \(ids.string(ofEntry: open.id)) is not a dictionary"))
    object = nil
  }

  /// The number of the ID spelled `utf8`, adding it when new.
  private mutating func number(of utf8: UnsafeBufferPointer<UInt8>) -> Int {
    if let known = ids.value(for: UnsafeRawBufferPointer(utf8), insertingIfAbsent: ids.count) { return known }
    definitions.append(nil)
    classes.append(-1)
    referenced.append(false)
    return ids.count - 1
  }

  /// The class of object `id`, if it has one.
  private func className(of id: Int) -> String? {
    classes[id] < 0 ? nil : classNames.string(ofEntry: Int(classes[id]))
  }

  /// Notes a reference in `field` to the ID spelled `utf8`; nil (after reporting it) when it is
  /// `(null)`, `null` or empty.
  @discardableResult
  private mutating func reference(_ utf8: UnsafeBufferPointer<UInt8>, at position: Position, field: Int) -> Int? {
    let name = ProjectFieldRole.names[field]
    // `(null)` unquoted is a list of the string `null`, what a tool that printed a nil object wrote.
    if utf8.isEmpty || utf8.elementsEqual("(null)".utf8) || utf8.elementsEqual("null".utf8) {
      let what = utf8.isEmpty ? "empty" : "(null)"
      pending.append(
        PendingProblem(
          kind: .nullReference, position: position, objectID: object?.id,
          message: "\(name) is \(what), not an object ID"))
      return nil
    }
    let id = number(of: utf8)
    referenced[id] = true
    references.append((position, Int32(id), Int16(field)))
    return id
  }

  /// The checks of one object by itself, when it closes.
  private mutating func endObject(_ closed: OpenObject) {
    let id = ids.string(ofEntry: closed.id)
    definitions[closed.id] = closed.position
    if !closed.hasClass { classes[closed.id] = -1 }
    func report(_ kind: ProjectProblem.Kind, _ message: String) {
      pending.append(PendingProblem(kind: kind, position: closed.position, objectID: closed.id, message: message))
    }
    guard closed.hasClass else {
      report(.missingClass, "object \(id) has no isa")
      return
    }
    let isa = className(of: closed.id) ?? ""
    switch closed.isa {
    case .buildFile:
      if closed.fields & (1 << ProjectFieldRole.fileRef | 1 << ProjectFieldRole.productRef) == 0 {
        report(.buildFileWithoutReference, "\(isa) \(id) has neither fileRef nor productRef")
      }
    case .target, .project:
      if closed.fields & 1 << ProjectFieldRole.buildConfigurationList == 0 {
        report(.missingConfigurationList, "\(isa) \(id) has no buildConfigurationList")
      }
    case .group:
      if closed.fields & 1 << ProjectFieldRole.children == 0 {
        report(.groupWithoutChildren, "\(isa) \(id) has no children list")
      }
    case .containerProxy:
      if let remote = closed.remoteGlobalID {
        remoteIDs.append((remote.id, remote.position, closed.containerPortal))
      }
    case .other, nil: break
    }
  }

  /// The checks of the whole file, and every place turned into a line and column.
  private mutating func finish() {
    finished = true
    if !sawObjects {
      pending.append(
        PendingProblem(
          kind: .notAProject, position: rootPosition, message: "no objects dictionary: not an Xcode project"))
    } else if !hasRootObjectKey {
      pending.append(PendingProblem(kind: .notAProject, position: rootPosition, message: "no rootObject"))
    }
    for reference in references where definitions[Int(reference.id)] == nil {
      let id = Int(reference.id)
      pending.append(
        PendingProblem(
          kind: .undefinedReference, position: reference.position, objectID: id,
          message:
            "\(ProjectFieldRole.names[Int(reference.field)]) refers to \(ids.string(ofEntry: id)), which no object defines"
        ))
    }
    // A proxy's remote ID names an object of this project only when its portal is this project.
    for remote in remoteIDs where remote.portal != nil && remote.portal == rootObject {
      referenced[remote.id] = true
      if definitions[remote.id] == nil {
        pending.append(
          PendingProblem(
            kind: .undefinedReference, position: remote.position, objectID: remote.id,
            message: "remoteGlobalIDString refers to \(ids.string(ofEntry: remote.id)), which no object defines"))
      }
    }
    for id in definitions.indices where !referenced[id] && id != rootObject {
      guard let position = definitions[id] else { continue }
      let isa = className(of: id).map { " (\($0))" } ?? ""
      pending.append(
        PendingProblem(
          kind: .unreferencedObject, position: position, objectID: id,
          message: "object \(ids.string(ofEntry: id))\(isa) is not referenced by any object"))
    }
    resolve()
  }

  /// Turns the pending problems' positions into locations, in document order.
  private mutating func resolve() {
    let places = pending.flatMap { [$0.position, $0.related] }.compactMap { $0 }
    let locations = locator.locations(of: places)
    var located: [(ProjectProblem, Position?)] = []
    var next = 0
    for problem in pending {
      var location = PropertyListError.Location.none
      var related: PropertyListError.Location?
      if problem.position != nil {
        location = locations[next]
        next += 1
      }
      if problem.related != nil {
        related = locations[next]
        next += 1
      }
      var message = problem.message
      if let related {
        message =
          problem.kind == .duplicateObjectID
          ? "object \(problem.message) is defined twice (first at \(related.phrase)); the later definition replaces it"
          : PropertyListRepeatedKey(key: problem.message, first: related, repeated: location).message
      }
      let objectID = problem.objectID.map { ids.string(ofEntry: $0) }
      located.append(
        (
          ProjectProblem(problem.kind, at: location, related: related, objectID: objectID, message: message),
          problem.position
        ))
    }
    problems = located.enumerated().sorted { lhs, rhs in
      switch (lhs.element.1, rhs.element.1) {
      case (let left?, let right?) where left != right: left < right
      case (nil, _?): true
      case (_?, nil): false
      default: lhs.offset < rhs.offset
      }
    }.map { $0.element.0 }
    pending = []
  }
}
