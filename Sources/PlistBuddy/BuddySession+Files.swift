import PlistKit

extension BuddySession {
  /// Writes the value to the file; false (with the reason on standard error) when it could not.
  mutating func save() -> Bool {
    do {
      try files.save(root, to: path)
      return true
    } catch {
      complain("Cannot Write File: \(path) (\(error.reason))")
      return false
    }
  }

  /// `Revert`: the file as last saved, or an empty dictionary when there is none yet.
  mutating func revert() {
    hasUnsavedChanges = false
    guard files.fileExists(path) else {
      root = .dictionary(PropertyListDictionary())
      return
    }
    do {
      root = try files.readPropertyList(path)
    } catch {
      report(error, path: path)
      say("Error Reading File: \(path)")
      hasFailed = true
    }
  }

  /// `Merge FILE [ENTRY]`: the entries of FILE's dictionary are added to a dictionary (keys it
  /// already has are kept as they are), the elements of FILE's array appended to an array; a
  /// file whose root is no container is appended to an array as one element, or added to a
  /// dictionary under the empty key.
  mutating func merge(_ file: String, into entry: BuddyEntry) {
    guard let target = root.buddyValue(at: entry.path) else {
      complain("Merge: \"\(entry.text)\" Entry Does Not Exist")
      return
    }
    guard target.isBuddyContainer else {
      complain("Merge: Specified Entry Must Be a Container")
      return
    }
    guard let source = read(file, for: "Merge", with: files.readPropertyList) else { return }
    switch (target, source) {
    case (.array, .dictionary): complain("Merge: Can't Add dict Entries to array")
    case (.dictionary, .array): complain("Merge: Can't Add array Entries to dict")
    // The entries of a container go into the target, one level above where they were.
    case _ where !fitsDepthLimit(source, inside: entry.path.count, entry: entry, command: "Merge"): break
    default:
      _ = root.withBuddyValue(at: entry.path[...], creating: false) { container in
        _ = container.withDictionary { dictionary in
          guard case .dictionary(let additions) = source else {
            if dictionary[""] == nil { _ = dictionary.updateValue(source, forKey: "") }
            return
          }
          for (key, value) in additions where dictionary[key] == nil { _ = dictionary.updateValue(value, forKey: key) }
        }
        _ = container.withArray { elements in
          guard case .array(let additions) = source else { return elements.append(source) }
          elements.append(contentsOf: additions)
        }
      }
    }
  }

  /// `Import ENTRY FILE`: FILE's bytes become the value at ENTRY, which keeps its type when it
  /// exists (the bytes read as its VALUE) and is added as data when it does not.
  mutating func importFile(_ file: String, into entry: BuddyEntry) {
    let existing = root.buddyValue(at: entry.path)
    if let existing, existing.isBuddyContainer {
      complain("Import: Specified Entry Must Not Be a Container")
      return
    }
    guard let bytes = read(file, for: "Import", with: files.readBytes) else { return }
    guard let existing else {
      place(.data(bytes), at: entry, command: "Import")
      return
    }
    let new: PropertyList
    if case .data = existing {
      new = .data(bytes)
    } else {
      do {
        new = try Self.value(like: existing, from: String(decoding: bytes, as: UTF8.self))
      } catch {
        say(error.message)
        return
      }
    }
    _ = root.withBuddyValue(at: entry.path[...], creating: false) { $0 = new }
  }

  /// What `read` makes of `file` for `command`, or nil once the file's error is reported and
  /// `COMMAND: Error Reading File: FILE` complained, as PlistBuddy does for every file it reads.
  private mutating func read<Value>(
    _ file: String, for command: String, with read: (String) throws(BuddyFileError) -> Value
  ) -> Value? {
    do {
      return try read(file)
    } catch {
      report(error, path: file)
      complain("\(command): Error Reading File: \(file)")
      return nil
    }
  }
}
