extension PropertyList {
  /// How many arrays and dictionaries deep this value nests: 0 for a scalar, 1 for an array or
  /// dictionary of scalars (or an empty one), as ``PropertyListLimits/maximumDepth`` counts.
  /// `limit + 1` as soon as the value is found to be deeper than `limit`.
  ///
  /// The walk keeps its own stack, never the thread's, and weighs each distinct container
  /// once (a binary plist's shared containers are not walked again at every place they
  /// occur), so neither depth nor sharing can make it run away.
  package func nestingDepth(upTo limit: Int) -> Int {
    var heights: [ContainerStorage: Int] = [:]
    var stack: [NestingFrame] = []
    if let known = Self.knownHeight(of: self, heights) { return Swift.min(known, limit + 1) }
    guard limit >= 1 else { return limit + 1 }
    stack.append(NestingFrame(self)!)
    while true {
      let top = stack.count - 1
      if stack[top].next < stack[top].children.count {
        let child = stack[top].children[stack[top].next]
        stack[top].next += 1
        if let known = Self.knownHeight(of: child, heights) {
          stack[top].height = Swift.max(stack[top].height, known + 1)
          if stack.count + known > limit { return limit + 1 }
          continue
        }
        guard stack.count < limit else { return limit + 1 }
        stack.append(NestingFrame(child)!)
        continue
      }
      let frame = stack.removeLast()
      heights[frame.identity] = frame.height
      guard !stack.isEmpty else { return frame.height }
      stack[stack.count - 1].height = Swift.max(stack[stack.count - 1].height, frame.height + 1)
    }
  }

  /// The height of a scalar (0), an empty container (1) or a container already weighed; nil
  /// for a container still to walk.
  private static func knownHeight(of value: PropertyList, _ heights: [ContainerStorage: Int]) -> Int? {
    switch value {
    case .array(let elements):
      guard let identity = ContainerStorage(elements) else { return 1 }
      return heights[identity]
    case .dictionary(let dictionary):
      guard let identity = ContainerStorage(dictionary) else { return 1 }
      return heights[identity]
    default:
      return 0
    }
  }

  /// Fails when `value`, put inside `containers` arrays and dictionaries, would nest deeper
  /// than `limits` allow: an edit must not make a value that no reader takes back. `path`
  /// names the place, for the error.
  ///
  /// Values are limited where they are made (every edit), not only where they are read, so
  /// that what is saved reads back and the walks over a value stay within their depth.
  package static func checkNesting(
    of value: PropertyList, inside containers: Int, at path: PropertyListKeyPath,
    limits: PropertyListLimits = .default
  ) throws(PropertyListError) {
    let limit = limits.maximumDepth
    let room = limit - containers
    guard room < 0 || value.nestingDepth(upTo: room) > room else { return }
    throw PropertyListError(
      .limitExceeded, at: .keyPath(path.description),
      "the value would nest deeper than the limit of \(limit) arrays and dictionaries there "
        + "(the depth limit that every reader keeps)")
  }

  /// Fails when the value nests deeper than the readers' default depth limit. The writers
  /// that walk a value by recursion (JSON, OpenStep, Xcode's layout) check this before they
  /// start, so that their recursion stays within that depth whatever the thread's stack; what
  /// they would write past it, no reader with the default limits takes back.
  package func checkWritableDepth(in format: PropertyListFormat) throws(PropertyListError) {
    let limit = PropertyListLimits.default.maximumDepth
    guard nestingDepth(upTo: limit) > limit else { return }
    throw PropertyListError(
      .limitExceeded, format: format,
      "the value nests deeper than the limit of \(limit) arrays and dictionaries, the depth that the \(format) "
        + "writer goes to (and that every reader keeps by default)")
  }
}

/// A container being walked by ``PropertyList/nestingDepth(upTo:)``.
private struct NestingFrame {
  let children: [PropertyList]
  let identity: ContainerStorage
  var next = 0
  /// 1 for the container itself, more once a child container is weighed.
  var height = 1

  /// A frame for a non-empty container; nil for anything else.
  init?(_ value: PropertyList) {
    switch value {
    case .array(let elements):
      guard let identity = ContainerStorage(elements) else { return nil }
      (children, self.identity) = (elements, identity)
    case .dictionary(let dictionary):
      guard let identity = ContainerStorage(dictionary) else { return nil }
      (children, self.identity) = (dictionary.values, identity)
    default:
      return nil
    }
  }
}
