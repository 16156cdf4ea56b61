import Dispatch

/// Runs independent jobs (one per input file) on all cores and returns their results in
/// input order, so output order never depends on scheduling.
enum ParallelMap {
  /// `body(0) … body(count - 1)`, concurrently; results in index order.
  static func map<Result: Sendable>(count: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
    guard count > 1 else { return (0..<count).map(body) }
    let slots = Slots<Result>(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { index in
      slots.store(body(index), at: index)
    }
    return slots.results()
  }

  /// One slot per job; each job writes only its own, so no lock is needed.
  private final class Slots<Result>: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<Result?>
    private let count: Int

    init(count: Int) {
      self.count = count
      storage = .allocate(capacity: count)
      storage.initialize(repeating: nil, count: count)
    }

    deinit {
      storage.deinitialize(count: count)
      storage.deallocate()
    }

    func store(_ result: Result, at index: Int) { storage[index] = result }

    func results() -> [Result] { (0..<count).map { storage[$0]! } }
  }
}
