import PlistKit

extension PropertyListDiff {
  /// The differences between two binary property lists, compared straight from their object
  /// tables: only the parts that differ are made into values, so that a diff of two large
  /// files needs little more memory than the files (``differences(from:to:)`` holds both
  /// values whole). The differences are those ``differences(from:to:)`` gives for the files'
  /// values, unless the alignment of arrays runs out of its budget
  /// (``PropertyListDiffOptions/alignmentBudget``), where this one may align a little further.
  ///
  /// Nil when this way does not apply, and the values are to be read and compared as usual:
  /// either file is not a valid binary property list (the reader then reports why), a
  /// container is referenced from two places or a dictionary repeats a key, the files differ
  /// and either is a keyed archive (`$archiver`) or a project file (`rootObject`), or the
  /// options report key order or ignore paths.
  public func differences(
    fromBinary old: UnsafeRawBufferPointer, to new: UnsafeRawBufferPointer, limits: PropertyListLimits = .default
  ) -> [PropertyListDifference]? {
    guard !options.reportsKeyOrder, options.ignoredPaths.isEmpty, BinaryPropertyListObjects.startsWithHeader(old),
      BinaryPropertyListObjects.startsWithHeader(new),
      let values = BinaryDiffValues(old: old, new: new, limits: limits)
    else { return nil }
    let special = ["$archiver", "rootObject"]
    for value in [values.old, values.new] {
      if let keys = value.dictionaryValue?.keys, keys.contains(where: { key in special.contains { $0 == key } }) {
        return nil
      }
    }
    var inner = options
    inner.standIns = values.standIns
    inner.alignmentBudget = options.alignmentBudget ?? SequenceAlignment.defaultBudget(values.valueCount)
    let differences = PropertyListDiff(options: inner).differences(from: values.old, to: values.new)
    // A stand-in is only ever compared with its twin; if one were reported, the diff would
    // not be the whole values' diff.
    guard !differences.contains(where: { values.holdsStandIn($0.oldValue) || values.holdsStandIn($0.newValue) })
    else { return nil }
    return differences
  }
}
