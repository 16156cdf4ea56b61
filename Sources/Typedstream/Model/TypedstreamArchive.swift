/// A whole typedstream, as NSArchiver wrote it: the header, and the root groups with the
/// objects and classes they reach, every value as it was stored (see ``TypedstreamValue``).
///
/// ```swift
/// let archive = try TypedstreamArchive(bytes: bytes)
/// let plain = try archive.plainView()  // the plain view, as for keyed archives
/// ```
public struct TypedstreamArchive: Sendable, Equatable {
  /// The streamer version of the header (4 for every stream since NeXTSTEP 3).
  public var streamerVersion: Int
  /// The byte order the signature names.
  public var byteOrder: TypedstreamByteOrder
  /// The system version of the header (1000 on macOS).
  public var systemVersion: UInt64
  /// The groups written at the top level, in order.
  public var roots: [TypedstreamGroup]
  /// Every object, in the order the stream introduced them.
  public var objects: [TypedstreamObject]
  /// Every class, in the order the stream introduced them.
  public var classes: [TypedstreamClass]

  /// Makes an archive from its parts.
  public init(
    streamerVersion: Int = 4, byteOrder: TypedstreamByteOrder = .littleEndian, systemVersion: UInt64 = 1000,
    roots: [TypedstreamGroup], objects: [TypedstreamObject], classes: [TypedstreamClass]
  ) {
    self.streamerVersion = streamerVersion
    self.byteOrder = byteOrder
    self.systemVersion = systemVersion
    self.roots = roots
    self.objects = objects
    self.classes = classes
  }

  /// The names of a class and its superclasses, the class first.
  ///
  /// A class table read from a stream has no loop (a class names only classes read before it).
  public func classChain(of classIndex: Int) -> [String] {
    var names: [String] = []
    var next: Int? = classIndex
    while let index = next, index >= 0, index < classes.count, names.count <= classes.count {
      names.append(classes[index].name)
      next = classes[index].superclass
    }
    return names
  }
}
