import PlistKit

extension CommandSpec {
  /// `plistkit insert`: add a value at a key path that does not exist yet.
  static let insert = CommandSpec(
    name: "insert",
    abstract: "Insert a new value at a key path, in place.",
    discussion: """
      Like `plutil -insert`: in a dictionary the key must not exist yet; in an array the value \
      goes before the given index (the count appends). With --append, KEYPATH names an array and \
      the value goes at its end. The file keeps its format, key order and permissions.
      """,
    options: [EditSupport.type.spec, InsertOptions.append.spec] + EditSupport.options,
    arguments: EditSupport.valueArguments,
    examples: [
      Example(
        command: "plistkit insert Samples/computers.plist 0 NeXTcube --type string -o -",
        explanation: "Put a new first computer, printing the result."),
      Example(
        command: "plistkit insert Samples/sortednames.plist A Zed --type string --append -o names.plist",
        explanation: "Add a name at the end of the A list, into a new file."),
    ],
    exitCodes: EditSupport.exitCodes,
    run: { context in
      let newValue = try EditSupport.newValue(context)
      return try EditSupport.edit(context, .insert(newValue, append: context[InsertOptions.append]))
    }
  )
}

/// The options of `insert`.
private enum InsertOptions {
  static let append = Option.flag("append", short: "a", help: "KEYPATH names an array: add the value at its end.")
}
