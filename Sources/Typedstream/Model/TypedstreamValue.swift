/// One value of a typedstream as it was stored, with nothing interpreted: the low-level tree
/// that ``TypedstreamArchive`` holds. Objects and classes are indexes into the archive's
/// tables, so a shared object stays one object and a cycle stays finite.
public enum TypedstreamValue: Sendable, Equatable {
  /// A signed integer (`c s i l q`).
  case integer(Int64)
  /// An unsigned integer (`C S I L Q`).
  case unsignedInteger(UInt64)
  /// A `BOOL` of C99 (`B`).
  case boolean(Bool)
  /// A `float` (`f`).
  case float(Float)
  /// A `double` (`d`).
  case double(Double)
  /// The bytes of a C string (`*`), without their terminating zero.
  case cString([UInt8])
  /// The bytes of an unshared string (`+`), as `NSString` stores its text.
  case bytes([UInt8])
  /// A byte array (`[Nc]` or `[NC]`).
  case byteArray([UInt8])
  /// An atom, NeXTSTEP's shared C string (`%`).
  case atom([UInt8])
  /// A selector's name (`:`).
  case selector([UInt8])
  /// An object: an index into ``TypedstreamArchive/objects``.
  case object(Int)
  /// A class (`#`): an index into ``TypedstreamArchive/classes``.
  case `class`(Int)
  /// A nil object, class, C string or selector, or a value of type `!`.
  case `nil`
  /// The elements of an array (`[N…]`) that is not of bytes.
  case array([TypedstreamValue])
  /// The fields of a struct (`{name=…}`), in order.
  case structure(name: String?, fields: [TypedstreamValue])
}

/// A group of values stored together under one type encoding string (`iI`, `@`, `*`).
public struct TypedstreamGroup: Sendable, Equatable {
  /// The type of each value.
  public var encodings: [TypeEncoding]
  /// The values, one for each encoding.
  public var values: [TypedstreamValue]

  /// Makes a group.
  public init(encodings: [TypeEncoding], values: [TypedstreamValue]) {
    self.encodings = encodings
    self.values = values
  }
}

/// A class as a typedstream names it before the first object of the class: its name, its
/// version and its superclass.
public struct TypedstreamClass: Sendable, Equatable {
  /// The class name.
  public var name: String
  /// The version the class had when it wrote its objects.
  public var version: Int64
  /// The superclass: an index into ``TypedstreamArchive/classes``, nil for a root class.
  public var superclass: Int?

  /// Makes a class.
  public init(name: String, version: Int64, superclass: Int?) {
    self.name = name
    self.version = version
    self.superclass = superclass
  }
}

/// An object: its class and the groups of values it wrote, superclass first as
/// `-encodeWithCoder:` writes them.
public struct TypedstreamObject: Sendable, Equatable {
  /// The object's class: an index into ``TypedstreamArchive/classes``.
  public var classIndex: Int
  /// The groups, in the order they were written.
  public var groups: [TypedstreamGroup]

  /// Makes an object.
  public init(classIndex: Int, groups: [TypedstreamGroup]) {
    self.classIndex = classIndex
    self.groups = groups
  }
}
