import PlistKit

extension BuddySession {
  /// Where a new entry went, or why it could not.
  enum Placement {
    case added, exists, cannotAdd
  }

  /// `Set ENTRY VALUE`: the value keeps its type, read from VALUE.
  mutating func set(_ entry: BuddyEntry, to text: String) {
    guard let existing = root.buddyValue(at: entry.path) else {
      complain("Set: Entry, \"\(entry.text)\", Does Not Exist")
      return
    }
    guard !existing.isBuddyContainer else {
      complain("Set: Cannot Perform Set On Containers")
      return
    }
    let new: PropertyList
    do {
      new = try Self.value(like: existing, from: text)
    } catch {
      say(error.message)
      return
    }
    _ = root.withBuddyValue(at: entry.path[...], creating: false) { $0 = new }
  }

  /// A value of `existing`'s type read from `text` (a UID reads as an integer).
  static func value(like existing: PropertyList, from text: String) throws(BuddyType.FormatError) -> PropertyList {
    guard let type = BuddyType(of: existing) else {
      guard let integer = BuddyType.leadingInteger(text), let uid = integer.uint64Value else { throw .integer }
      return .uid(uid)
    }
    return try type.value(from: text)
  }

  /// `Add ENTRY TYPE [VALUE]`.
  mutating func add(_ entry: BuddyEntry, _ type: BuddyType, _ text: String) {
    let value: PropertyList
    do {
      value = try type.value(from: text)
    } catch {
      say(error.message)
      return
    }
    place(value, at: entry, command: "Add")
  }

  /// `Copy SOURCE DESTINATION`.
  mutating func copy(_ source: BuddyEntry, to destination: BuddyEntry) {
    guard let value = root.buddyValue(at: source.path) else {
      complain("Copy: Entry, \"\(source.text)\", Does Not Exist")
      return
    }
    // With no destination macOS does nothing, unless the source is the root too: the empty
    // destination then names the root, which exists.
    guard !destination.text.isEmpty || source.path.isEmpty else { return }
    let before = root
    place(value, at: destination, command: "Copy")
    // A copy shares the source's storage, so copying a container into itself again and again
    // doubles what the file holds each time at no cost in memory, until it is written out.
    do throws(PropertyListError) {
      try PropertyListWritingOptions(maximumOutputSize: maximumOutputSize).checkExpansion(
        of: root, weights: .leastOutput(of: .xml, options: .default), format: nil, what: "the file written as XML")
    } catch {
      root = before
      complain("Copy: \(error.message)")
    }
  }

  /// Puts a new value at `entry` for `Add` and `Copy`: into a dictionary under the last
  /// component (creating the dictionaries above it), into an array before the index given, or
  /// at its end for an empty or too large index. An entry of no text at all names the root,
  /// which always exists (`:` names the empty key, or the end of a root array).
  mutating func place(_ value: PropertyList, at entry: BuddyEntry, command: String) {
    let name = entry.name
    guard !entry.text.isEmpty else {
      complain("\(command): \"\" Entry Already Exists")
      return
    }
    // Checked before the walk below makes the dictionaries above the entry: a long entry makes
    // as many of them as it has components.
    guard fitsDepthLimit(value, inside: entry.parentPath.count + 1, entry: entry, command: command) else { return }
    let placement = root.withBuddyValue(at: entry.parentPath[...], creating: true) { parent -> Placement in
      let added = parent.withDictionary { dictionary -> Placement in
        guard dictionary[name] == nil else { return .exists }
        _ = dictionary.updateValue(value, forKey: name)
        return .added
      }
      return added
        ?? parent.withArray { elements -> Placement in
          let index: Int
          if name.isEmpty {
            index = elements.count
          } else if let given = PropertyList.buddyIndex(name) {
            index = min(given, elements.count)
          } else {
            return .cannotAdd
          }
          elements.insert(value, at: index)
          return .added
        } ?? .cannotAdd
    }
    switch placement {
    case .added: break
    case .exists: complain("\(command): \"\(entry.text)\" Entry Already Exists")
    case .cannotAdd: complain("\(command): Can't Add Entry, \"\(entry.text)\", to Parent")
    case nil:
      // macOS reports this and still exits 0.
      output.write(Array("\(command): Entry, \"\(entry.text)\", Incorrectly Specified\n".utf8), to: .standardError)
    }
  }

  /// False, with the reason on standard error, when `value` put inside `containers` arrays and
  /// dictionaries would nest deeper than the readers' depth limit: the file saved would not
  /// read back.
  mutating func fitsDepthLimit(
    _ value: PropertyList, inside containers: Int, entry: BuddyEntry, command: String
  ) -> Bool {
    do {
      try PropertyList.checkNesting(
        of: value, inside: containers, at: PropertyListKeyPath(components: entry.path), limits: Self.limits)
      return true
    } catch {
      complain(
        "\(command): Can't Add Entry, \"\(entry.text)\", Deeper Than The Depth Limit Of \(Self.limits.maximumDepth) Levels"
      )
      return false
    }
  }

  /// `Delete ENTRY`.
  mutating func delete(_ entry: BuddyEntry) {
    let path = entry.path
    guard let name = path.last else {
      // The root cannot be deleted; macOS says so in these words and goes on.
      say("Working Container has become Invalid.  Setting to :")
      return
    }
    let removed = root.withBuddyValue(at: path.dropLast()[...], creating: false) { parent -> Bool in
      parent.withDictionary { $0.removeValue(forKey: name) != nil }
        ?? parent.withArray { elements -> Bool in
          guard let index = PropertyList.buddyIndex(name), index < elements.count else { return false }
          elements.remove(at: index)
          return true
        } ?? false
    }
    if removed != true { complain("Delete: Entry, \"\(entry.text)\", Does Not Exist") }
  }
}
