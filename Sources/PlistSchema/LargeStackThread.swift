#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs work that recurses deeply on a thread of its own, whose stack has a size chosen for it.
///
/// The caller's stack is unknown: the main thread has 8 MB, a Swift concurrency or Dispatch
/// worker far less, and AddressSanitizer makes every frame larger. A thread made here has a
/// stack of the size asked for, so a depth bound can be measured against it once and holds
/// wherever the work is started from.
enum LargeStackThread {
  /// Runs `body` on a new thread with a stack of `stackSize` bytes and waits for it.
  ///
  /// Returns nil, without running `body`, when the system refuses to make the thread
  /// (too many threads, or no address space left for the stack).
  static func run<Result>(stackSize: Int, _ body: () -> Result) -> Result? {
    var result: Result? = nil
    let ran = withoutActuallyEscaping({ result = body() }) { work in
      start(Work(work), stackSize: stackSize)
    }
    return ran ? result : nil
  }

  /// The closure a thread runs, boxed so that it passes through `pthread_create`'s context
  /// pointer. The thread is joined before the closure's captures go away.
  private final class Work {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
  }

  private static func start(_ work: Work, stackSize: Int) -> Bool {
    var attributes = pthread_attr_t()
    guard pthread_attr_init(&attributes) == 0 else { return false }
    defer { pthread_attr_destroy(&attributes) }
    guard pthread_attr_setstacksize(&attributes, stackSize) == 0 else { return false }
    let context = Unmanaged.passRetained(work).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t? = nil
    #else
      var thread = pthread_t()
    #endif
    let created = pthread_create(
      &thread, &attributes,
      { context in
        Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().run()
        return nil
      }, context)
    guard created == 0 else {
      Unmanaged<Work>.fromOpaque(context).release()
      return false
    }
    #if canImport(Darwin)
      pthread_join(thread!, nil)
    #else
      pthread_join(thread, nil)
    #endif
    return true
  }
}
