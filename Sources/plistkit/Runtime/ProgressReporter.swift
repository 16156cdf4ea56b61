import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A progress bar on standard error for long work: many files, or inputs over 50 MB. Only
/// on a terminal, so pipes, logs and tests never see it; cleared when the work ends.
final class ProgressReporter: Sendable {
  /// Work below these sizes finishes too fast to need a bar.
  static let fileCountThreshold = 16
  static let byteThreshold = 50 << 20

  private let isVisible: Bool
  private let label: String
  private let done = Atomic<Int>(0)
  private let lastDrawn = Mutex<(percent: Int, time: Double)>((-1, 0))

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
    let results = ParallelMap.map(count: count) { index in
      let result = body(index)
      let completed = done.add(1, ordering: .relaxed).newValue
      draw(completed: completed, total: count)
      return result
    }
    finish()
    return results
  }

  private func draw(completed: Int, total: Int) {
    guard isVisible, total > 0 else { return }
    let percent = completed * 100 / total
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    let seconds = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    let shouldDraw = lastDrawn.withLock { last in
      guard percent != last.percent, seconds - last.time >= 0.05 || completed == total || completed == 0 else {
        return false
      }
      last = (percent, seconds)
      return true
    }
    guard shouldDraw else { return }
    let width = 30
    let filled = completed * width / total
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    StandardError.write("\r\(label) [\(bar)] \(completed)/\(total) \(percent)%")
  }

  private func finish() {
    guard isVisible else { return }
    StandardError.write("\r\u{1B}[K")
  }
}
