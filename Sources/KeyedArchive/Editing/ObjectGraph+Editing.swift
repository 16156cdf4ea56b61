import PlistKit

/// Changing an archive by key path: the path names what the archive means, not how it is
/// stored. `Presidents.0.Name` walks from the `$top` key `Presidents` through the NSArray's
/// elements to the President's `Name` field, following references; NSDictionary entries are
/// found by key. When `$top` has the single key `root`, paths start inside the root object, as
/// in the plain view (``plainView(options:limits:)``).
extension ObjectGraph {
  /// Sets the value at `path`: strings, numbers, booleans and data become new objects (the old
  /// one stays for whoever else refers to it); a number or boolean a field stores inline (as
  /// Foundation's `encodeInt`/`encodeBool` do) stays inline. A missing last component is added:
  /// a field, an NSDictionary entry or a `$top` key; an index equal to an NSArray's count
  /// appends.
  ///
  /// ```swift
  /// var graph = try ObjectGraph(archive: archive)
  /// try graph.setValue("Whig", at: "Presidents.9.Party")
  /// let edited = try graph.archivedPropertyList()
  /// ```
  ///
  /// - Throws: ``KeyedArchiveError`` of kind ``KeyedArchiveError/Kind/keyPath`` at the component
  ///   that leads nowhere, or ``KeyedArchiveError/Kind/notEncodable`` for an array, dictionary,
  ///   date or UID value.
  public mutating func setValue(_ value: PropertyList, at path: PropertyListKeyPath) throws(KeyedArchiveError) {
    try Self.checkStorable(value, at: path)
    let slot = try self.slot(at: path, creating: true)
    if case .field(let id, let key) = slot, let old = self[id].instance?.fields[key], old.uidValue == nil,
      value.kind != .string, value.kind != .data
    {
      store(value, in: slot)
      return
    }
    let node = add(.value(value))
    store(.uid(UInt64(node)), in: slot)
  }

  /// Inserts a value at `path`, like `plutil -insert`: a new field of an object, a new
  /// NSDictionary entry or a new `$top` key (it must not exist yet), or an NSArray element
  /// before the given index (the count appends). With `append`, `path` names the array and the
  /// value goes at its end. The value becomes a new object, as ``setValue(_:at:)`` stores it.
  ///
  /// - Throws: ``KeyedArchiveError`` of kind ``KeyedArchiveError/Kind/keyPath`` when the key
  ///   exists already, the index is past the end, or a component leads nowhere;
  ///   ``KeyedArchiveError/Kind/notEncodable`` for an array, dictionary, date or UID value.
  public mutating func insertValue(
    _ value: PropertyList, at path: PropertyListKeyPath, append: Bool = false
  ) throws(KeyedArchiveError) {
    try Self.checkStorable(value, at: path)
    let slot = try insertionSlot(at: path, append: append)
    let node = add(.value(value))
    store(.uid(UInt64(node)), in: slot)
  }

  /// Removes the value at `path` from its object, array, dictionary or `$top`.
  ///
  /// - Throws: ``KeyedArchiveError`` of kind ``KeyedArchiveError/Kind/keyPath`` at the component
  ///   that leads nowhere.
  public mutating func removeValue(at path: PropertyListKeyPath) throws(KeyedArchiveError) {
    let slot = try self.slot(at: path, creating: false)
    switch slot {
    case .top(let key): top.removeValue(forKey: key)
    case .field(let id, let key):
      var instance = self[id].instance!
      instance.fields.removeValue(forKey: key)
      self[id] = .instance(instance)
    case .element(let id, let index):
      modifyList("NS.objects", of: id) { $0.remove(at: index) }
    case .entry(let id, let index):
      modifyList("NS.keys", of: id) { $0.remove(at: index) }
      modifyList("NS.objects", of: id) { $0.remove(at: index) }
    case .newEntry, .newElement:
      throw KeyedArchiveError(.keyPath, at: path.description, "no such key")
    }
  }

  /// Refuses the kinds an archive's fields do not hold as plain values.
  private static func checkStorable(_ value: PropertyList, at path: PropertyListKeyPath) throws(KeyedArchiveError) {
    switch value {
    case .string, .integer, .real, .boolean, .data: return
    default:
      // The kinds that reach here (array, dictionary, date, uid) are named as the CLI names them.
      throw KeyedArchiveError(
        .notEncodable, at: path.description,
        "only strings, numbers, booleans and data can be set inside an archive, not \(withArticle(value.kind.rawValue))"
      )
    }
  }
}
