#if canImport(Glibc)
  import Glibc
#endif

/// Whether the tests, and so the CLI they run, are built with AddressSanitizer
/// (`swift test --sanitize=address`).
///
/// Asked of the sanitizer runtime itself rather than of a flag someone must remember to set:
/// an instrumented program carries `__asan_init` and exports it. The CLI is built by the same
/// `swift build` as the tests, with the same sanitizer (`PLISTKIT_BINARY`, when set, must name a
/// binary built the same way).
enum AddressSanitizer {
  static let isActive: Bool = {
    guard let program = dlopen(nil, RTLD_NOW) else { return false }
    defer { dlclose(program) }
    return dlsym(program, "__asan_init") != nil
  }()

  /// How much slower an instrumented CLI may be than a plain one: every memory access is
  /// checked against shadow memory, every allocation gets red zones, and starting up maps the
  /// shadow. On the hostile inputs a debug CLI with AddressSanitizer took 1.6 to 4 times the
  /// CPU of a plain debug CLI, at most 0.07 s against 0.015 s (on a truncated sample), most
  /// of it the sanitizer's start.
  static let slowdown = 5.0
}
