import Synchronization

/// The settings of a coder, behind a lock: the coders are `Sendable`, as Foundation's are, so
/// one may be shared between tasks. A setting is read or written under the lock by its key
/// path, and each coding takes a ``snapshot`` once when it starts, so that changing a setting
/// never affects a coding in progress and no value of a document takes the lock.
struct CoderSettings<Settings: Sendable>: ~Copyable, Sendable {
  private let storage: Mutex<Settings>

  init(_ settings: Settings) {
    storage = Mutex(settings)
  }

  /// One setting.
  subscript<Value: Sendable>(setting: WritableKeyPath<Settings, Value>) -> Value {
    get { storage.withLock { $0[keyPath: setting] } }
    nonmutating set { storage.withLock { $0[keyPath: setting] = newValue } }
  }

  /// The settings as they are now, read under the lock once.
  var snapshot: Settings { storage.withLock { $0 } }

  /// Changes the settings under the lock, as one step.
  func update(_ change: (inout Settings) -> Void) {
    storage.withLock { change(&$0) }
  }
}
