import KeyedArchive
import PlistKit

extension CommandSpec {
  /// `plistkit set`: replace or add the value at a key path.
  static let set = CommandSpec(
    name: "set",
    abstract: "Set the value at a key path, in place.",
    discussion: """
      Like `plutil -replace`: the value at KEYPATH is replaced, or added when the last \
      component is missing (an index equal to the array's count appends; -1 is the last \
      element). Without --type, VALUE is read as the type of the value it replaces, which stays \
      (as PlistBuddy's Set does); a new value in an OpenStep file (.strings, project.pbxproj), \
      where every value is a string, is a string. A VALUE that starts with - goes after --: \
      `plistkit set FILE KEYPATH -- -ObjC`. The file keeps its format, its key order and its permissions, and is replaced \
      atomically; --output writes elsewhere instead. With --archive, KEYPATH walks the \
      archive's objects and a string, number, boolean or data value is stored as the archive \
      would store it.
      """,
    options: [EditSupport.typeToKeep.spec] + EditSupport.options + [SharedOptions.archive.spec],
    arguments: EditSupport.valueArguments,
    examples: [
      Example(
        command: "plistkit set Info.plist CFBundleVersion 42 --type string",
        explanation: "Set a string."),
      Example(
        command: "plistkit set Samples/computers.plist 0 'Apple I' -o -",
        explanation: "Replace a string with a string: without --type, the type stays."),
      Example(
        command: "plistkit set Samples/computers.plist 0 '\"Apple II\"' --type json -o -",
        explanation: "Replace the first computer, printing the result instead of changing the file."),
      Example(
        command:
          "plistkit set --archive Samples/Presidents.plist Presidents.0.Party Independent --type string -o p.plist",
        explanation: "Change a field of an archived object, writing a new archive."),
    ],
    exitCodes: EditSupport.exitCodes,
    run: { context in
      // The value whose type VALUE keeps is read under the lock too: it is the same reading.
      try EditSupport.whileEditing(context) {
        let (newValue, input) = try EditSupport.replacement(context)
        if context[SharedOptions.archive] {
          return try EditSupport.editArchive(context, input: input) { (graph, keyPath) throws(KeyedArchiveError) in
            try graph.setValue(newValue, at: keyPath)
          }
        }
        return try EditSupport.edit(context, .set(newValue), input: input)
      }
    }
  )
}
