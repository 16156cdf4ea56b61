import Synchronization

/// Values that the process never frees.
///
/// Releasing a value read from a large file walks and frees every one of its millions of
/// strings, arrays and dictionaries: a tenth of a conversion's time, spent just before the
/// process exits and the operating system reclaims all of its memory at once. A job that
/// handles one file hands its value here instead; jobs over many files do not, so that each
/// value's memory is returned as soon as that file is done.
package enum ExitTimeRelease {
  private static let kept = Mutex<[PropertyList]>([])

  /// Keeps `value` alive until the process exits.
  package static func keepUntilExit(_ value: PropertyList) {
    kept.withLock { $0.append(value) }
  }
}
