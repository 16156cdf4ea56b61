import PlistKit

/// The check of the commands that print a value in full by walking it (`print`, `textconv`).
enum ExpansionCheck {
  /// Refuses `value` when printing it would write out more values than a file of the readers'
  /// size limit could hold: a binary plist may share one container from many places, and a
  /// printed tree cannot share.
  static func refuseSharingBomb(_ value: PropertyList, path: String) throws(CommandError) {
    let limit = PropertyListLimits.default.maximumObjectCount
    guard value.expandedValueCount(upTo: limit) != nil else {
      throw CommandError.file(
        path,
        PropertyListError(
          .limitExceeded,
          "the value holds more than \(limit) values once its shared arrays and dictionaries are written out"))
    }
  }
}
