#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The advisory lock an in-place edit holds on its file from before it reads the file until
/// after the new file is renamed over it, so that two editors that both take it run one after
/// the other and neither loses the other's change.
///
/// The lock is a `flock` on the file itself, not on a lock file beside it, so that no stray
/// file is left in the folder. Because an atomic write gives the name to a new file, an editor
/// that waited for the lock may hold it on the file that was just replaced: after locking, it
/// checks that the path still names the file it locked (same device and inode) and otherwise
/// locks the file the path names now. The edit then reads the path, which is that file.
///
/// Only editors that take the lock wait for each other: a program that does not (a text
/// editor, another tool) can still replace the file between an edit's read and its write, and
/// one of the two changes is lost, as without the lock; the file is never torn either way.
package enum FileEditLock {
  /// Runs `body` while holding the lock on the regular file at `path` (symbolic links
  /// followed). Where there is no regular file to lock (a new name, standard input, a FIFO) or
  /// the file system cannot lock, `body` runs without the lock.
  package static func whileLocked<Result, Failure: Error>(
    _ path: String, _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let descriptor = lock(path)
    defer { if descriptor >= 0 { _ = closeDescriptor(descriptor) } }
    return try body()
  }

  /// The descriptor holding the lock on the file `path` names, or -1.
  private static func lock(_ path: String) -> Int32 {
    // Each round follows one replacement of the file; an editor that does not lock could
    // replace it forever, so the rounds are counted, and the edit goes on unlocked after them.
    for _ in 0..<1000 {
      // Non-blocking, so that a FIFO put in the file's place is not waited on.
      let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
      guard descriptor >= 0 else { return -1 }
      var locked = stat()
      guard fstat(descriptor, &locked) == 0, (locked.st_mode & S_IFMT) == S_IFREG, exclusiveLock(descriptor) else {
        _ = closeDescriptor(descriptor)
        return -1
      }
      var current = stat()
      if stat(path, &current) == 0, current.st_dev == locked.st_dev, current.st_ino == locked.st_ino {
        return descriptor
      }
      // Replaced while this editor waited: the lock is on a file that has lost its name.
      _ = closeDescriptor(descriptor)
    }
    return -1
  }

  private static func exclusiveLock(_ descriptor: Int32) -> Bool {
    while flock(descriptor, LOCK_EX) != 0 {
      if errno != EINTR { return false }
    }
    return true
  }
}

/// `close` under another name, as in ``SystemFile``.
private func closeDescriptor(_ descriptor: Int32) -> Int32 { close(descriptor) }
