import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A progress bar on standard error for long work: many files, or inputs over 50 MB. Only
/// on a terminal, so pipes, logs and tests never see it; cleared when the work ends. The bar
/// counts finished files and shows the elapsed time, redrawn twice a second, so one large
/// file (which the readers parse in one go) still shows that work goes on.
final class ProgressReporter: Sendable {
  /// Work below these sizes finishes too fast to need a bar.
  static let fileCountThreshold = 16
  static let byteThreshold = 50 << 20

  private let isVisible: Bool
  private let label: String
  private let done = Atomic<Int>(0)
  private let lastDrawn = Mutex<(percent: Int, time: Double)>((-1, 0))
  private let start = ProgressReporter.now()

  /// Makes a reporter; `visible` false makes every call a no-op.
  init(visible: Bool, label: String) {
    isVisible = visible
    self.label = label
  }

  /// A reporter for converting or checking `files`: visible on a terminal when there are
  /// many or they are large.
  static func forFiles(_ files: [String]) -> ProgressReporter {
    guard Terminal.isTerminal(2) else { return ProgressReporter(visible: false, label: "") }
    var total = 0
    for file in files where file != "-" { total += FileSystem.size(of: file) ?? 0 }
    let visible = files.count >= fileCountThreshold || total >= byteThreshold
    return ProgressReporter(visible: visible, label: files.count == 1 ? files[0] : "\(files.count) files")
  }

  /// Runs the jobs in parallel (see ``ParallelMap``), advancing the bar as each finishes.
  func map<Result: Sendable>(count: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
    draw(completed: 0, total: count)
    let ticker = isVisible ? DispatchSource.makeTimerSource(queue: .global()) : nil
    if let ticker {
      ticker.schedule(deadline: .now() + 0.5, repeating: 0.5)
      ticker.setEventHandler { [self] in
        draw(completed: done.load(ordering: .relaxed), total: count, tick: true)
      }
      ticker.resume()
    }
    let results = ParallelMap.map(count: count) { index in
      let result = body(index)
      let completed = done.add(1, ordering: .relaxed).newValue
      draw(completed: completed, total: count)
      return result
    }
    ticker?.cancel()
    finish()
    return results
  }

  private static func now() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  private func draw(completed: Int, total: Int, tick: Bool = false) {
    guard isVisible, total > 0 else { return }
    let percent = completed * 100 / total
    let seconds = Self.now()
    let shouldDraw = lastDrawn.withLock { last in
      let changed = percent != last.percent && (seconds - last.time >= 0.05 || completed == total || completed == 0)
      guard changed || tick else { return false }
      last = (percent, seconds)
      return true
    }
    guard shouldDraw else { return }
    let width = 30
    let filled = completed * width / total
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    let elapsed = Int((seconds - start) * 10)
    StandardError.write("\r\(label) [\(bar)] \(completed)/\(total) \(percent)% \(elapsed / 10).\(elapsed % 10)s")
  }

  private func finish() {
    guard isVisible else { return }
    StandardError.write("\r\u{1B}[K")
  }
}
