#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A TCP socket listening on 127.0.0.1 at a free port, to prove that nothing connects to it.
final class LocalListener {
  struct Failure: Error {}

  private let descriptor: Int32
  /// The port it listens on.
  let port: UInt16

  init() throws {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw Failure() }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
    }
    guard bound == 0, listen(descriptor, 16) == 0 else {
      close(descriptor)
      throw Failure()
    }
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    guard named == 0 else {
      close(descriptor)
      throw Failure()
    }
    self.descriptor = descriptor
    port = UInt16(bigEndian: address.sin_port)
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
  }

  /// `http://127.0.0.1:PORT/path`.
  func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

  /// True when something has connected since the listener opened (the kernel completes the
  /// handshake even when nobody accepts, so a client that tried is always seen).
  var wasContacted: Bool {
    let connection = accept(descriptor, nil, nil)
    guard connection >= 0 else { return false }
    close(connection)
    return true
  }

  /// Connects to the listener and hangs up, as a client fetching a URL would start.
  func connectOnce() throws {
    #if canImport(Glibc)
      let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let client = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard client >= 0 else { throw Failure() }
    defer { close(client) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw Failure() }
  }

  deinit { close(descriptor) }
}
