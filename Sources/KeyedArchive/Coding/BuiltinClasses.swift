import PlistKit

/// How the Foundation classes decode, as registry entries.
///
/// Swift forms: NSArray → `[Any]`; NSOrderedSet → ``ArchivedOrderedSet``; NSCountedSet →
/// ``ArchivedCountedSet``; NSSet → `Set<AnyHashable>`; NSDictionary →
/// `[AnyHashable: Any]`; NSString → `String`; NSData → `[UInt8]`; NSDate →
/// `PropertyListDate`; NSNull → ``ArchivedNull``; NSUUID → ``ArchivedUUID``; NSURL →
/// ``ArchivedURL``; NSNumber (stored inline) → `Int64`, `UInt64`, `Double` or `Bool`.
enum BuiltinClasses {
  static let entries: [ClassRegistry.Entry] = [
    entry("NSArray") { (decoder) throws(KeyedArchiveError) in try array(decoder) },
    entry("NSMutableArray", superclass: "NSArray") { (decoder) throws(KeyedArchiveError) in try array(decoder) },
    entry("NSOrderedSet") { (decoder) throws(KeyedArchiveError) in try orderedSet(decoder) },
    entry("NSMutableOrderedSet", superclass: "NSOrderedSet") { (decoder) throws(KeyedArchiveError) in
      try orderedSet(decoder)
    },
    ClassRegistry.Entry(
      name: "NSCountedSet", classChain: ["NSCountedSet", "NSMutableSet", "NSSet", "NSObject"], typeID: nil
    ) { (decoder) throws(KeyedArchiveError) in try countedSet(decoder) },
    entry("NSSet") { (decoder) throws(KeyedArchiveError) in try set(decoder) },
    entry("NSMutableSet", superclass: "NSSet") { (decoder) throws(KeyedArchiveError) in try set(decoder) },
    entry("NSDictionary") { (decoder) throws(KeyedArchiveError) in try dictionary(decoder) },
    entry("NSMutableDictionary", superclass: "NSDictionary") { (decoder) throws(KeyedArchiveError) in
      try dictionary(decoder)
    },
    entry("NSString") { (decoder) throws(KeyedArchiveError) in try string(decoder) },
    entry("NSMutableString", superclass: "NSString") { (decoder) throws(KeyedArchiveError) in try string(decoder) },
    entry("NSData") { (decoder) throws(KeyedArchiveError) in try data(decoder) },
    entry("NSMutableData", superclass: "NSData") { (decoder) throws(KeyedArchiveError) in try data(decoder) },
    entry("NSDate") { (decoder) throws(KeyedArchiveError) in
      guard case .real(let seconds)? = decoder.rawValue(forKey: "NS.time") else {
        throw decoder.mismatch(
          "NS.time", "a real", found: decoder.rawValue(forKey: "NS.time")?.kind.rawValue ?? "nothing")
      }
      return PropertyListDate(secondsSinceReferenceDate: seconds)
    },
    entry("NSNull") { (_) throws(KeyedArchiveError) in ArchivedNull() },
    entry("NSUUID") { (decoder) throws(KeyedArchiveError) in
      guard case .data(let bytes)? = decoder.rawValue(forKey: "NS.uuidbytes"), bytes.count == 16 else {
        throw decoder.mismatch(
          "NS.uuidbytes", "16 bytes of data", found: describe(decoder.rawValue(forKey: "NS.uuidbytes")))
      }
      return ArchivedUUID(bytes: bytes)
    },
    entry("NSURL") { (decoder) throws(KeyedArchiveError) in
      guard let relative = try decoder.decodeString(forKey: "NS.relative") else {
        throw decoder.mismatch("NS.relative", "a string", found: "nothing")
      }
      let base = try decoder.decodeObject(allowing: .only(["NSURL"]), forKey: "NS.base")
      guard base == nil || base is ArchivedURL else {
        throw decoder.mismatch("NS.base", "a URL", found: String(describing: type(of: base!)))
      }
      return ArchivedURL(relative: relative, base: base as? ArchivedURL)
    },
  ]

  /// The entry unknown classes decode with under a permissive policy.
  static let generic = ClassRegistry.Entry(
    name: "NSObject", classChain: ["NSObject"], typeID: nil, isGeneric: true
  ) { (decoder) throws(KeyedArchiveError) in
    // The unarchiver makes generic objects itself (before their fields, for cycles); this
    // path is never taken, and if it were it would be an error, not a crash.
    throw KeyedArchiveError(.unknownClass, at: decoder.keyPath, "a generic object cannot be decoded on its own")
  }

  private static func entry(
    _ name: String, superclass: String? = nil,
    _ decode: @escaping @Sendable (ArchiveDecoder) throws(KeyedArchiveError) -> Any
  ) -> ClassRegistry.Entry {
    ClassRegistry.Entry(
      name: name, classChain: [name] + (superclass.map { [$0] } ?? []) + ["NSObject"], typeID: nil, decode: decode)
  }

  private static func describe(_ value: PropertyList?) -> String {
    guard let value else { return "nothing" }
    if case .data(let bytes) = value { return "\(bytes.count) bytes" }
    return value.kind.rawValue
  }

  private static func array(_ decoder: ArchiveDecoder) throws(KeyedArchiveError) -> Any {
    try decoder.decodeElements(forKey: "NS.objects").map { $0! }
  }

  private static func orderedSet(_ decoder: ArchiveDecoder) throws(KeyedArchiveError) -> Any {
    let name = decoder.classChain?.className ?? "NSOrderedSet"
    switch FoundationMembers.orderedSet(decoder.fields, className: name) {
    case .failure(let problem): throw KeyedArchiveError(.malformed, at: decoder.path + [problem.key], problem.message)
    case .success(let members):
      let keys = decoder.fields["NS.objects"] != nil ? nil : (0..<members.count).map { "NS.object.\($0)" }
      var elements: [Any] = []
      elements.reserveCapacity(members.count)
      for (position, member) in members.enumerated() {
        let path = keys.map { [$0[position]] } ?? ["NS.objects", String(position)]
        elements.append(try decoder.decodeMember(member, at: path))
      }
      return ArchivedOrderedSet(elements)
    }
  }

  private static func countedSet(_ decoder: ArchiveDecoder) throws(KeyedArchiveError) -> Any {
    switch FoundationMembers.countedSet(decoder.fields, className: decoder.classChain?.className ?? "NSCountedSet") {
    case .failure(let problem): throw KeyedArchiveError(.malformed, at: decoder.path + [problem.key], problem.message)
    case .success(let members):
      var entries: [(object: Any, count: Int)] = []
      for (position, (member, count)) in members.enumerated() {
        entries.append((try decoder.decodeMember(member, at: ["NS.object\(position)"]), count))
      }
      return ArchivedCountedSet(entries)
    }
  }

  private static func set(_ decoder: ArchiveDecoder) throws(KeyedArchiveError) -> Any {
    var result = Set<AnyHashable>()
    for (position, element) in try decoder.decodeElements(forKey: "NS.objects").enumerated() {
      guard let hashable = element as? AnyHashable else {
        throw KeyedArchiveError(
          .typeMismatch, at: decoder.path + ["NS.objects", String(position)],
          "a set element must be hashable, found \(type(of: element!))")
      }
      result.insert(hashable)
    }
    return result
  }

  private static func dictionary(_ decoder: ArchiveDecoder) throws(KeyedArchiveError) -> Any {
    let keys = try decoder.decodeElements(forKey: "NS.keys")
    let objects = try decoder.decodeElements(forKey: "NS.objects")
    guard keys.count == objects.count else {
      throw KeyedArchiveError(
        .malformed, at: decoder.path + ["NS.objects"],
        "\(counted(objects.count, "object")) for \(counted(keys.count, "key"))")
    }
    var result: [AnyHashable: Any] = [:]
    for (position, (key, object)) in zip(keys, objects).enumerated() {
      guard let hashable = key as? AnyHashable else {
        throw KeyedArchiveError(
          .typeMismatch, at: decoder.path + ["NS.keys", String(position)],
          "a dictionary key must be hashable, found \(type(of: key!))")
      }
      result[hashable] = object!
    }
    return result
  }

  private static func string(_ decoder: ArchiveDecoder) throws(KeyedArchiveError) -> Any {
    switch decoder.rawValue(forKey: "NS.string") {
    case .string(let string)?: return string
    case nil:
      guard case .data(let bytes)? = decoder.rawValue(forKey: "NS.bytes") else {
        throw decoder.mismatch("NS.string", "a string (or UTF-8 bytes in NS.bytes)", found: "nothing")
      }
      return String(decoding: bytes, as: UTF8.self)
    case let other?: throw decoder.mismatch("NS.string", "a string", found: other.kind.rawValue)
    }
  }

  private static func data(_ decoder: ArchiveDecoder) throws(KeyedArchiveError) -> Any {
    guard case .data(let bytes)? = decoder.rawValue(forKey: "NS.data") else {
      throw decoder.mismatch("NS.data", "data", found: describe(decoder.rawValue(forKey: "NS.data")))
    }
    return bytes
  }
}
