import KeyedArchive
import PlistKit

extension CommandSpec {
  /// `plistkit insert`: add a value at a key path that does not exist yet.
  static let insert = CommandSpec(
    name: "insert",
    abstract: "Insert a new value at a key path, in place.",
    discussion: """
      Like `plutil -insert`: in a dictionary the key must not exist yet; in an array the value \
      goes before the element the index names (the count appends; a negative index counts from \
      the end, so -1 puts it before the last element, as Python's list.insert does). With \
      --append, KEYPATH names an array and the value goes at its end. In an OpenStep file \
      (.strings, project.pbxproj), where every value is a string, VALUE is a string without \
      --type. The file keeps its format, key order and permissions. With \
      --archive, KEYPATH walks the archive's objects: a new field, NSDictionary entry or NSArray \
      element gets a string, number, boolean or data value, stored as the archive would store it.
      """,
    options: [EditSupport.type.spec, InsertOptions.append.spec] + EditSupport.options + [SharedOptions.archive.spec],
    arguments: EditSupport.valueArguments,
    examples: [
      Example(
        command: "plistkit insert Samples/computers.plist 0 NeXTcube --type string -o -",
        explanation: "Put a new first computer, printing the result."),
      Example(
        command: "plistkit insert Samples/sortednames.plist A Zed --type string --append -o names.plist",
        explanation: "Add a name at the end of the A list, into a new file."),
      Example(
        command:
          "plistkit insert --archive Samples/Presidents.plist Presidents.0.Nickname 'Father of His Country' --type string -o p.plist",
        explanation: "Add a field to an archived object, writing a new archive."),
    ],
    exitCodes: EditSupport.exitCodes,
    run: { context in
      let append = context[InsertOptions.append]
      // The file read to tell whether VALUE needs --type is read under the lock too: it is the
      // same reading.
      return try EditSupport.whileEditing(context) {
        let (newValue, input) = try EditSupport.insertion(context)
        if context[SharedOptions.archive] {
          return try EditSupport.editArchive(context, input: input) { (graph, keyPath) throws(KeyedArchiveError) in
            try graph.insertValue(newValue, at: keyPath, append: append)
          }
        }
        return try EditSupport.edit(context, .insert(newValue, append: append), input: input)
      }
    }
  )
}

/// The options of `insert`.
private enum InsertOptions {
  static let append = Option.flag("append", short: "a", help: "KEYPATH names an array: add the value at its end.")
}
